import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, allocationOccupancies, allocations, planningResources, spaces } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const url = (suffix = "") => `/api/v1/accounts/${team.account.id}/spaces${suffix}`;

const spaceKeys = [
  "id",
  "name",
  "description",
  "resource_id",
  "parent_id",
  "venue_id",
  "knowledgebase_id",
  "gallery_knowledgebase_id",
  "position",
  "active",
  "square_meters",
  "theater",
  "classroom",
  "standing",
  "banquet",
  "boardroom",
  "u_shape",
  "concert",
  "cocktail",
  "max_capacity_seated",
  "max_capacity_standing",
  "timezone",
  "working_hours_enabled",
  "schedule",
  "custom_attributes",
  "created_at",
  "updated_at",
].sort();
const requestOnly = ["available_from", "available_until", "out_of_office_message", "max_tentative_allocations", "tentative_expiry_minutes"];

const create = async (space: Record<string, unknown>, token = team.admin.token) => {
  const res = await api.post(url(), { token, body: { space } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; resource_id: string; name: string };
};

const errorFields = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field);

const expectInvalid = async (space: Record<string, unknown>, field: string, method: "post" | "patch" = "post", id?: string) => {
  const token = team.admin.token;
  const res = method === "post" ? await api.post(url(), { token, body: { space } }) : await api.patch(url(`/${id}`), { token, body: { space } });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(errorFields(res.body)).toContain(field);
  return res.body as { errors: { field: string; code: string; message: string }[] };
};

const hour = 3_600_000;

/** An allocation row as the allocations service writes it, with its occupancy on its own resource. */
const insertAllocation = async (space: { id: string; resource_id: string }, values: Partial<typeof allocations.$inferInsert> = {}) => {
  const startAt = values.startAt ?? new Date(Date.now() + 24 * hour);
  const endAt = values.endAt ?? new Date(startAt.getTime() + 2 * hour);
  const [row] = await getDb()
    .insert(allocations)
    .values({ accountId: team.account.id, spaceId: space.id, resourceId: space.resource_id, status: "confirmed", ...values, startAt, endAt })
    .returning();
  if (row!.status === "tentative" || row!.status === "confirmed") {
    await getDb().insert(allocationOccupancies).values({
      allocationId: row!.id,
      resourceId: space.resource_id,
      accountId: team.account.id,
      status: row!.status,
      startsAt: startAt,
      endsAt: endAt,
      expiresAt: row!.expiresAt,
    });
  }
  return row!;
};

const occupiedResources = async (allocationId: string) => {
  const rows = await getDb().select().from(allocationOccupancies).where(eq(allocationOccupancies.allocationId, allocationId));
  return rows.map((row) => row.resourceId).sort();
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("spaces", () => {
  it("creates a space with its planning resource and echoes exactly the interface's fields", async () => {
    const res = await api.post(url(), {
      token: team.admin.token,
      body: {
        space: {
          name: "Grand Hall",
          description: "Ground floor",
          position: 3,
          active: true,
          available_from: "2030-01-01",
          available_until: "2030-12-31",
          square_meters: 420,
          theater: 300,
          classroom: 150,
          standing: 400,
          banquet: 220,
          boardroom: 40,
          u_shape: 50,
          concert: 350,
          cocktail: 380,
          max_capacity_seated: 300,
          max_capacity_standing: 400,
          working_hours_enabled: true,
          timezone: "Europe/Amsterdam",
          out_of_office_message: "Closed for the season",
          max_tentative_allocations: 3,
          tentative_expiry_minutes: 2880,
          custom_attributes: { floor: 0 },
          schedule: { monday: { open: "08:00", close: "22:00" }, sunday: { open: "10:00", close: "24:00" } },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(spaceKeys);
    for (const key of requestOnly) expect(res.body).not.toHaveProperty(key);
    expect(res.body).toMatchObject({
      name: "Grand Hall",
      description: "Ground floor",
      parent_id: null,
      venue_id: null,
      knowledgebase_id: null,
      gallery_knowledgebase_id: null,
      position: 3,
      active: true,
      square_meters: 420,
      theater: 300,
      u_shape: 50,
      max_capacity_standing: 400,
      working_hours_enabled: true,
      timezone: "Europe/Amsterdam",
      custom_attributes: { floor: 0 },
      schedule: { monday: { open: "08:00", close: "22:00" }, sunday: { open: "10:00", close: "24:00" } },
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    expect(new Date(res.body.updated_at).toISOString()).toBe(res.body.updated_at);

    const [resource] = await getDb().select().from(planningResources).where(eq(planningResources.id, res.body.resource_id));
    expect(resource).toMatchObject({ accountId: team.account.id, kind: "space" });

    // The request-only settings are stored even though they are not echoed.
    const [row] = await getDb().select().from(spaces).where(eq(spaces.id, res.body.id));
    expect(row).toMatchObject({
      availableFrom: "2030-01-01",
      availableUntil: "2030-12-31",
      outOfOfficeMessage: "Closed for the season",
      maxTentativeAllocations: 3,
      tentativeExpiryMinutes: 2880,
    });

    const shown = await api.get(url(`/${res.body.id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(res.body);
  });

  it("defaults the time zone to UTC and fills nothing else in", async () => {
    const space = await create({ name: "Bare room" });
    expect(space).toMatchObject({
      timezone: "UTC",
      position: 0,
      active: true,
      working_hours_enabled: false,
      schedule: {},
      custom_attributes: {},
      theater: null,
    });
  });

  it("takes a form-urlencoded body", async () => {
    const res = await api.post(url(), {
      token: team.admin.token,
      form: {
        "space[name]": "Foyer",
        "space[theater]": "40",
        "space[active]": "false",
        "space[schedule][friday][open]": "09:00",
        "space[schedule][friday][close]": "17:30",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: "Foyer", theater: 40, active: false, schedule: { friday: { open: "09:00", close: "17:30" } } });
  });

  it("lists the account's spaces by position then name, with a count", async () => {
    const fresh = await makeTeam();
    const post = (space: Record<string, unknown>) =>
      api.post(`/api/v1/accounts/${fresh.account.id}/spaces`, { token: fresh.admin.token, body: { space } });
    await post({ name: "Zeta", position: 1 });
    await post({ name: "Alpha", position: 2 });
    await post({ name: "Beta", position: 1 });
    const list = await api.get(`/api/v1/accounts/${fresh.account.id}/spaces`, { token: fresh.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.spaces.map((s: { name: string }) => s.name)).toEqual(["Beta", "Zeta", "Alpha"]);
    expect(list.body.meta).toEqual({ count: 3 });
    for (const space of list.body.spaces) {
      expect(Object.keys(space).sort()).toEqual(spaceKeys);
      for (const key of requestOnly) expect(space).not.toHaveProperty(key);
    }
  });

  it("updates only the fields sent", async () => {
    const space = await create({ name: "Salon", theater: 80, description: "Upstairs", available_from: "2030-01-01" });
    const res = await api.patch(url(`/${space.id}`), {
      token: team.admin.token,
      body: { space: { description: null, classroom: 30, out_of_office_message: "Back soon" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: "Salon", theater: 80, description: null, classroom: 30 });
    expect(res.body).not.toHaveProperty("out_of_office_message");
    const [row] = await getDb().select().from(spaces).where(eq(spaces.id, space.id));
    expect(row).toMatchObject({ outOfOfficeMessage: "Back soon", availableFrom: "2030-01-01" });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
  });

  it("deletes a space, its finished allocations and its planning resource", async () => {
    const space = await create({ name: "Old annex" });
    const past = await insertAllocation(space, { startAt: new Date(Date.now() - 48 * hour), endAt: new Date(Date.now() - 46 * hour) });
    const cancelled = await insertAllocation(space, { status: "cancelled" });
    const lapsed = await insertAllocation(space, { status: "tentative", expiresAt: new Date(Date.now() - hour) });
    const res = await api.delete(url(`/${space.id}`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get(url(`/${space.id}`), { token: team.admin.token })).status).toBe(404);
    for (const allocation of [past, cancelled, lapsed]) {
      expect(await getDb().select().from(allocations).where(eq(allocations.id, allocation.id))).toEqual([]);
    }
    expect(await getDb().select().from(planningResources).where(eq(planningResources.id, space.resource_id))).toEqual([]);
  });

  it("refuses to delete a space with live allocations", async () => {
    const space = await create({ name: "Busy room" });
    const booking = await insertAllocation(space, { status: "confirmed" });
    const res = await api.delete(url(`/${space.id}`), { token: team.admin.token });
    expect(res.status).toBe(409);
    expect(res.body.description).toContain("Busy room has 1 live allocation");
    expect((await api.get(url(`/${space.id}`), { token: team.admin.token })).status).toBe(200);

    // A hold that never lapses blocks as well.
    await getDb().update(allocations).set({ status: "tentative", expiresAt: null }).where(eq(allocations.id, booking.id));
    expect((await api.delete(url(`/${space.id}`), { token: team.admin.token })).status).toBe(409);
    // Once cancelled it no longer does.
    await getDb().update(allocations).set({ status: "cancelled" }).where(eq(allocations.id, booking.id));
    await getDb().delete(allocationOccupancies).where(eq(allocationOccupancies.allocationId, booking.id));
    expect((await api.delete(url(`/${space.id}`), { token: team.admin.token })).status).toBe(200);
  });

  it("names what blocks deleting a space that contains others", async () => {
    const hall = await create({ name: "Hall AB" });
    const a = await create({ name: "Hall A", parent_id: hall.id });
    await create({ name: "Hall B", parent_id: hall.id });
    const res = await api.delete(url(`/${hall.id}`), { token: team.admin.token });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([]);
    expect(res.body.description).toBe("Hall AB contains other spaces: Hall A, Hall B");

    // A space that only names it as venue blocks it too (the foreign key would refuse).
    const venue = await create({ name: "Castle" });
    await create({ name: "Tower room", venue_id: venue.id });
    expect((await api.delete(url(`/${venue.id}`), { token: team.admin.token })).body.description).toBe("Castle contains other spaces: Tower room");

    // A leaf goes, and the occupancy its container's booking held on it goes with it.
    const booking = await insertAllocation(hall);
    await getDb().insert(allocationOccupancies).values({
      allocationId: booking.id,
      resourceId: a.resource_id,
      accountId: team.account.id,
      status: "confirmed",
      startsAt: booking.startAt,
      endsAt: booking.endAt,
    });
    expect((await api.delete(url(`/${a.id}`), { token: team.admin.token })).status).toBe(200);
    expect(await occupiedResources(booking.id)).toEqual([hall.resource_id]);
  });

  it("refuses hierarchy cycles", async () => {
    const top = await create({ name: "Level 1" });
    const middle = await create({ name: "Level 2", parent_id: top.id });
    const bottom = await create({ name: "Level 3", parent_id: middle.id });
    const own = await expectInvalid({ parent_id: top.id }, "parent_id", "patch", top.id);
    expect(own.errors[0]!.code).toBe("invalid");
    await expectInvalid({ parent_id: bottom.id }, "parent_id", "patch", top.id);
    await expectInvalid({ parent_id: middle.id }, "parent_id", "patch", top.id);
    await expectInvalid({ venue_id: top.id }, "venue_id", "patch", top.id);
    const [row] = await getDb().select().from(spaces).where(eq(spaces.id, top.id));
    expect(row!.parentId).toBeNull();

    // Moving down the tree the other way round is fine.
    const moved = await api.patch(url(`/${bottom.id}`), { token: team.admin.token, body: { space: { parent_id: top.id } } });
    expect(moved.status).toBe(200);
    expect(moved.body.parent_id).toBe(top.id);
  });

  it("refuses parents and venues that are not spaces of the account", async () => {
    const foreign = await api.post(`/api/v1/accounts/${other.account.id}/spaces`, { token: other.admin.token, body: { space: { name: "Theirs" } } });
    const unknown = "6f1c1c6e-8c53-4e8e-9a3c-3a8f7d2b1e01";
    for (const id of [foreign.body.id, unknown]) {
      const body = await expectInvalid({ name: "Orphan", parent_id: id }, "parent_id");
      expect(body.errors[0]).toMatchObject({ field: "parent_id", code: "invalid" });
      await expectInvalid({ name: "Orphan", venue_id: id }, "venue_id");
    }
    await expectInvalid({ name: "Orphan", parent_id: "not-a-uuid" }, "parent_id");
    const mine = await create({ name: "Mine" });
    await expectInvalid({ parent_id: foreign.body.id }, "parent_id", "patch", mine.id);
  });

  it("rewrites what the containers' bookings block when a space moves", async () => {
    const hall = await create({ name: "Moving hall" });
    const wing = await create({ name: "Moving wing" });
    const room = await create({ name: "Moving room", parent_id: wing.id });
    const hallBooking = await insertAllocation(hall);
    const wingBooking = await insertAllocation(wing, { startAt: new Date(Date.now() + 100 * hour) });
    await getDb().insert(allocationOccupancies).values({
      allocationId: wingBooking.id,
      resourceId: room.resource_id,
      accountId: team.account.id,
      status: "confirmed",
      startsAt: wingBooking.startAt,
      endsAt: wingBooking.endAt,
    });

    expect((await api.patch(url(`/${room.id}`), { token: team.admin.token, body: { space: { parent_id: hall.id } } })).status).toBe(200);
    expect(await occupiedResources(hallBooking.id)).toEqual([hall.resource_id, room.resource_id].sort());
    expect(await occupiedResources(wingBooking.id)).toEqual([wing.resource_id]);

    expect((await api.patch(url(`/${room.id}`), { token: team.admin.token, body: { space: { parent_id: null } } })).status).toBe(200);
    expect(await occupiedResources(hallBooking.id)).toEqual([hall.resource_id]);

    // A new space inside a booked one is blocked by that booking from the start.
    const alcove = await create({ name: "Alcove", parent_id: hall.id });
    expect(await occupiedResources(hallBooking.id)).toEqual([hall.resource_id, alcove.resource_id].sort());
  });

  it("refuses a move that would double-book and leaves the space where it was", async () => {
    const hall = await create({ name: "Clash hall" });
    const room = await create({ name: "Clash room" });
    const start = new Date(Date.now() + 200 * hour);
    await insertAllocation(hall, { startAt: start });
    await insertAllocation(room, { startAt: start });
    const res = await api.patch(url(`/${room.id}`), { token: team.admin.token, body: { space: { parent_id: hall.id } } });
    expect(res.status).toBe(409);
    const [row] = await getDb().select().from(spaces).where(eq(spaces.id, room.id));
    expect(row!.parentId).toBeNull();
  });

  it("names each invalid field with 422", async () => {
    const missing = await expectInvalid({ description: "no name" }, "name");
    expect(missing.errors[0]!.code).toBe("required");
    await expectInvalid({ name: "  " }, "name");
    const counts = ["square_meters", "theater", "classroom", "standing", "banquet", "boardroom", "u_shape", "concert", "cocktail"];
    for (const field of [...counts, "max_capacity_seated", "max_capacity_standing"]) await expectInvalid({ name: "Bad", [field]: -1 }, field);
    await expectInvalid({ name: "Bad", square_meters: 12.5 }, "square_meters");
    await expectInvalid({ name: "Bad", timezone: "Mars/Olympus_Mons" }, "timezone");
    await expectInvalid({ name: "Bad", max_tentative_allocations: 0 }, "max_tentative_allocations");
    await expectInvalid({ name: "Bad", tentative_expiry_minutes: 0 }, "tentative_expiry_minutes");
    await expectInvalid({ name: "Bad", available_from: "2030-13-01" }, "available_from");
    await expectInvalid({ name: "Bad", available_from: "2030-06-01", available_until: "2030-05-31" }, "available_until");
    await expectInvalid({ name: "Bad", schedule: { funday: { open: "09:00", close: "17:00" } } }, "schedule.funday");
    await expectInvalid({ name: "Bad", schedule: { monday: { open: "9:00", close: "17:00" } } }, "schedule.monday.open");
    await expectInvalid({ name: "Bad", schedule: { monday: { open: "24:00", close: "24:00" } } }, "schedule.monday.open");
    await expectInvalid({ name: "Bad", schedule: { monday: { open: "09:00", close: "24:30" } } }, "schedule.monday.close");
    await expectInvalid({ name: "Bad", schedule: { monday: { open: "09:00" } } }, "schedule.monday.close");
    await expectInvalid({ name: "Bad", schedule: { tuesday: "09:00-17:00" } }, "schedule.tuesday");
    await expectInvalid({ name: "Bad", schedule: ["monday"] }, "schedule");
    const overnight = await expectInvalid({ name: "Bad", schedule: { monday: { open: "22:00", close: "02:00" } } }, "schedule.monday.close");
    expect(errorFields(overnight)).toEqual(["schedule.monday.close"]);
    await expectInvalid({ name: "Bad", schedule: { monday: { open: "10:00", close: "10:00" } } }, "schedule.monday.close");

    // PATCH compares with what is stored.
    const space = await create({ name: "Dated", available_from: "2030-06-01" });
    await expectInvalid({ available_until: "2030-05-01" }, "available_until", "patch", space.id);
    await expectInvalid({ name: "" }, "name", "patch", space.id);
    expect((await api.patch(url(`/${space.id}`), { token: team.admin.token, body: { space: { available_until: "2030-06-01" } } })).status).toBe(200);
    expect(await getDb().select().from(spaces).where(and(eq(spaces.id, space.id), eq(spaces.name, "Dated")))).toHaveLength(1);
  });

  it("answers 404 for another account's space and for ids that are not UUIDs", async () => {
    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/spaces`, { token: other.admin.token, body: { space: { name: "Private" } } });
    for (const id of [theirs.body.id, "123", "not-a-uuid"]) {
      expect((await api.get(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
      expect((await api.patch(url(`/${id}`), { token: team.admin.token, body: { space: { name: "Mine now" } } })).status).toBe(404);
      expect((await api.delete(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
    }
    const [row] = await getDb().select().from(spaces).where(eq(spaces.id, theirs.body.id));
    expect(row!.name).toBe("Private");
    expect((await api.get(url(), { token: team.admin.token })).body.spaces.map((s: { id: string }) => s.id)).not.toContain(theirs.body.id);
    // A member of no account sees no spaces either.
    expect((await api.get(`/api/v1/accounts/${other.account.id}/spaces`, { token: team.admin.token })).status).toBe(404);
  });

  it("lets every member read but only planning_manage write; bots get 401", async () => {
    const space = await create({ name: "Guarded" });
    const token = team.agent.token;
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${space.id}`), { token })).status).toBe(200);
    const refused = await api.post(url(), { token, body: { space: { name: "Agent's own" } } });
    expect(refused.status).toBe(403);
    expect(refused.body.description).toContain("planning_manage");
    expect((await api.patch(url(`/${space.id}`), { token, body: { space: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${space.id}`), { token })).status).toBe(403);

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await create({ name: "Planner's room" }, planner.token);
    expect((await api.patch(url(`/${made.id}`), { token: planner.token, body: { space: { theater: 12 } } })).body.theater).toBe(12);
    expect((await api.delete(url(`/${made.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body: { space: { name: "Bot room" } } })).status).toBe(401);
    expect((await api.get(url(`/${space.id}`), { token: bot.token })).status).toBe(401);
  });
});
