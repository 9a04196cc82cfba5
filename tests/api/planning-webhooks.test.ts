import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/db/client";
import { events, planningResources, spaces, webhooks } from "@/db/schema";
import { dispatchDue } from "@/lib/events/dispatch";
import { chatwootWebhookEvents, planningEvents } from "@/lib/events/names";
import { planningWebhookPayloads } from "@/lib/openapi/document";
import { sweepExpiredHolds } from "@/lib/planning/allocations/sweep-expired-holds";
import { publicQuote } from "@/lib/quotes/public-page";
import { acceptByToken, rejectByToken } from "@/lib/quotes/transitions";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { startReceiver, type Received, type Receiver } from "../helpers/receiver";

/*
 * Our planning and quote events reach account webhooks subscribed to them, through the real
 * dispatcher and a real receiver on 127.0.0.1 (allow-listed). Every payload is checked against
 * the OpenAPI document's `webhooks` schema (no key more, no key less) and against the API's own
 * answer for the same resource. The webhooks are rows written here: the webhooks API is not
 * what is tested.
 */

let receiver: Receiver;
let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
let account: { id: number; name: string };
let hall: { id: string };
let quick: { id: string };

type Json = Record<string, any>;

const admin = () => ({ token: team.admin.token });

const makeSpace = async (accountId: number, name: string, tentativeExpiryMinutes: number | null = null) => {
  const db = getDb();
  const [resource] = await db.insert(planningResources).values({ accountId }).returning();
  const [space] = await db.insert(spaces).values({ accountId, resourceId: resource!.id, name, timezone: "Europe/Amsterdam", tentativeExpiryMinutes }).returning();
  return space!;
};

const subscribe = (accountId: number, path: string, subscriptions: readonly string[], inboxId: number | null = null) =>
  getDb()
    .insert(webhooks)
    .values({ accountId, url: `${receiver.base}${path}`, subscriptions: [...subscriptions], secret: `secret-${path}`, inboxId });

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await startReceiver();
  team = await makeTeam();
  account = { id: team.account.id, name: team.account.name };
  base = `/api/v1/accounts/${account.id}`;
  hall = await makeSpace(account.id, "Grand Hall");
  quick = await makeSpace(account.id, "Quick Room", 5);
  // An API inbox with a webhook_url and a bot: they hear their conversations, never planning.
  const inbox = await api.post(`${base}/inboxes`, { ...admin(), body: { name: "API", channel: { type: "api", webhook_url: `${receiver.base}/api-inbox` } } });
  expect(inbox.status).toBe(200);
  const bot = await api.post(`${base}/agent_bots`, { ...admin(), body: { name: "Bot", outgoing_url: `${receiver.base}/bot` } });
  expect(bot.status).toBe(200);
  expect((await api.post(`${base}/inboxes/${inbox.body.id}/set_agent_bot`, { ...admin(), body: { agent_bot: bot.body.id } })).status).toBeLessThan(300);

  await subscribe(account.id, "/all", planningEvents);
  await subscribe(account.id, "/chatwoot", chatwootWebhookEvents);
  await subscribe(account.id, "/quote-sent", ["quote_sent"]);
  await subscribe(account.id, "/inbox-scoped", planningEvents, inbox.body.id);
  const other = await makeTeam();
  await subscribe(other.account.id, "/other-account", planningEvents);
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

const deliver = () => dispatchDue(getDb(), { now: () => new Date(Date.now() + 1_000) });

/** Runs `write`, then the dispatcher, and answers what arrived meanwhile (what the set-up sent is delivered first). */
const deliveredBy = async <T>(write: () => Promise<T>) => {
  await deliver();
  const from = receiver.received.length;
  const result = await write();
  await deliver();
  const arrived = receiver.received.slice(from);
  return { result, arrived, all: arrived.filter((r) => r.path === "/all").map((r) => r.json) };
};

/** The names that reached the all-events webhook, sorted (delivery order is not guaranteed). */
const names = (payloads: Json[]) => payloads.map((p) => p.event as string).sort();
const one = (payloads: Json[], name: string) => {
  const found = payloads.filter((p) => p.event === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

/** What the OpenAPI document says the event's body is, exactly (no undocumented key). */
const documented = (received: Received) => {
  const name = received.json.event as keyof typeof planningWebhookPayloads;
  const result = z.strictObject(planningWebhookPayloads[name].shape).safeParse(received.json);
  expect(result.error?.issues ?? [], name).toEqual([]);
  expect(received.headers["x-venuedesk-event"]).toBe(name);
  expect(received.headers["x-chatwoot-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
};

/** The JSON without one key (a write's `warnings`, send_quote's `delivery`: answers, not the resource). */
const without = (json: Json, key: string) => Object.fromEntries(Object.entries(json).filter(([name]) => name !== key));
const withoutWarnings = (json: Json) => without(json, "warnings");

const eventCount = async () => {
  const [row] = await getDb().select({ n: count() }).from(events).where(eq(events.accountId, account.id));
  return row!.n;
};

const actorOf = async (name: string, subjectId: string | number) => {
  const [row] = await getDb()
    .select({ actor: events.actor })
    .from(events)
    .where(and(eq(events.accountId, account.id), eq(events.name, name), eq(events.subjectId, String(subjectId))));
  return row?.actor;
};

const window = (day: number, from = "10:00", to = "12:00") => ({ start_at: `2031-03-${String(day).padStart(2, "0")}T${from}:00+01:00`, end_at: `2031-03-${String(day).padStart(2, "0")}T${to}:00+01:00` });

const createAllocation = async (body: Json) => {
  const res = await api.post(`${base}/planning/allocations`, { ...admin(), body: { allocation: body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};

const createEvent = async (event: Json, extra: Json = {}) => {
  const res = await api.post(`${base}/planning/events`, { ...admin(), body: { event, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Json;
};

const quotesOf = (eventId: string) => `${base}/planning/events/${eventId}/quotes`;

/** An event holding the hall on `days`, and its quote, sent. */
const sentQuote = async (name: string, days: number[], space = hall) => {
  const event = await createEvent({ name }, { allocations: days.map((day) => ({ space_id: space.id, ...window(day) })) });
  const made = await api.post(quotesOf(event.id), { ...admin(), body: { name: `Quote for ${name}` } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const sent = await api.post(`${quotesOf(event.id)}/${made.body.id}/send_quote`, { ...admin(), body: { delivery_mode: "manual" } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { event, quote: sent.body as Json };
};

describe("allocation events", () => {
  it("sends allocation_created, allocation_updated with changed_attributes, allocation_cancelled on cancel and on delete", async () => {
    const created = await deliveredBy(() => createAllocation({ space_id: hall.id, ...window(2), title: "Setup" }));
    expect(names(created.all)).toEqual(["allocation_created"]);
    expect(created.all[0]).toEqual({ event: "allocation_created", ...withoutWarnings(created.result), account });
    const id = created.result.id as string;
    expect(await actorOf("allocation_created", id)).toEqual({ kind: "user", id: team.admin.user.id });

    const moved = await deliveredBy(async () => (await api.patch(`${base}/planning/allocations/${id}`, { ...admin(), body: { allocation: { title: "Gala setup", ...window(3) } } })).body);
    expect(names(moved.all)).toEqual(["allocation_updated"]);
    const { changed_attributes: changes, ...updated } = moved.all[0]!;
    expect(updated).toEqual({ event: "allocation_updated", ...withoutWarnings(moved.result), account });
    expect(changes.map((change: Json) => Object.keys(change)[0])).toEqual(["start_at", "end_at", "title", "updated_at"]);
    expect(changes[2]).toEqual({ title: { previous_value: "Setup", current_value: "Gala setup" } });

    // A PATCH that changes nothing is no change: nothing is sent.
    const same = await deliveredBy(() => api.patch(`${base}/planning/allocations/${id}`, { ...admin(), body: { allocation: { title: "Gala setup" } } }));
    expect(same.result.status).toBe(200);
    expect(same.arrived).toEqual([]);

    const cancelled = await deliveredBy(async () => (await api.patch(`${base}/planning/allocations/${id}`, { ...admin(), body: { allocation: { status: "cancelled" } } })).body);
    expect(names(cancelled.all)).toEqual(["allocation_cancelled", "allocation_updated"]);
    expect(one(cancelled.all, "allocation_cancelled")).toMatchObject({ id, status: "cancelled", deleted: false, changed_attributes: expect.arrayContaining([{ status: { previous_value: "tentative", current_value: "cancelled" } }]) });
    expect(one(cancelled.all, "allocation_updated")).toMatchObject({ id, status: "cancelled" });

    const deleted = await deliveredBy(() => api.delete(`${base}/planning/allocations/${id}`, admin()));
    expect(deleted.result.status).toBeLessThan(300);
    expect(names(deleted.all)).toEqual(["allocation_cancelled"]);
    expect(deleted.all[0]).toEqual({ event: "allocation_cancelled", ...withoutWarnings(cancelled.result), deleted: true, account });
    for (const received of [created, moved, cancelled, deleted].flatMap((step) => step.arrived)) documented(received);
  });

  it("announces each lapsed hold once with allocation_expired, even with two sweepers at once", async () => {
    const holds = [await createAllocation({ space_id: quick.id, ...window(5) }), await createAllocation({ space_id: quick.id, ...window(6) })];
    const later = new Date(Date.now() + 10 * 60_000);
    const swept = await deliveredBy(() => Promise.all([sweepExpiredHolds(getDb(), later), sweepExpiredHolds(getDb(), later)]));
    expect(swept.result[0] + swept.result[1]).toBe(2);
    expect(names(swept.all)).toEqual(["allocation_expired", "allocation_expired"]);
    for (const hold of holds) {
      const expired = swept.all.find((p) => p.id === hold.id)!;
      expect(expired).toMatchObject({ status: "expired", expires_at: hold.expires_at, account });
      expect(expired).not.toHaveProperty("changed_attributes");
      const shown = await api.get(`${base}/planning/allocations/${hold.id}`, admin());
      expect(expired).toEqual({ event: "allocation_expired", ...shown.body, account });
      expect(await actorOf("allocation_expired", hold.id as string)).toEqual({ kind: "system" });
    }
    swept.arrived.forEach(documented);
    expect((await deliveredBy(() => sweepExpiredHolds(getDb(), later))).arrived).toEqual([]);
  });
});

describe("planning event events", () => {
  it("sends event_created once the allocations are attached, allocation_created for each new one, allocation_updated for an attached one", async () => {
    const loose = await createAllocation({ space_id: hall.id, ...window(9) });
    const made = await deliveredBy(() =>
      createEvent(
        { name: "Spring gala", attendees_count: 80 },
        { allocations: [{ space_id: hall.id, ...window(10) }, { space_id: hall.id, ...window(11) }], allocation_ids: [loose.id] },
      ),
    );
    expect(names(made.all)).toEqual(["allocation_created", "allocation_created", "allocation_updated", "event_created"]);
    const created = one(made.all, "event_created");
    expect(created).toEqual({ event: "event_created", ...made.result, account });
    expect(created.allocation_ids).toHaveLength(3);
    expect(one(made.all, "allocation_updated").changed_attributes).toEqual(
      expect.arrayContaining([{ event_id: { previous_value: null, current_value: made.result.id } }]),
    );
    expect(made.all.filter((p) => p.event === "allocation_created").every((p) => p.event_id === made.result.id)).toBe(true);
    made.arrived.forEach(documented);

    const bare = await deliveredBy(() => createEvent({ name: "Small meeting" }));
    expect(bare.all).toEqual([{ event: "event_created", ...bare.result, account }]);
  });

  it("sends event_updated with changed_attributes, and nothing when nothing changed", async () => {
    const event = await createEvent({ name: "Board dinner" });
    const edited = await deliveredBy(async () => (await api.patch(`${base}/planning/events/${event.id}`, { ...admin(), body: { event: { name: "Board dinner 2031", status: "tentative" } } })).body);
    expect(names(edited.all)).toEqual(["event_updated"]);
    const { changed_attributes: changes, ...payload } = edited.all[0]!;
    expect(payload).toEqual({ event: "event_updated", ...edited.result, account });
    expect(changes).toEqual([
      { name: { previous_value: "Board dinner", current_value: "Board dinner 2031" } },
      { status: { previous_value: "lead", current_value: "tentative" } },
      { updated_at: { previous_value: event.updated_at, current_value: edited.result.updated_at } },
    ]);
    edited.arrived.forEach(documented);
    const same = await deliveredBy(() => api.patch(`${base}/planning/events/${event.id}`, { ...admin(), body: { event: { name: "Board dinner 2031" } } }));
    expect(same.result.status).toBe(200);
    expect(same.arrived).toEqual([]);
  });

  it("announces an event's allocations as deleted when the event is deleted", async () => {
    const event = await createEvent({ name: "Cancelled fair" }, { allocations: [{ space_id: hall.id, ...window(13) }] });
    const gone = await deliveredBy(() => api.delete(`${base}/planning/events/${event.id}`, admin()));
    expect(gone.result.status).toBeLessThan(300);
    expect(gone.all).toEqual([expect.objectContaining({ event: "allocation_cancelled", id: event.allocation_ids[0], deleted: true })]);
  });
});

describe("quote events", () => {
  it("sends quote_sent with the event it prices, quote_viewed on the first view only, then quote_withdrawn", async () => {
    const event = await createEvent({ name: "Product launch" }, { allocations: [{ space_id: hall.id, ...window(16) }] });
    const made = await api.post(quotesOf(event.id), { ...admin(), body: { name: "Launch quote" } });
    const sent = await deliveredBy(async () => (await api.post(`${quotesOf(event.id)}/${made.body.id}/send_quote`, { ...admin(), body: { delivery_mode: "manual" } })).body);
    expect(names(sent.all)).toEqual(["quote_sent"]);
    const quote = without(sent.result, "delivery");
    expect(sent.all[0]).toEqual({ event: "quote_sent", ...quote, planning_event: { id: event.id, name: "Product launch", status: "lead" }, account });
    expect(sent.arrived.filter((r) => r.path === "/quote-sent").map((r) => r.json.event)).toEqual(["quote_sent"]);

    const token = quote.public_token as string;
    const viewed = await deliveredBy(async () => {
      expect((await api.get(`/q/${token}/pdf`)).status).toBe(200);
      expect((await api.get(`/q/${token}/pdf`)).status).toBe(200);
      await publicQuote(getDb(), token, { recordView: true });
    });
    expect(names(viewed.all)).toEqual(["quote_viewed"]);
    const shown = await api.get(`${quotesOf(event.id)}/${quote.id}`, admin());
    expect(viewed.all[0]).toEqual({ event: "quote_viewed", ...shown.body, planning_event: { id: event.id, name: "Product launch", status: "lead" }, account });
    expect(viewed.all[0]!.viewed_at).not.toBeNull();
    expect(await actorOf("quote_viewed", quote.id)).toEqual({ kind: "contact" });

    const withdrawn = await deliveredBy(() => api.post(`${quotesOf(event.id)}/${quote.id}/withdraw`, admin()));
    expect(withdrawn.result.status).toBe(200);
    expect(withdrawn.all).toEqual([{ event: "quote_withdrawn", ...withdrawn.result.body, planning_event: { id: event.id, name: "Product launch", status: "lead" }, account }]);
    for (const received of [sent, viewed, withdrawn].flatMap((step) => step.arrived)) documented(received);
  });

  it("sends quote_rejected for a planner's rejection and a customer's, once", async () => {
    const byPlanner = await sentQuote("Trade fair", [18]);
    const rejected = await deliveredBy(() => api.post(`${quotesOf(byPlanner.event.id)}/${byPlanner.quote.id}/reject`, { ...admin(), body: { rejection_reason: "Budget" } }));
    expect(rejected.result.status).toBe(200);
    expect(rejected.all).toEqual([{ event: "quote_rejected", ...rejected.result.body, planning_event: { id: byPlanner.event.id, name: "Trade fair", status: "lead" }, account }]);
    rejected.arrived.forEach(documented);

    const byCustomer = await sentQuote("Wedding", [19]);
    const declined = await deliveredBy(async () => {
      await rejectByToken(getDb(), byCustomer.quote.public_token, "We found another venue");
      await rejectByToken(getDb(), byCustomer.quote.public_token, "We found another venue");
    });
    expect(declined.all).toEqual([expect.objectContaining({ event: "quote_rejected", id: byCustomer.quote.id, status: "rejected", rejection_reason: "We found another venue" })]);
    expect(await actorOf("quote_rejected", byCustomer.quote.id)).toEqual({ kind: "contact" });
  });

  it("accepting on the public page sends quote_accepted, allocation_updated per hold confirmed and event_updated, once", async () => {
    const { event, quote } = await sentQuote("Summer party", [20, 21]);
    const accepted = await deliveredBy(async () => {
      await acceptByToken(getDb(), quote.public_token, { by: { userId: null, name: "Maria Jansen", ip: "127.0.0.1", userAgent: "test" } });
      await acceptByToken(getDb(), quote.public_token, { by: { userId: null, name: "Someone Else", ip: "127.0.0.1", userAgent: "test" } });
    });
    expect(names(accepted.all)).toEqual(["allocation_updated", "allocation_updated", "event_updated", "quote_accepted"]);

    const shownQuote = await api.get(`${quotesOf(event.id)}/${quote.id}`, admin());
    expect(one(accepted.all, "quote_accepted")).toEqual({
      event: "quote_accepted",
      ...shownQuote.body,
      planning_event: { id: event.id, name: "Summer party", status: "definite" },
      account,
    });
    expect(shownQuote.body.accepted_by_name).toBe("Maria Jansen");

    const holds = accepted.all.filter((p) => p.event === "allocation_updated");
    expect(holds.map((p) => p.id).sort()).toEqual([...event.allocation_ids].sort());
    for (const hold of holds) {
      expect(hold.status).toBe("confirmed");
      expect(hold.changed_attributes).toEqual(expect.arrayContaining([{ status: { previous_value: "tentative", current_value: "confirmed" } }]));
    }
    const shownEvent = await api.get(`${base}/planning/events/${event.id}`, admin());
    const { changed_attributes: changes, ...eventPayload } = one(accepted.all, "event_updated");
    expect(eventPayload).toEqual({ event: "event_updated", ...shownEvent.body, account });
    expect(changes).toEqual(expect.arrayContaining([{ status: { previous_value: "lead", current_value: "definite" } }]));
    expect(await actorOf("quote_accepted", quote.id)).toEqual({ kind: "contact" });
    accepted.arrived.forEach(documented);
  });

  it("a planner's acceptance is the planner's", async () => {
    const { event, quote } = await sentQuote("Team offsite", [23]);
    const accepted = await deliveredBy(() => api.post(`${quotesOf(event.id)}/${quote.id}/accept`, { ...admin(), body: {} }));
    expect(accepted.result.status).toBe(200);
    expect(names(accepted.all)).toEqual(["allocation_updated", "event_updated", "quote_accepted"]);
    expect(await actorOf("quote_accepted", quote.id)).toEqual({ kind: "user", id: team.admin.user.id });
  });

  it("a refused acceptance (409: a hold's time was booked meanwhile) records nothing, not even the holds it confirmed first", async () => {
    const { event, quote } = await sentQuote("Autumn ball", [25, 26]);
    // Another event books the second day outright: allowed (it jumps the queue), so that hold can no longer be confirmed.
    await createAllocation({ space_id: hall.id, ...window(26), status: "confirmed" });
    const before = await eventCount();
    const refused = await deliveredBy(() => api.post(`${quotesOf(event.id)}/${quote.id}/accept`, { ...admin(), body: {} }));
    expect(refused.result.status).toBe(409);
    expect(await eventCount()).toBe(before);
    expect(refused.arrived).toEqual([]);
  });
});

describe("who hears them", () => {
  it("a write that fails records nothing: an event whose second allocation is refused", async () => {
    const before = await eventCount();
    const refused = await deliveredBy(() =>
      api.post(`${base}/planning/events`, {
        ...admin(),
        body: { event: { name: "Half made" }, allocations: [{ space_id: hall.id, ...window(28) }, { space_id: "00000000-0000-4000-8000-000000000000", ...window(29) }] },
      }),
    );
    expect(refused.result.status).toBe(422);
    expect(refused.result.body.errors[0].field).toBe("allocations.1.space_id");
    expect(await eventCount()).toBe(before);
    expect(refused.arrived).toEqual([]);
  });

  it("only the account webhooks subscribed to them: not a Chatwoot-events webhook, an inbox-scoped one, an API inbox, a bot or another account", () => {
    const paths = new Set(receiver.received.map((r) => r.path));
    expect([...paths].sort()).toEqual(["/all", "/quote-sent"]);
    const sentCount = receiver.received.filter((r) => r.path === "/all" && r.json.event === "quote_sent").length;
    expect(receiver.seenAt("/quote-sent")).toHaveLength(sentCount);
    expect(new Set(receiver.seenAt("/all").map((r) => r.json.event))).toEqual(new Set(planningEvents));
  });
});
