import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { allocations, inboxes, pricingPlans, pricingRules, quotes, rates } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";
import { setPlanningClock } from "@/lib/planning/clock";
import { contactStory, conversationStory } from "@/lib/planning/customer-story";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

/*
 * A customer's story (contactStory): what the contact page and the conversation's side panel
 * show of her events, quotes and bookings, read through the service the portal calls.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
let ctx: AccountCtx<UserCaller>;
let base: string;

const ok = async <T = any>(call: Promise<{ status: number; body: T }>, status = 200) => {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const makeContact = async (t: Team, name: string) =>
  (await ok(api.post(`/api/v1/accounts/${t.account.id}/contacts`, { token: t.admin.token, body: { name } }))).payload.contact.id as number;

const makeSpace = async (name: string, timezone: string) =>
  (await ok(api.post(`${base}/spaces`, { token: team.admin.token, body: { space: { name, timezone } } }))) as { id: string; resource_id: string };

const makeEvent = async (event: Record<string, unknown>) => (await ok(api.post(`${base}/planning/events`, { token: team.admin.token, body: { event } }))) as { id: string };

const allocate = async (
  eventId: string,
  space: { id: string; resource_id: string },
  values: Partial<typeof allocations.$inferInsert> & { startAt: Date; endAt: Date },
) => {
  const [row] = await getDb()
    .insert(allocations)
    .values({ accountId: team.account.id, spaceId: space.id, resourceId: space.resource_id, eventId, status: "confirmed", ...values })
    .returning();
  return row!.id;
};

const at = (iso: string) => new Date(iso);

const notFound = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe("not_found");
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  ctx = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
  // Quotes are priced: one hourly rate in a default plan.
  const accountId = team.account.id;
  const [rate] = await getDb().insert(rates).values({ accountId, name: "Hourly", unit: "hour", amount: "100.00", taxRate: "21" }).returning();
  const [plan] = await getDb().insert(pricingPlans).values({ accountId, name: "Standard", isDefault: true }).returning();
  await getDb().insert(pricingRules).values({ accountId, planId: plan!.id, name: "Hourly", rateId: rate!.id, priority: 0, isDefault: true });
});

afterEach(() => setPlanningClock(null));

describe("a contact's story", () => {
  it("lists her events newest first with their span, spaces, quote versions and bookings", async () => {
    const jane = await makeContact(team, "Jane Story");
    const someoneElse = await makeContact(team, "Someone Else");
    const hall = await makeSpace("Grand Hall", "Europe/Amsterdam");
    const terrace = await makeSpace("Terrace", "Europe/Lisbon");

    const gala = await makeEvent({ name: "Winter gala", contact_id: jane, status: "tentative" });
    const booked = await allocate(gala.id, hall, { startAt: at("2031-12-05T17:00:00Z"), endAt: at("2031-12-05T23:00:00Z") });
    const hold = await allocate(gala.id, terrace, { status: "tentative", startAt: at("2031-12-04T09:00:00Z"), endAt: at("2031-12-04T12:00:00Z") });
    // Cancelled allocations are no part of the story, not even of the span.
    await allocate(gala.id, hall, { status: "cancelled", startAt: at("2031-12-01T09:00:00Z"), endAt: at("2031-12-09T09:00:00Z") });

    // Version 1 is priced from the live allocations (6 h + 3 h at 100.00, 21% tax), then revised and sent.
    const first = await ok(api.post(`${base}/planning/events/${gala.id}/quotes`, { token: team.admin.token, body: { name: "Gala" } }), 201);
    expect(first.total_incl_tax).toBe(1089);
    const second = await ok(api.post(`${base}/planning/events/${gala.id}/quotes/${first.id}/revise`, { token: team.admin.token }), 201);
    await ok(api.post(`${base}/planning/events/${gala.id}/quotes/${second.id}/send_quote`, { token: team.admin.token, body: { delivery_mode: "manual" } }));

    const launch = await makeEvent({ name: "Spring launch", contact_id: jane });
    await makeEvent({ name: "Not hers", contact_id: someoneElse });

    const story = await contactStory(ctx, jane);
    expect(story.total_events).toBe(2);
    expect(story.events.map((event) => event.name)).toEqual(["Spring launch", "Winter gala"]);
    expect(story.events[0]).toEqual({
      id: launch.id,
      name: "Spring launch",
      status: "lead",
      conversation_id: null,
      start_at: null,
      end_at: null,
      timezone: null,
      allocations: [],
      quotes: [],
    });
    const winter = story.events[1]!;
    expect(winter).toMatchObject({
      id: gala.id,
      status: "tentative",
      start_at: "2031-12-04T09:00:00.000Z",
      end_at: "2031-12-05T23:00:00.000Z",
      // The zone of the first allocation's space.
      timezone: "Europe/Lisbon",
    });
    expect(winter.allocations).toEqual([
      { id: hold, space: "Terrace", timezone: "Europe/Lisbon", start_at: "2031-12-04T09:00:00.000Z", end_at: "2031-12-04T12:00:00.000Z", status: "tentative" },
      { id: booked, space: "Grand Hall", timezone: "Europe/Amsterdam", start_at: "2031-12-05T17:00:00.000Z", end_at: "2031-12-05T23:00:00.000Z", status: "confirmed" },
    ]);
    // Stored decimals (numeric(16,4)) as they are: the page words them with formatMoney.
    expect(winter.quotes).toEqual([
      { id: second.id, version: 2, status: "sent", currency: "EUR", total_incl_tax: "1089.0000", accepted_at: null },
      { id: first.id, version: 1, status: "superseded", currency: "EUR", total_incl_tax: "1089.0000", accepted_at: null },
    ]);
    // Bookings are the confirmed allocations only.
    expect(story.bookings).toEqual([{ ...winter.allocations[1], event_id: gala.id, event_name: "Winter gala" }]);

    // A sent quote past its validity reads as expired; the stored status is unchanged.
    await getDb().update(quotes).set({ validUntil: "2020-01-01" }).where(eq(quotes.id, second.id));
    expect((await contactStory(ctx, jane)).events[1]!.quotes[0]!.status).toBe("expired");

    // The limit keeps the newest and still says how many there are.
    const limited = await contactStory(ctx, jane, { limit: 1 });
    expect(limited.events.map((event) => event.name)).toEqual(["Spring launch"]);
    expect(limited.total_events).toBe(2);
  });

  it("shows a lapsed hold as expired before the sweeper runs, and no booking", async () => {
    const contact = await makeContact(team, "Lapsed Hold");
    const room = await makeSpace("Small room", "UTC");
    const event = await makeEvent({ name: "Maybe", contact_id: contact });
    await allocate(event.id, room, {
      status: "tentative",
      expiresAt: at("2030-01-01T12:00:00Z"),
      startAt: at("2031-03-01T09:00:00Z"),
      endAt: at("2031-03-01T10:00:00Z"),
    });
    setPlanningClock(() => at("2030-01-01T11:59:00Z"));
    expect((await contactStory(ctx, contact)).events[0]!.allocations[0]!.status).toBe("tentative");
    setPlanningClock(() => at("2030-01-01T12:00:00Z"));
    const story = await contactStory(ctx, contact);
    expect(story.events[0]!.allocations[0]!.status).toBe("expired");
    expect(story.bookings).toEqual([]);
  });

  it("is empty for a contact without events and not found for another account's contact", async () => {
    const quiet = await makeContact(team, "No Events");
    expect(await contactStory(ctx, quiet)).toEqual({ events: [], total_events: 0, bookings: [] });
    const theirs = await makeContact(other, "Their Contact");
    await notFound(contactStory(ctx, theirs));
    await notFound(contactStory(ctx, 2_000_000_000));
  });
});

describe("the story beside a conversation", () => {
  it("is the contact's, with the events started in the conversation whoever they are for, and only where the caller may see it", async () => {
    const guest = await makeContact(team, "Chat Guest");
    const colleague = await makeContact(team, "Her Colleague");
    const [inbox] = await getDb()
      .insert(inboxes)
      .values({ accountId: team.account.id, name: "Chat", channelType: "Channel::Api", identifier: `chat-${team.account.id}`, hmacToken: "h", secret: "s" })
      .returning();
    const conversation = await ok(api.post(`${base}/conversations`, { token: team.admin.token, body: { inbox_id: inbox!.id, contact_id: guest } }));

    const hers = await makeEvent({ name: "Her own", contact_id: guest });
    const started = await makeEvent({ name: "For the colleague", contact_id: colleague, conversation_id: conversation.id });
    await makeEvent({ name: "Colleague's other", contact_id: colleague });

    const story = await conversationStory(ctx, conversation.id);
    expect(story.contact_id).toBe(guest);
    expect(story.conversation_id).toBe(conversation.id);
    expect(story.events.map((event) => [event.id, event.conversation_id])).toEqual([
      [started.id, conversation.id],
      [hers.id, null],
    ]);
    expect(story.total_events).toBe(2);
    // The contact's own story does not carry the colleague's event.
    expect((await contactStory(ctx, guest)).events.map((event) => event.id)).toEqual([hers.id]);

    // An agent outside the conversation's inbox does not see it, nor another account's.
    const agent = await makeMember(team.account.id, "agent");
    const agentCtx = await accountContext(getDb(), { kind: "user", user: agent.user }, team.account.id);
    await notFound(conversationStory(agentCtx, conversation.id));
    const otherCtx = await accountContext(getDb(), { kind: "user", user: other.admin.user }, other.account.id);
    await notFound(conversationStory(otherCtx, conversation.id));
  });
});
