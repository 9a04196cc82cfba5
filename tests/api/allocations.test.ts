import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { allocations, planningEvents, planningResources, spaces } from "@/db/schema";
import { setPlanningClock } from "@/lib/planning/clock";
import { sweepExpiredHolds } from "@/lib/planning/allocations/sweep-expired-holds";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
type Space = typeof spaces.$inferSelect;
let hall: Space; // Hall AB, containing A and B
let hallA: Space;
let hallB: Space;
let garden: Space;

const makeSpace = async (accountId: number, fields: Partial<typeof spaces.$inferInsert> & { name: string }) => {
  const [resource] = await getDb().insert(planningResources).values({ accountId }).returning();
  const [space] = await getDb()
    .insert(spaces)
    .values({ accountId, resourceId: resource!.id, ...fields })
    .returning();
  return space!;
};

const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute)).toISOString();
const book = (body: Record<string, unknown>, token = team.admin.token) => api.post(`${base}/planning/allocations`, { token, body: { allocation: body } });
const search = (body: Record<string, unknown>) => api.post(`${base}/planning/allocations/find_available_slots`, { token: team.agent.token, body });

beforeAll(async () => {
  team = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  const accountId = team.account.id;
  hall = await makeSpace(accountId, { name: "Hall AB", position: 1 });
  hallA = await makeSpace(accountId, { name: "Hall A", parentId: hall.id, venueId: hall.id, position: 2 });
  hallB = await makeSpace(accountId, { name: "Hall B", parentId: hall.id, venueId: hall.id, position: 3 });
  garden = await makeSpace(accountId, { name: "Garden", position: 4, maxTentativeAllocations: 2, tentativeExpiryMinutes: 60 });
});

afterEach(() => setPlanningClock(null));

describe("allocations: create, show, update, delete", () => {
  it("creates a hold with the DESIGN.md fields, shows it, and answers 404 across accounts", async () => {
    const created = await book({ space_id: hallA.id, start_at: at(4, 9), end_at: at(4, 12), title: "Board meeting", stage: "event", metadata: { po: "42" } });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(
      [
        "id", "space_id", "resource_id", "event_id", "start_at", "end_at", "buffer_before_min", "buffer_after_min", "title", "description",
        "category", "status", "stage", "sequence", "metadata", "expires_at", "created_at", "updated_at", "warnings",
      ].sort(),
    );
    expect(created.body).toMatchObject({
      space_id: hallA.id,
      resource_id: hallA.resourceId,
      status: "tentative",
      sequence: 1,
      start_at: "2027-01-04T09:00:00.000Z",
      expires_at: null,
      metadata: { po: "42" },
    });
    const shown = await api.get(`${base}/planning/allocations/${created.body.id}`, { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body.warnings).toBeUndefined();
    const other = await makeTeam();
    expect((await api.get(`/api/v1/accounts/${other.account.id}/planning/allocations/${created.body.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get(`${base}/planning/allocations/not-a-uuid`, { token: team.admin.token })).status).toBe(404);
    // Another account's space is not a target here.
    const foreign = await makeSpace(other.account.id, { name: "Elsewhere" });
    const refused = await book({ space_id: foreign.id, start_at: at(4, 9), end_at: at(4, 10) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("space_id");
  });

  it("targets by resource_id as well as space_id", async () => {
    const created = await book({ resource_id: hallB.resourceId, start_at: at(5, 9), end_at: at(5, 10) });
    expect(created.status).toBe(200);
    expect(created.body.space_id).toBe(hallB.id);
  });

  it("names the field of every invalid input (422)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start_at: at(6, 9), end_at: at(6, 10) }, "space_id"],
      [{ space_id: hallA.id, start_at: "tomorrow", end_at: at(6, 10) }, "start_at"],
      [{ space_id: hallA.id, start_at: at(6, 10), end_at: at(6, 9) }, "end_at"],
      [{ space_id: hallA.id, start_at: at(6, 9), end_at: at(6, 10), buffer_before_min: -5 }, "buffer_before_min"],
      [{ space_id: hallA.id, start_at: at(6, 9), end_at: at(6, 10), status: "expired" }, "status"],
      [{ space_id: hallA.id, start_at: at(6, 9), end_at: at(6, 10), event_id: "00000000-0000-4000-8000-000000000000" }, "event_id"],
      [{ space_id: "nope", start_at: at(6, 9), end_at: at(6, 10) }, "space_id"],
    ];
    for (const [body, field] of cases) {
      const response = await book(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await getDb().$count(allocations, sql`${allocations.startAt} >= ${at(6, 0)}::timestamptz and ${allocations.startAt} < ${at(7, 0)}::timestamptz`)).toBe(0);
  });

  it("lets agents read but not write without planning_manage", async () => {
    expect((await book({ space_id: hallA.id, start_at: at(7, 9), end_at: at(7, 10) }, team.agent.token)).status).toBe(403);
    const planner = await makeMember(team.account.id, "agent");
    await getDb().execute(sql`update account_users set permissions = array['planning_manage'] where user_id = ${planner.user.id}`);
    expect((await book({ space_id: hallA.id, start_at: at(7, 9), end_at: at(7, 10) }, planner.token)).status).toBe(200);
    const list = await api.get(`${base}/planning/allocations?start_at=${at(7, 0)}&end_at=${at(8, 0)}`, { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.allocations).toHaveLength(1);
  });

  it("lists by window with overlap semantics and filters, and refuses windows that are missing or too long", async () => {
    await book({ space_id: hallB.id, start_at: at(8, 22), end_at: at(9, 2), status: "confirmed" });
    await book({ space_id: hallB.id, start_at: at(9, 10), end_at: at(9, 11), status: "cancelled" });
    const list = async (query: string) => (await api.get(`${base}/planning/allocations?${query}`, { token: team.admin.token })).body;
    expect((await list(`start_at=${at(9, 0)}&end_at=${at(10, 0)}`)).allocations.map((a: { start_at: string }) => a.start_at)).toEqual([
      "2027-01-08T22:00:00.000Z",
      "2027-01-09T10:00:00.000Z",
    ]);
    // Touching the window's edge is not overlapping it.
    expect((await list(`start_at=${at(9, 2)}&end_at=${at(9, 10)}`)).allocations).toHaveLength(0);
    expect((await list(`start_at=${at(9, 0)}&end_at=${at(10, 0)}&status=confirmed`)).meta.count).toBe(1);
    expect((await list(`start_at=${at(9, 0)}&end_at=${at(10, 0)}&space_id=${hallA.id}`)).meta.count).toBe(0);
    const missing = await api.get(`${base}/planning/allocations?start_at=${at(9, 0)}`, { token: team.admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe("end_at");
    expect((await api.get(`${base}/planning/allocations?start_at=2027-01-01T00:00:00Z&end_at=2027-12-01T00:00:00Z`, { token: team.admin.token })).status).toBe(422);
  });

  it("lists each allocation exactly as its own page shows it, times to the millisecond", async () => {
    const hold = await book({ space_id: garden.id, start_at: at(20, 9), end_at: at(20, 11), title: "Tasting", metadata: { menu: "B" } });
    const confirmed = await book({ space_id: hallA.id, start_at: at(20, 12), end_at: at(20, 13), status: "confirmed" });
    expect(hold.status).toBe(200);
    // Times PostgreSQL keeps to the microsecond (and one late in a day, one early) are shown as a Date shows them: truncated to the millisecond.
    await getDb().execute(
      sql`update allocations set created_at = '2027-01-20 23:59:59.999999+00', updated_at = '2027-01-20 00:00:00.000501+00' where id = ${hold.body.id}`,
    );
    const listed = (await api.get(`${base}/planning/allocations?start_at=${at(20, 0)}&end_at=${at(21, 0)}`, { token: team.admin.token })).body.allocations;
    const shown = async (id: string) => (await api.get(`${base}/planning/allocations/${id}`, { token: team.admin.token })).body;
    expect(listed).toEqual([await shown(hold.body.id), await shown(confirmed.body.id)]);
    expect(listed[0]).toMatchObject({ created_at: "2027-01-20T23:59:59.999Z", updated_at: "2027-01-20T00:00:00.000Z", metadata: { menu: "B" } });
    expect(listed[0].expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listed[1].expires_at).toBeNull();
    // The garden's holds are counted by a later test.
    for (const id of [hold.body.id, confirmed.body.id]) expect((await api.delete(`${base}/planning/allocations/${id}`, { token: team.admin.token })).status).toBe(200);
  });

  it("updates, cancels (freeing the time) and deletes", async () => {
    const created = await book({ space_id: hallA.id, start_at: at(11, 9), end_at: at(11, 10), status: "confirmed" });
    const id = created.body.id;
    const moved = await api.patch(`${base}/planning/allocations/${id}`, { token: team.admin.token, body: { allocation: { start_at: at(11, 13), end_at: at(11, 15), title: "Moved" } } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start_at: "2027-01-11T13:00:00.000Z", title: "Moved", status: "confirmed" });
    expect((await book({ space_id: hallA.id, start_at: at(11, 9), end_at: at(11, 10), status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hallA.id, start_at: at(11, 14), end_at: at(11, 16), status: "confirmed" })).status).toBe(409);
    await api.patch(`${base}/planning/allocations/${id}`, { token: team.admin.token, body: { allocation: { status: "cancelled" } } });
    expect((await book({ space_id: hallA.id, start_at: at(11, 14), end_at: at(11, 16), status: "confirmed" })).status).toBe(200);
    expect((await api.delete(`${base}/planning/allocations/${id}`, { token: team.admin.token })).status).toBe(200);
    expect((await api.get(`${base}/planning/allocations/${id}`, { token: team.admin.token })).status).toBe(404);
  });
});

describe("double booking", () => {
  it("refuses a confirmed allocation over a confirmed one with 409 naming it, and a hold over it too", async () => {
    const first = await book({ space_id: hallA.id, start_at: at(12, 9), end_at: at(12, 12), status: "confirmed", title: "Wedding" });
    const second = await book({ space_id: hallA.id, start_at: at(12, 11), end_at: at(12, 13), status: "confirmed" });
    expect(second.status).toBe(409);
    expect(second.body.description).toBe("Hall A is already booked Tue, 12 Jan 2027, 09:00–12:00 (UTC) for Wedding");
    expect(second.body.errors[0]).toMatchObject({ code: "conflict", message: `overlaps confirmed allocation ${first.body.id}` });
    expect(second.body.conflicts).toEqual([
      { allocation_id: first.body.id, space_id: hallA.id, start_at: at(12, 9), end_at: at(12, 12), status: "confirmed" },
    ]);
    expect((await book({ space_id: hallA.id, start_at: at(12, 11), end_at: at(12, 13) })).status).toBe(409);
  });

  it("tells the conflict's times on the space's own clock, DST included", async () => {
    const terrace = await makeSpace(team.account.id, { name: "Terrace", timezone: "America/New_York", position: 9 });
    // 2027-03-14 is the day New York moves to summer time: 14:00Z is 10:00 EDT (it was 09:00 EST the day before).
    const booked = await book({ space_id: terrace.id, start_at: "2027-03-14T14:00:00.000Z", end_at: "2027-03-14T16:30:00.000Z", status: "confirmed" });
    expect(booked.status).toBe(200);
    const refused = await book({ space_id: terrace.id, start_at: "2027-03-14T15:00:00.000Z", end_at: "2027-03-14T17:00:00.000Z" });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe("Terrace is already booked Sun, 14 Mar 2027, 10:00–12:30 (America/New York)");
    expect(refused.body.conflicts).toHaveLength(1);
  });

  it("blocks through the hierarchy both ways, never between siblings", async () => {
    expect((await book({ space_id: hallA.id, start_at: at(13, 9), end_at: at(13, 12), status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hallB.id, start_at: at(13, 9), end_at: at(13, 12), status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hall.id, start_at: at(13, 11), end_at: at(13, 13), status: "confirmed" })).status).toBe(409);
    expect((await book({ space_id: hall.id, start_at: at(14, 9), end_at: at(14, 12), status: "confirmed" })).status).toBe(200);
    const child = await book({ space_id: hallB.id, start_at: at(14, 10), end_at: at(14, 11), status: "confirmed" });
    expect(child.status).toBe(409);
    expect(child.body.description).toContain("Hall AB");
  });

  it("counts buffers: touching blocked ranges are fine, overlapping ones are not", async () => {
    expect((await book({ space_id: hallB.id, start_at: at(15, 10), end_at: at(15, 12), buffer_after_min: 30, status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hallB.id, start_at: at(15, 12, 30), end_at: at(15, 14), status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hallB.id, start_at: at(15, 9), end_at: at(15, 9, 45), buffer_after_min: 15, status: "confirmed" })).status).toBe(200);
    expect((await book({ space_id: hallB.id, start_at: at(15, 14, 15), end_at: at(15, 15), buffer_before_min: 30, status: "confirmed" })).status).toBe(409);
  });

  it("lets exactly one of 50 simultaneous confirmations through", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => book({ space_id: hallB.id, start_at: at(20, 9, i % 30), end_at: at(20, 12), status: "confirmed" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    const stored = await getDb().$count(allocations, sql`${allocations.spaceId} = ${hallB.id} and ${allocations.startAt} >= ${at(20, 0)}::timestamptz and ${allocations.startAt} < ${at(21, 0)}::timestamptz`);
    expect(stored).toBe(1);
  });
});

describe("holds", () => {
  it("ranks overlapping holds, caps them per space and expires them by the clock", async () => {
    const now = new Date("2027-02-01T08:00:00Z");
    setPlanningClock(() => now);
    const first = await book({ space_id: garden.id, start_at: at(25, 9), end_at: at(25, 12) });
    const second = await book({ space_id: garden.id, start_at: at(25, 11), end_at: at(25, 14) });
    expect([first.body.sequence, second.body.sequence]).toEqual([1, 2]);
    expect(first.body.expires_at).toBe("2027-02-01T09:00:00.000Z");
    // 10:00–11:00 meets only the first (the second starts at 11:00); 11:00–11:30 meets both.
    expect((await book({ space_id: garden.id, start_at: at(25, 10), end_at: at(25, 11) })).body.sequence).toBe(2);
    const third = await book({ space_id: garden.id, start_at: at(25, 11), end_at: at(25, 11, 30) });
    expect(third.status).toBe(409);
    expect(third.body.description).toContain("limit");
    // An hour later both holds have lapsed: they stop counting at once, before any sweep.
    setPlanningClock(() => new Date("2027-02-01T09:00:00Z"));
    const fresh = await book({ space_id: garden.id, start_at: at(25, 11), end_at: at(25, 11, 30) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.sequence).toBe(1);
    expect((await api.get(`${base}/planning/allocations/${first.body.id}`, { token: team.admin.token })).body.status).toBe("tentative");
    expect(await sweepExpiredHolds(getDb(), new Date("2027-02-01T09:00:00Z"))).toBe(3);
    expect((await api.get(`${base}/planning/allocations/${first.body.id}`, { token: team.admin.token })).body.status).toBe("expired");
    expect((await api.get(`${base}/planning/allocations/${fresh.body.id}`, { token: team.admin.token })).body.status).toBe("tentative");
  });

  it("confirms a hold, warns when it jumps the queue, and refuses confirming over a confirmed one", async () => {
    const first = await book({ space_id: hallA.id, start_at: at(26, 9), end_at: at(26, 12) });
    const second = await book({ space_id: hallA.id, start_at: at(26, 10), end_at: at(26, 13) });
    const third = await book({ space_id: hallA.id, start_at: at(26, 11), end_at: at(26, 14) });
    const confirm = (id: string) => api.patch(`${base}/planning/allocations/${id}`, { token: team.admin.token, body: { allocation: { status: "confirmed" } } });
    const jumped = await confirm(second.body.id);
    expect(jumped.status).toBe(200);
    expect(jumped.body.warnings.map((w: { code: string }) => w.code)).toContain("jumping_the_queue");
    expect(jumped.body.expires_at).toBeNull();
    const blocked = await confirm(first.body.id);
    expect(blocked.status).toBe(409);
    expect(blocked.body.errors[0].message).toBe(`overlaps confirmed allocation ${second.body.id}`);
    expect((await confirm(third.body.id)).status).toBe(409);
  });
});

describe("validate and find_available_slots", () => {
  it("validates a window: conflicts, holds and hours", async () => {
    const confirmed = await book({ space_id: hallB.id, start_at: at(27, 9), end_at: at(27, 12), status: "confirmed" });
    const check = async (body: Record<string, unknown>) => (await api.post(`${base}/planning/allocations/validate`, { token: team.agent.token, body })).body;
    const clash = await check({ resource_id: hall.resourceId, start_at: at(27, 11), end_at: at(27, 13) });
    expect(clash.valid).toBe(false);
    expect(clash.conflicts).toEqual([
      { allocation_id: confirmed.body.id, space_id: hallB.id, start_at: "2027-01-27T09:00:00.000Z", end_at: "2027-01-27T12:00:00.000Z", status: "confirmed" },
    ]);
    expect((await check({ resource_id: hallA.resourceId, start_at: at(27, 11), end_at: at(27, 13) })).valid).toBe(true);
    // Moving the allocation onto itself is not a conflict.
    expect((await check({ resource_id: hallB.resourceId, start_at: at(27, 10), end_at: at(27, 13), allocation_id: confirmed.body.id })).valid).toBe(true);
    expect((await check({ resource_id: hallB.resourceId, start_at: at(27, 12), end_at: at(27, 13), buffer_before_min: 15 })).valid).toBe(false);
  });

  // Found by the isolation sweep: another account's allocation_id was taken silently as "the one being moved".
  it("refuses an allocation_id that is not one of the account's allocations", async () => {
    const other = await makeTeam();
    const elsewhere = await makeSpace(other.account.id, { name: "Their hall" });
    const [theirs] = await getDb()
      .insert(allocations)
      .values({ accountId: other.account.id, spaceId: elsewhere.id, resourceId: elsewhere.resourceId, startAt: new Date(at(28, 9)), endAt: new Date(at(28, 10)) })
      .returning();
    for (const allocationId of [theirs!.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await api.post(`${base}/planning/allocations/validate`, {
        token: team.agent.token,
        body: { resource_id: hallA.resourceId, start_at: at(28, 9), end_at: at(28, 10), allocation_id: allocationId },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ field: "allocation_id", message: "is not an allocation of this account", code: "invalid" }]);
    }
  });

  it("finds slots around confirmed bookings and reports overlapping holds", async () => {
    const room = await makeSpace(team.account.id, {
      name: "Studio",
      timezone: "Europe/Amsterdam",
      workingHoursEnabled: true,
      schedule: { monday: { open: "09:00", close: "17:00" } },
      theater: 40,
    });
    // Monday 2027-03-01: Amsterdam is UTC+1. Booked 10:00–12:00 local; a hold 14:00–15:00 local.
    await book({ space_id: room.id, start_at: "2027-03-01T09:00:00Z", end_at: "2027-03-01T11:00:00Z", status: "confirmed" });
    await book({ space_id: room.id, start_at: "2027-03-01T13:00:00Z", end_at: "2027-03-01T14:00:00Z" });
    const found = await search({
      duration_minutes: 60, start_date: "2027-03-01", end_date: "2027-03-02", start_time: "08:00", end_time: "18:00", space_ids: [room.id], attendees_count: 30, interval_minutes: 60,
    });
    expect(found.status).toBe(200);
    expect(found.body.slots).toEqual([
      { space_id: room.id, start_at: "2027-03-01T08:00:00.000Z", end_at: "2027-03-01T09:00:00.000Z", tentative_overlaps: 0 },
      { space_id: room.id, start_at: "2027-03-01T11:00:00.000Z", end_at: "2027-03-01T12:00:00.000Z", tentative_overlaps: 0 },
      { space_id: room.id, start_at: "2027-03-01T12:00:00.000Z", end_at: "2027-03-01T13:00:00.000Z", tentative_overlaps: 0 },
      { space_id: room.id, start_at: "2027-03-01T13:00:00.000Z", end_at: "2027-03-01T14:00:00.000Z", tentative_overlaps: 1 },
      { space_id: room.id, start_at: "2027-03-01T14:00:00.000Z", end_at: "2027-03-01T15:00:00.000Z", tentative_overlaps: 0 },
      { space_id: room.id, start_at: "2027-03-01T15:00:00.000Z", end_at: "2027-03-01T16:00:00.000Z", tentative_overlaps: 0 },
    ]);
    const tooMany = await search({ duration_minutes: 60, start_date: "2027-03-01", end_date: "2027-03-01", space_ids: [room.id], attendees_count: 41 });
    expect(tooMany.body.slots).toEqual([]);
    const overnight = await search({ duration_minutes: 60, start_date: "2027-03-01", end_date: "2027-03-01", start_time: "22:00", end_time: "02:00" });
    expect(overnight.status).toBe(422);
    expect(overnight.body.errors[0].field).toBe("end_time");
  });

  it("a booking blocks the space that contains it and leaves its sibling free", async () => {
    await book({ space_id: hallB.id, start_at: "2027-02-10T10:00:00Z", end_at: "2027-02-10T12:00:00Z", status: "confirmed" });
    const found = await search({
      duration_minutes: 60, start_date: "2027-02-10", end_date: "2027-02-10", start_time: "09:00", end_time: "12:00", space_ids: [hall.id, hallA.id, hallB.id], interval_minutes: 60,
    });
    expect(found.status).toBe(200);
    expect(found.body.slots).toEqual([
      { space_id: hall.id, start_at: "2027-02-10T09:00:00.000Z", end_at: "2027-02-10T10:00:00.000Z", tentative_overlaps: 0 },
      { space_id: hallA.id, start_at: "2027-02-10T09:00:00.000Z", end_at: "2027-02-10T10:00:00.000Z", tentative_overlaps: 0 },
      { space_id: hallB.id, start_at: "2027-02-10T09:00:00.000Z", end_at: "2027-02-10T10:00:00.000Z", tentative_overlaps: 0 },
      { space_id: hallA.id, start_at: "2027-02-10T10:00:00.000Z", end_at: "2027-02-10T11:00:00.000Z", tentative_overlaps: 0 },
      { space_id: hallA.id, start_at: "2027-02-10T11:00:00.000Z", end_at: "2027-02-10T12:00:00.000Z", tentative_overlaps: 0 },
    ]);
  });
});

describe("find_available_slots by weekday", () => {

  it("finds only the weekdays asked for, each read in its space's own time zone", async () => {
    const newYork = await makeSpace(team.account.id, { name: "Loft NY", timezone: "America/New_York", banquet: 150 });
    const auckland = await makeSpace(team.account.id, { name: "Harbour AKL", timezone: "Pacific/Auckland", banquet: 150 });
    // Friday 5 to Monday 8 March 2027, 23:00–24:00 local. Saturday 23:00 in New York (UTC-5) is
    // Sunday 04:00 in UTC; in Auckland (UTC+13) it is Saturday 10:00 in UTC.
    const window = { duration_minutes: 60, start_date: "2027-03-05", end_date: "2027-03-08", start_time: "23:00", end_time: "24:00", space_ids: [newYork.id, auckland.id], attendees_count: 120 };
    const saturdays = await search({ ...window, weekdays: ["saturday"] });
    expect(saturdays.status, saturdays.text).toBe(200);
    expect(saturdays.body.slots).toEqual([
      { space_id: auckland.id, start_at: "2027-03-06T10:00:00.000Z", end_at: "2027-03-06T11:00:00.000Z", tentative_overlaps: 0 },
      { space_id: newYork.id, start_at: "2027-03-07T04:00:00.000Z", end_at: "2027-03-07T05:00:00.000Z", tentative_overlaps: 0 },
    ]);
    const weekend = await search({ ...window, weekdays: ["sunday", "saturday"] });
    expect(weekend.body.slots.map((slot: { start_at: string }) => slot.start_at)).toEqual([
      "2027-03-06T10:00:00.000Z",
      "2027-03-07T04:00:00.000Z",
      "2027-03-07T10:00:00.000Z",
      "2027-03-08T04:00:00.000Z",
    ]);
    expect((await search(window)).body.slots).toHaveLength(8);
  });

  it.each([
    ["a day that is not a lowercase English weekday name", ["sat"], "weekdays.0"],
    ["a weekday number", [6], "weekdays.0"],
    ["an empty list", [], "weekdays"],
    ["a bare string", "saturday", "weekdays"],
  ])("refuses %s (422 naming the field)", async (_label, weekdays, field) => {
    const res = await search({ duration_minutes: 60, start_date: "2027-03-05", end_date: "2027-03-08", weekdays });
    expect(res.status).toBe(422);
    expect(new Set(res.body.errors.map((error: { field: string }) => error.field))).toEqual(new Set([field]));
  });

  it("documents the filter in the OpenAPI document", async () => {
    const doc = (await api.get("/api/v1/openapi.json")).body;
    const weekdays = doc.components.schemas.FindSlotsRequest.properties.weekdays;
    expect(weekdays.items.enum).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(weekdays.description).toContain("time zone");
  });
});

describe("events", () => {
  it("keeps the event's updated_at moving with its allocations", async () => {
    const [event] = await getDb()
      .insert(planningEvents)
      .values({ accountId: team.account.id, name: "Gala", currency: "EUR", updatedAt: new Date("2020-01-01T00:00:00Z") })
      .returning();
    const created = await book({ space_id: hallA.id, start_at: at(28, 9), end_at: at(28, 10), event_id: event!.id });
    expect(created.body.event_id).toBe(event!.id);
    const [after] = await getDb().select().from(planningEvents).where(sql`${planningEvents.id} = ${event!.id}`);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-02").getTime());
  });
});

describe("iCalendar feed", () => {
  it("serves a space's bookings, and those of the space around it, to the token alone", async () => {
    setPlanningClock(() => new Date("2027-01-20T00:00:00Z"));
    await book({ space_id: hallA.id, start_at: at(29, 9), end_at: at(29, 11), status: "confirmed", title: "Product launch" });
    await book({ space_id: hall.id, start_at: at(30, 18), end_at: at(30, 23), title: "Gala dinner" });
    await book({ space_id: hallB.id, start_at: at(31, 9), end_at: at(31, 10), title: "Not in Hall A" });
    const url = `${base}/planning/spaces/${hallA.id}/calendar.ics`;
    const feed = await api.get(`${url}?token=${hallA.icalToken}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    expect(feed.text).toContain("SUMMARY:Product launch");
    expect(feed.text).toContain("DTSTART:20270129T090000Z");
    expect(feed.text).toContain("STATUS:CONFIRMED");
    expect(feed.text).toContain("SUMMARY:Gala dinner (Hall AB)");
    expect(feed.text).toContain("STATUS:TENTATIVE");
    expect(feed.text).not.toContain("Not in Hall A");
    expect((await api.get(`${url}?token=${hallB.icalToken}`)).status).toBe(404);
    expect((await api.get(url)).status).toBe(422);
  });
});

describe("an event with its allocations", () => {
  const eventBody = (allocations: Record<string, unknown>[]) => ({ event: { name: "Two-day congress", attendees_count: 120 }, allocations });

  it("creates the event and its allocations together, linked both ways", async () => {
    const created = await api.post(`${base}/planning/events`, {
      token: team.admin.token,
      body: eventBody([
        { space_id: hallA.id, start_at: at(18, 9), end_at: at(18, 17), status: "confirmed" },
        { space_id: hallB.id, start_at: at(19, 9), end_at: at(19, 17) },
      ]),
    });
    expect(created.status).toBe(200);
    expect(created.body.allocation_ids).toHaveLength(2);
    expect(created.body.start_at).toBe("2027-01-18T09:00:00.000Z");
    expect(created.body.end_at).toBe("2027-01-19T17:00:00.000Z");
    const first = await api.get(`${base}/planning/allocations/${created.body.allocation_ids[0]}`, { token: team.admin.token });
    expect(first.body.event_id).toBe(created.body.id);
    // Deleting an allocation takes it out of the event's ids.
    await api.delete(`${base}/planning/allocations/${created.body.allocation_ids[1]}`, { token: team.admin.token });
    expect((await api.get(`${base}/planning/events/${created.body.id}`, { token: team.admin.token })).body.allocation_ids).toEqual([created.body.allocation_ids[0]]);
  });

  it("rolls back entirely when one allocation conflicts, naming its index", async () => {
    const events = async () => (await api.get(`${base}/planning/events?q=congress`, { token: team.admin.token })).body.meta.count;
    const before = await events();
    const failed = await api.post(`${base}/planning/events`, {
      token: team.admin.token,
      body: eventBody([
        { space_id: hallB.id, start_at: at(21, 9), end_at: at(21, 12), status: "confirmed" },
        { space_id: hall.id, start_at: at(21, 11), end_at: at(21, 13), status: "confirmed" },
      ]),
    });
    expect(failed.status).toBe(409);
    expect(failed.body.errors[0].field).toBe("allocations.1.start_at");
    expect(await events()).toBe(before);
    const window = await api.get(`${base}/planning/allocations?start_at=${at(21, 0)}&end_at=${at(22, 0)}`, { token: team.admin.token });
    expect(window.body.allocations).toEqual([]);
    const invalid = await api.post(`${base}/planning/events`, { token: team.admin.token, body: eventBody([{ space_id: hallB.id, start_at: at(21, 9) }]) });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].field).toBe("allocations.0.end_at");
  });

  it("attaches holds placed before the event, beside new allocations, as a PATCH of their event_id would", async () => {
    const token = team.admin.token;
    const earlier = await book({ space_id: hallA.id, start_at: at(16, 9), end_at: at(16, 17), title: "Option" });
    const booked = await book({ space_id: hallB.id, start_at: at(16, 9), end_at: at(16, 12), status: "confirmed" });
    expect([earlier.status, booked.status]).toEqual([200, 200]);
    const created = await api.post(`${base}/planning/events`, {
      token,
      body: { ...eventBody([{ space_id: hallB.id, start_at: at(17, 9), end_at: at(17, 17) }]), allocation_ids: [earlier.body.id, booked.body.id] },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.allocation_ids).toHaveLength(3);
    expect(created.body.allocation_ids).toEqual(expect.arrayContaining([earlier.body.id, booked.body.id]));
    expect([created.body.start_at, created.body.end_at]).toEqual(["2027-01-16T09:00:00.000Z", "2027-01-17T17:00:00.000Z"]);
    // The hold keeps its rank, status and expiry: only its event changed.
    const hold = (await api.get(`${base}/planning/allocations/${earlier.body.id}`, { token })).body;
    expect(hold).toMatchObject({ event_id: created.body.id, status: "tentative", sequence: earlier.body.sequence, expires_at: earlier.body.expires_at, title: "Option" });
    expect((await api.get(`${base}/planning/allocations/${booked.body.id}`, { token })).body).toMatchObject({ event_id: created.body.id, status: "confirmed" });
    // The body may also be flat, as every create route takes it.
    const another = await book({ space_id: garden.id, start_at: at(23, 9), end_at: at(23, 10) });
    const flat = await api.post(`${base}/planning/events`, { token, body: { name: "Flat", allocation_ids: [another.body.id] } });
    expect(flat.status, flat.text).toBe(200);
    expect(flat.body.allocation_ids).toEqual([another.body.id]);
  });

  it("refuses an id that is not the account's allocation, or one of another event, and saves nothing", async () => {
    const token = team.admin.token;
    const other = await makeTeam();
    const elsewhere = await makeSpace(other.account.id, { name: "Their hall" });
    const [theirs] = await getDb()
      .insert(allocations)
      .values({ accountId: other.account.id, spaceId: elsewhere.id, resourceId: elsewhere.resourceId, startAt: new Date(at(23, 9)), endAt: new Date(at(23, 10)) })
      .returning();
    const free = await book({ space_id: hallA.id, start_at: at(23, 9), end_at: at(23, 12) });
    const owner = await api.post(`${base}/planning/events`, { token, body: { event: { name: "Owner" }, allocations: [{ space_id: hallB.id, start_at: at(23, 9), end_at: at(23, 12) }] } });
    const owned = owner.body.allocation_ids[0] as string;
    const events = async () => (await api.get(`${base}/planning/events?q=refused`, { token })).body.meta.count;
    for (const [ids, field, message, code] of [
      [[free.body.id, theirs!.id], "allocation_ids.1", "is not an allocation of this account", "invalid"],
      [["00000000-0000-4000-8000-000000000000"], "allocation_ids.0", "is not an allocation of this account", "invalid"],
      [[free.body.id, owned], "allocation_ids.1", `belongs to another event (${owner.body.id})`, "taken"],
    ] as const) {
      const res = await api.post(`${base}/planning/events`, { token, body: { event: { name: "Refused" }, allocation_ids: ids } });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors).toEqual([{ field, message, code }]);
    }
    const notUuid = await api.post(`${base}/planning/events`, { token, body: { event: { name: "Refused" }, allocation_ids: ["abc"] } });
    expect(notUuid.status).toBe(422);
    expect(notUuid.body.errors[0].field).toBe("allocation_ids.0");
    // Nothing was saved: no event, the free hold still unattached, the owned one still its event's.
    expect(await events()).toBe(0);
    expect((await api.get(`${base}/planning/allocations/${free.body.id}`, { token })).body.event_id).toBeNull();
    expect((await api.get(`${base}/planning/allocations/${owned}`, { token })).body.event_id).toBe(owner.body.id);
  });
});
