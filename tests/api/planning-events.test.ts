import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, accountUsers, allocations, inboxes, planningEvents, pricingPlans } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makeBot, makeMember, makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const url = (suffix = "", t = team) => `/api/v1/accounts/${t.account.id}/planning/events${suffix}`;

const eventKeys = [
  "id",
  "name",
  "description",
  "status",
  "contact_id",
  "company_id",
  "conversation_id",
  "attendees_count",
  "currency",
  "pricing_plan_id",
  "notes",
  "custom_attributes",
  "allocation_ids",
  "start_at",
  "end_at",
  "created_at",
  "updated_at",
].sort();

const create = async (event: Record<string, unknown>, t = team) => {
  const res = await api.post(url("", t), { token: t.admin.token, body: { event } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; name: string; currency: string };
};

const expectInvalid = async (event: Record<string, unknown>, field: string, id?: string) => {
  const token = team.admin.token;
  const res = id ? await api.patch(url(`/${id}`), { token, body: { event } }) : await api.post(url(), { token, body: { event } });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  return res.body as { errors: { field: string; code: string }[] };
};

const makeContact = async (t: Team) => {
  const res = await api.post(`/api/v1/accounts/${t.account.id}/contacts`, { token: t.admin.token, body: { name: "Jane Planner" } });
  expect(res.status).toBe(200);
  return res.body.payload.contact.id as number;
};

const makeCompany = async (t: Team) => {
  const res = await api.post(`/api/v1/accounts/${t.account.id}/companies`, { token: t.admin.token, body: { company: { name: "Acme" } } });
  expect(res.status).toBe(200);
  return res.body.id as number;
};

const makeSpace = async (t: Team) => {
  const res = await api.post(`/api/v1/accounts/${t.account.id}/spaces`, { token: t.admin.token, body: { space: { name: "Hall" } } });
  expect(res.status).toBe(200);
  return res.body as { id: string; resource_id: string };
};

/** An inbox of the team's account (no member belongs to it yet) and a conversation in it; answers its display id. */
const makeConversation = async (t: Team, contactId: number) => {
  const accountId = t.account.id;
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId, name: "Enquiries", channelType: "Channel::Api", identifier: `enquiries-${accountId}-${Math.random()}`, hmacToken: "h", secret: "s" })
    .returning();
  const res = await api.post(`/api/v1/accounts/${accountId}/conversations`, { token: t.admin.token, body: { inbox_id: inbox!.id, contact_id: contactId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { displayId: res.body.id as number, inboxId: inbox!.id };
};

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("planning events", () => {
  it("creates an event with defaults and exactly its fields", async () => {
    const res = await api.post(url(), { token: team.admin.token, body: { event: { name: "Summer gala" } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(eventKeys);
    expect(res.body).toMatchObject({
      name: "Summer gala",
      description: null,
      status: "lead",
      contact_id: null,
      company_id: null,
      conversation_id: null,
      attendees_count: null,
      currency: "EUR",
      pricing_plan_id: null,
      notes: null,
      custom_attributes: {},
      allocation_ids: [],
      start_at: null,
      end_at: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    const shown = await api.get(url(`/${res.body.id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(res.body);
  });

  it("stores every field and updates only the ones sent", async () => {
    const contactId = await makeContact(team);
    const companyId = await makeCompany(team);
    const [plan] = await getDb().insert(pricingPlans).values({ accountId: team.account.id, name: "Summer" }).returning();
    const created = await create({
      name: "Product launch",
      description: "Two days",
      status: "tentative",
      contact_id: contactId,
      company_id: companyId,
      attendees_count: 120,
      currency: "USD",
      pricing_plan_id: plan!.id,
      notes: "Vegan lunch",
      custom_attributes: { source: "web" },
    });
    expect(created).toMatchObject({
      status: "tentative",
      contact_id: contactId,
      company_id: companyId,
      attendees_count: 120,
      currency: "USD",
      pricing_plan_id: plan!.id,
      notes: "Vegan lunch",
      custom_attributes: { source: "web" },
    });
    const updated = await api.patch(url(`/${created.id}`), { token: team.admin.token, body: { event: { status: "definite", company_id: null } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Product launch",
      status: "definite",
      company_id: null,
      contact_id: contactId,
      currency: "USD",
      attendees_count: 120,
    });
    expect(updated.body.updated_at > updated.body.created_at).toBe(true);
  });

  it("defaults the currency to the account's", async () => {
    const fresh = await makeTeam();
    await getDb().update(accounts).set({ settings: { currency: "GBP" } }).where(eq(accounts.id, fresh.account.id));
    expect((await create({ name: "London dinner" }, fresh)).currency).toBe("GBP");
    expect((await create({ name: "Priced in yen", currency: "JPY" }, fresh)).currency).toBe("JPY");
    // A setting that is no currency falls back to EUR.
    await getDb().update(accounts).set({ settings: { currency: "Pounds" } }).where(eq(accounts.id, fresh.account.id));
    expect((await create({ name: "Fallback" }, fresh)).currency).toBe("EUR");
  });

  it("names each invalid field with 422", async () => {
    expect((await expectInvalid({ description: "no name" }, "name")).errors[0]!.code).toBe("required");
    await expectInvalid({ name: "" }, "name");
    await expectInvalid({ name: "x", status: "won" }, "status");
    await expectInvalid({ name: "x", currency: "eur" }, "currency");
    await expectInvalid({ name: "x", currency: "EURO" }, "currency");
    await expectInvalid({ name: "x", currency: "XQZ" }, "currency");
    await expectInvalid({ name: "x", attendees_count: -1 }, "attendees_count");
    await expectInvalid({ name: "x", attendees_count: 2.5 }, "attendees_count");
    await expectInvalid({ name: "x", pricing_plan_id: "plan-1" }, "pricing_plan_id");
    // Another account's plan is not a choice here.
    const [foreign] = await getDb().insert(pricingPlans).values({ accountId: (await makeTeam()).account.id, name: "Theirs" }).returning();
    await expectInvalid({ name: "x", pricing_plan_id: foreign!.id }, "pricing_plan_id");
    await expectInvalid({ name: "x", contact_id: "abc" }, "contact_id");
    await expectInvalid({ name: "x", custom_attributes: [1] }, "custom_attributes");

    // References must be the account's own.
    const theirContact = await makeContact(other);
    const theirCompany = await makeCompany(other);
    expect((await expectInvalid({ name: "x", contact_id: theirContact }, "contact_id")).errors[0]!.code).toBe("invalid");
    await expectInvalid({ name: "x", contact_id: 2_000_000_000 }, "contact_id");
    expect((await expectInvalid({ name: "x", company_id: theirCompany }, "company_id")).errors[0]!.code).toBe("invalid");
    const mine = await create({ name: "Patched" });
    await expectInvalid({ company_id: theirCompany }, "company_id", mine.id);
    await expectInvalid({ currency: "usd" }, "currency", mine.id);
    await expectInvalid({ status: null }, "status", mine.id);
  });

  it("names the conversation it was started from by display id, on create and update", async () => {
    const fresh = await makeTeam();
    const contactId = await makeContact(fresh);
    const first = await makeConversation(fresh, contactId);
    const second = await makeConversation(fresh, contactId);
    const made = await create({ name: "From the chat", contact_id: contactId, conversation_id: first.displayId }, fresh);
    expect(made).toMatchObject({ conversation_id: first.displayId, contact_id: contactId });
    expect((await api.get(url(`/${made.id}`, fresh), { token: fresh.admin.token })).body.conversation_id).toBe(first.displayId);
    expect((await api.get(url("", fresh), { token: fresh.admin.token })).body.events[0].conversation_id).toBe(first.displayId);

    const patch = (event: Record<string, unknown>) => api.patch(url(`/${made.id}`, fresh), { token: fresh.admin.token, body: { event } });
    expect((await patch({ name: "Renamed" })).body.conversation_id).toBe(first.displayId);
    expect((await patch({ conversation_id: String(second.displayId) })).body.conversation_id).toBe(second.displayId);
    expect((await patch({ conversation_id: null })).body.conversation_id).toBeNull();
    expect((await patch({ conversation_id: first.displayId })).body.conversation_id).toBe(first.displayId);

    // Deleting the conversation leaves the event without one.
    expect((await api.delete(`/api/v1/accounts/${fresh.account.id}/conversations/${first.displayId}`, { token: fresh.admin.token })).status).toBe(200);
    expect((await api.get(url(`/${made.id}`, fresh), { token: fresh.admin.token })).body.conversation_id).toBeNull();
  });

  it("refuses a conversation of another account, an unknown one and one the caller cannot see (422 naming conversation_id)", async () => {
    const fresh = await makeTeam();
    const contactId = await makeContact(fresh);
    const mine = await makeConversation(fresh, contactId);
    // Display ids are counted per account: theirs is a number no conversation of ours has.
    const theirContact = await makeContact(other);
    await makeConversation(other, theirContact);
    await makeConversation(other, theirContact);
    const theirs = await makeConversation(other, theirContact);
    expect(theirs.displayId).toBeGreaterThan(mine.displayId);

    const refused = async (event: Record<string, unknown>, token = fresh.admin.token, id?: string) => {
      const res = id
        ? await api.patch(url(`/${id}`, fresh), { token, body: { event } })
        : await api.post(url("", fresh), { token, body: { event } });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toEqual([{ field: "conversation_id", code: "invalid", message: expect.any(String) }]);
    };
    await refused({ name: "x", conversation_id: theirs.displayId });
    await refused({ name: "x", conversation_id: 2_000_000_000 });
    await refused({ name: "x", conversation_id: "twelve" });
    await refused({ name: "x", conversation_id: 0 });
    const event = await create({ name: "Ours" }, fresh);
    await refused({ conversation_id: theirs.displayId }, fresh.admin.token, event.id);
    expect((await api.get(url(`/${event.id}`, fresh), { token: fresh.admin.token })).body.conversation_id).toBeNull();

    // A planner who is no member of the conversation's inbox cannot see it, so cannot name it.
    const planner = await makeMember(fresh.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    await refused({ name: "x", conversation_id: mine.displayId }, planner.token);
    await refused({ conversation_id: mine.displayId }, planner.token, event.id);
    await joinInbox(fresh.account.id, mine.inboxId);
    const made = await api.post(url("", fresh), { token: planner.token, body: { event: { name: "Seen now", conversation_id: mine.displayId } } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.conversation_id).toBe(mine.displayId);
  });

  it("carries its allocation ids and the span of its live allocations", async () => {
    const space = await makeSpace(team);
    const event = await create({ name: "Conference" });
    const insert = (values: Partial<typeof allocations.$inferInsert> & { startAt: Date; endAt: Date }) =>
      getDb()
        .insert(allocations)
        .values({ accountId: team.account.id, spaceId: space.id, resourceId: space.resource_id, eventId: event.id, status: "confirmed", ...values })
        .returning()
        .then((rows) => rows[0]!.id);
    const confirmed = await insert({ startAt: at("2031-05-02T09:00:00Z"), endAt: at("2031-05-02T17:00:00Z") });
    const hold = await insert({ status: "tentative", startAt: at("2031-05-01T09:00:00Z"), endAt: at("2031-05-01T12:00:00Z") });
    const cancelled = await insert({ status: "cancelled", startAt: at("2031-04-30T09:00:00Z"), endAt: at("2031-05-05T12:00:00Z") });
    const lapsed = await insert({
      status: "tentative",
      expiresAt: new Date(Date.now() - 60_000),
      startAt: at("2031-04-29T09:00:00Z"),
      endAt: at("2031-04-29T10:00:00Z"),
    });

    const shown = await api.get(url(`/${event.id}`), { token: team.agent.token });
    expect(shown.body.allocation_ids).toEqual([lapsed, cancelled, hold, confirmed]);
    expect(shown.body.start_at).toBe("2031-05-01T09:00:00.000Z");
    expect(shown.body.end_at).toBe("2031-05-02T17:00:00.000Z");

    const listed = await api.get(url(`?q=${encodeURIComponent("Conference")}`), { token: team.agent.token });
    expect(listed.body.events).toEqual([shown.body]);

    // Deleting the event takes its allocations with it.
    expect((await api.delete(url(`/${event.id}`), { token: team.admin.token })).status).toBe(200);
    expect(await getDb().select().from(allocations).where(eq(allocations.eventId, event.id))).toEqual([]);
    expect(await getDb().select().from(allocations).where(eq(allocations.id, confirmed))).toEqual([]);
    expect((await api.get(url(`/${event.id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("pages newest first, 25 at a time, filtered by status and name", async () => {
    const fresh = await makeTeam();
    const names: string[] = [];
    for (let i = 0; i < 27; i++) {
      const name = `Meeting ${i}`;
      await create({ name, status: i % 3 === 0 ? "definite" : "lead" }, fresh);
      names.push(name);
    }
    await create({ name: "Wedding 50% deposit", status: "lost" }, fresh);
    const list = (query: string) => api.get(url(query, fresh), { token: fresh.agent.token });

    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ count: 28, current_page: 1 });
    expect(first.body.events).toHaveLength(25);
    expect(first.body.events.map((e: { name: string }) => e.name)).toEqual(["Wedding 50% deposit", ...names.slice().reverse().slice(0, 24)]);
    for (const event of first.body.events) expect(Object.keys(event).sort()).toEqual(eventKeys);

    const second = await list("?page=2");
    expect(second.body.meta).toEqual({ count: 28, current_page: 2 });
    expect(second.body.events.map((e: { name: string }) => e.name)).toEqual(["Meeting 2", "Meeting 1", "Meeting 0"]);

    const definite = await list("?status=definite");
    expect(definite.body.meta.count).toBe(9);
    expect(definite.body.events.every((e: { status: string }) => e.status === "definite")).toBe(true);

    const search = await list("?q=WEDDING");
    expect(search.body.events.map((e: { name: string }) => e.name)).toEqual(["Wedding 50% deposit"]);
    expect((await list(`?q=${encodeURIComponent("0%")}`)).body.meta.count).toBe(1);
    expect((await list(`?q=${encodeURIComponent("meeting 1")}&status=lead`)).body.events.map((e: { name: string }) => e.name)).toEqual(
      [19, 17, 16, 14, 13, 11, 10, 1].map((i) => `Meeting ${i}`),
    );

    const invalid = await list("?status=won");
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].field).toBe("status");
  });

  it("answers 404 for another account's event and for ids that are not UUIDs", async () => {
    const theirs = await create({ name: "Their party" }, other);
    for (const id of [theirs.id, "42", "not-a-uuid"]) {
      expect((await api.get(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
      expect((await api.patch(url(`/${id}`), { token: team.admin.token, body: { event: { name: "Ours" } } })).status).toBe(404);
      expect((await api.delete(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
    }
    const [row] = await getDb().select().from(planningEvents).where(eq(planningEvents.id, theirs.id));
    expect(row!.name).toBe("Their party");
    expect((await api.get(url(), { token: team.admin.token })).body.events.map((e: { id: string }) => e.id)).not.toContain(theirs.id);
  });

  it("lets every member read but only planning_manage write; bots get 401", async () => {
    const event = await create({ name: "Guarded" });
    const token = team.agent.token;
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${event.id}`), { token })).status).toBe(200);
    expect((await api.post(url(), { token, body: { event: { name: "Agent's" } } })).status).toBe(403);
    expect((await api.patch(url(`/${event.id}`), { token, body: { event: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${event.id}`), { token })).status).toBe(403);

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await api.post(url(), { token: planner.token, body: { event: { name: "Planner's" } } });
    expect(made.status).toBe(200);
    expect((await api.delete(url(`/${made.body.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body: { event: { name: "Bot's" } } })).status).toBe(401);
  });
});
