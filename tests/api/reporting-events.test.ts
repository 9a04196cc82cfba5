import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { handOffAfterBotFailure } from "@/lib/events/failures";
import { api } from "../helpers/app";
import { HOUR, clock, makeReportingDesk, useReportingClock, type Conversation, type Inbox } from "../helpers/reporting";

/*
 * Reporting events recorded as conversations change, through the API, with figures computed by
 * hand (the desk and its clock: tests/helpers/reporting.ts). Reports read the events'
 * `created_at`, which is the change's time. London moves to BST on Sunday 29 March 2026, New
 * York to EDT on Sunday 8 March 2026.
 */

let desk: Awaited<ReturnType<typeof makeReportingDesk>>;

/** An expected event; `created_at` is its end, the time of the change. */
const event = (
  name: string,
  inbox: Inbox,
  span: { start: string; end: string; value: number; business: number; user: number | null },
) => ({
  name,
  value: span.value,
  value_in_business_hours: span.business,
  user_id: span.user,
  inbox_id: inbox.id,
  account_id: desk.cast.account.id,
  start: new Date(span.start).toISOString(),
  end: new Date(span.end).toISOString(),
  created_at: new Date(span.end).toISOString(),
});

const the = {} as Record<"london" | "newYork" | "plain" | "handedOff" | "botResolved" | "reopened", Conversation>;

beforeAll(async () => {
  useReportingClock();
  desk = await makeReportingDesk();
  const { inboxes, bot, openConversation, send, contactWrites, agentReplies, toggle, cast } = desk;

  // Friday 27 March 16:00 GMT → Monday 30 March 10:00 BST (09:00Z): 65 hours, the clocks having gone forward.
  for (const key of ["london", "plain"] as const) {
    clock("2026-03-27T16:00:00Z");
    the[key] = await openConversation(inboxes[key]);
    await contactWrites(the[key]);
    clock("2026-03-30T09:00:00Z");
    await agentReplies(the[key]);
  }
  // London again: the contact writes Monday 11:00 BST, the agent answers Tuesday 09:30 BST.
  clock("2026-03-30T10:00:00Z");
  await contactWrites(the.london);
  clock("2026-03-31T08:30:00Z");
  await agentReplies(the.london);

  // Saturday 7 March 11:00 EST (16:00Z) → Monday 9 March 09:00 EDT (13:00Z): 45 hours.
  clock("2026-03-07T16:00:00Z");
  the.newYork = await openConversation(inboxes.newYork);
  await contactWrites(the.newYork);
  clock("2026-03-09T13:00:00Z");
  await agentReplies(the.newYork);

  // The bot's inbox, Wednesday 1 April from 10:00 BST: pending; the bot hands off after 10 minutes,
  // an agent answers 30 minutes later.
  clock("2026-04-01T09:00:00Z");
  the.handedOff = await openConversation(inboxes.bot);
  expect(the.handedOff.status).toBe("pending");
  await contactWrites(the.handedOff);
  await send(the.handedOff, { content: "Beep, let me see" }, bot.token);
  clock("2026-04-01T09:10:00Z");
  await toggle(the.handedOff, "open", bot.token);
  clock("2026-04-01T09:40:00Z");
  await agentReplies(the.handedOff);

  // The bot resolves one on its own, five minutes after it started.
  clock("2026-04-01T11:00:00Z");
  the.botResolved = await openConversation(inboxes.bot);
  await contactWrites(the.botResolved);
  await send(the.botResolved, { content: "Done, bye" }, bot.token);
  clock("2026-04-01T11:05:00Z");
  await toggle(the.botResolved, "resolved", bot.token);

  // Thursday 2 April 10:00 BST, assigned to the agent: answered at 10:10, resolved by the
  // administrator at 11:00; the contact reopens it Friday 10:00 BST, answered 10:30, resolved 11:00.
  clock("2026-04-02T09:00:00Z");
  the.reopened = await openConversation(inboxes.london, { assignee_id: cast.agent.user.id });
  clock("2026-04-02T09:10:00Z");
  await agentReplies(the.reopened);
  clock("2026-04-02T10:00:00Z");
  await toggle(the.reopened, "resolved");
  clock("2026-04-03T09:00:00Z");
  await contactWrites(the.reopened);
  clock("2026-04-03T09:30:00Z");
  await agentReplies(the.reopened);
  clock("2026-04-03T10:00:00Z");
  await toggle(the.reopened, "resolved");
});

afterAll(() => {
  vi.useRealTimers();
});

describe("reporting events", () => {
  it("measures a first response and a reply time across a weekend and London's DST change, in all and in business hours", async () => {
    const agent = desk.cast.agent.user.id;
    expect(await desk.eventsOf(the.london)).toEqual([
      // 16:00Z Friday → 09:00Z Monday = 65 h; open: Friday 16:00–17:00 GMT and Monday 09:00–10:00 BST.
      event("first_response", desk.inboxes.london, { start: "2026-03-27T16:00:00Z", end: "2026-03-30T09:00:00Z", value: 65 * HOUR, business: 2 * HOUR, user: agent }),
      // Monday 11:00 BST → Tuesday 09:30 BST = 22.5 h; open: Monday 11:00–17:00 and Tuesday 09:00–09:30.
      event("reply_time", desk.inboxes.london, { start: "2026-03-30T10:00:00Z", end: "2026-03-31T08:30:00Z", value: 22.5 * HOUR, business: 6.5 * HOUR, user: agent }),
    ]);
  });

  it("reads another inbox's hours in its own zone, and none when its hours are disabled", async () => {
    const agent = desk.cast.agent.user.id;
    expect(await desk.eventsOf(the.newYork)).toEqual([
      // Saturday 11:00–12:00 EST and Monday 08:00–09:00 EDT.
      event("first_response", desk.inboxes.newYork, { start: "2026-03-07T16:00:00Z", end: "2026-03-09T13:00:00Z", value: 45 * HOUR, business: 2 * HOUR, user: agent }),
    ]);
    expect(await desk.eventsOf(the.plain)).toEqual([
      event("first_response", desk.inboxes.plain, { start: "2026-03-27T16:00:00Z", end: "2026-03-30T09:00:00Z", value: 65 * HOUR, business: 0, user: agent }),
    ]);
  });

  it("counts a bot's hand-off once and measures the first response from it", async () => {
    expect(await desk.eventsOf(the.handedOff)).toEqual([
      // Opening a pending conversation is an opening too, with nothing to measure the first time.
      event("conversation_opened", desk.inboxes.bot, { start: "2026-04-01T09:00:00Z", end: "2026-04-01T09:10:00Z", value: 0, business: 0, user: null }),
      event("conversation_bot_handoff", desk.inboxes.bot, { start: "2026-04-01T09:00:00Z", end: "2026-04-01T09:10:00Z", value: 600, business: 600, user: null }),
      // From the hand-off, not the creation.
      event("first_response", desk.inboxes.bot, { start: "2026-04-01T09:10:00Z", end: "2026-04-01T09:40:00Z", value: 1800, business: 1800, user: desk.cast.agent.user.id }),
    ]);
  });

  it("records a resolution by the bot alone as the bot's too", async () => {
    const span = { start: "2026-04-01T11:00:00Z", end: "2026-04-01T11:05:00Z", value: 300, business: 300, user: null };
    expect(await desk.eventsOf(the.botResolved)).toEqual([
      event("conversation_resolved", desk.inboxes.bot, span),
      event("conversation_bot_resolved", desk.inboxes.bot, span),
    ]);
  });

  it("measures a reopening from the last resolution, and each resolution from the creation, for the assignee", async () => {
    const agent = desk.cast.agent.user.id;
    expect(await desk.eventsOf(the.reopened)).toEqual([
      event("first_response", desk.inboxes.london, { start: "2026-04-02T09:00:00Z", end: "2026-04-02T09:10:00Z", value: 600, business: 600, user: agent }),
      event("conversation_resolved", desk.inboxes.london, { start: "2026-04-02T09:00:00Z", end: "2026-04-02T10:00:00Z", value: HOUR, business: HOUR, user: agent }),
      // Thursday 11:00 BST → Friday 10:00 BST = 23 h; open: Thursday 11:00–17:00 and Friday 09:00–10:00.
      event("conversation_opened", desk.inboxes.london, { start: "2026-04-02T10:00:00Z", end: "2026-04-03T09:00:00Z", value: 23 * HOUR, business: 7 * HOUR, user: agent }),
      event("reply_time", desk.inboxes.london, { start: "2026-04-03T09:00:00Z", end: "2026-04-03T09:30:00Z", value: 1800, business: 1800, user: agent }),
      // Thursday 10:00 BST → Friday 11:00 BST = 25 h; open: Thursday 10:00–17:00 and Friday 09:00–11:00.
      event("conversation_resolved", desk.inboxes.london, { start: "2026-04-02T09:00:00Z", end: "2026-04-03T10:00:00Z", value: 25 * HOUR, business: 9 * HOUR, user: agent }),
    ]);
  });

  it("gives the summary report the same averages", async () => {
    const window = `since=${Date.parse("2026-03-01T00:00:00Z") / 1000}&until=${Date.parse("2026-04-04T00:00:00Z") / 1000}`;
    const res = await api.get(`/api/v2/accounts/${desk.cast.account.id}/reports/summary?type=account&${window}`, { token: desk.cast.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // (65 h + 65 h + 45 h + 1800 s + 600 s) / 5
      avg_first_response_time: (65 * HOUR + 65 * HOUR + 45 * HOUR + 1800 + 600) / 5,
      // (300 s + 1 h + 25 h) / 3
      avg_resolution_time: (300 + HOUR + 25 * HOUR) / 3,
      resolutions_count: 3,
      // (22.5 h + 1800 s) / 2
      reply_time: (22.5 * HOUR + 1800) / 2,
    });
  });
});

describe("the reports over this desk", () => {
  const window = `since=${Date.parse("2026-03-01T00:00:00Z") / 1000}&until=${Date.parse("2026-04-04T00:00:00Z") / 1000}`;
  const v2 = (path: string) => api.get(`/api/v2/accounts/${desk.cast.account.id}${path}`, { token: desk.cast.admin.token });

  it("count only working hours when asked: each inbox's own, none where they are off", async () => {
    const res = await v2(`/reports/summary?type=account&business_hours=true&${window}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // London 2 h, Plain (hours off) 0, New York 2 h, the hand-off's 1800 s and the reopened one's 600 s.
      avg_first_response_time: (2 * HOUR + 0 + 2 * HOUR + 1800 + 600) / 5,
      avg_resolution_time: (300 + HOUR + 9 * HOUR) / 3,
      reply_time: (6.5 * HOUR + 1800) / 2,
    });
  });

  it("give each inbox its own row, in all and in working hours", async () => {
    const rows = async (businessHours: boolean) =>
      Object.fromEntries(
        ((await v2(`/summary_reports/inbox?business_hours=${businessHours}&${window}`)).body as { id: number }[]).map((row) => [row.id, row]),
      );
    const { london, newYork, plain, bot } = desk.inboxes;
    const all = await rows(false);
    expect(all[london.id]).toEqual({
      id: london.id,
      conversations_count: 2,
      resolved_conversations_count: 2,
      avg_resolution_time: (HOUR + 25 * HOUR) / 2,
      avg_first_response_time: (65 * HOUR + 600) / 2,
      avg_reply_time: (22.5 * HOUR + 1800) / 2,
    });
    expect(all[newYork.id]).toMatchObject({ conversations_count: 1, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 45 * HOUR });
    expect(all[plain.id]).toMatchObject({ conversations_count: 1, avg_first_response_time: 65 * HOUR, avg_reply_time: null });
    expect(all[bot.id]).toMatchObject({ conversations_count: 2, resolved_conversations_count: 1, avg_resolution_time: 300, avg_first_response_time: 1800 });
    const working = await rows(true);
    expect(working[london.id]).toMatchObject({ avg_resolution_time: (HOUR + 9 * HOUR) / 2, avg_first_response_time: (2 * HOUR + 600) / 2, avg_reply_time: (6.5 * HOUR + 1800) / 2 });
    expect(working[plain.id]).toMatchObject({ avg_first_response_time: 0 });
  });

  it("put first responses in London's weeks, from Monday midnight whatever the clocks say", async () => {
    const res = await v2(`/reports?metric=avg_first_response_time&type=account&group_by=week&timezone=Europe/London&${window}`);
    expect(res.status).toBe(200);
    const weeks = (res.body as { timestamp: number; value: number; count: number }[]).filter((week) => week.count > 0);
    expect(weeks).toEqual([
      // New York's, answered Monday 9 March: the week from Monday 9 March 00:00 GMT.
      { timestamp: Date.parse("2026-03-09T00:00:00Z") / 1000, value: 45 * HOUR, count: 1 },
      // London's and Plain's (Monday 30 March), the hand-off's and the reopened one's: from 00:00 BST, 23:00Z the day before.
      { timestamp: Date.parse("2026-03-29T23:00:00Z") / 1000, value: (65 * HOUR + 65 * HOUR + 1800 + 600) / 4, count: 4 },
    ]);
  });

  it("count the bot's resolution and hand-off, and sort first responses into Chatwoot's buckets", async () => {
    expect((await v2(`/reports/bot_summary?type=account&${window}`)).body).toMatchObject({ bot_resolutions_count: 1, bot_handoffs_count: 1 });
    expect((await v2(`/reports/first_response_time_distribution?${window}`)).body).toEqual({
      "Channel::Api": { "0-1h": 2, "1-4h": 0, "4-8h": 0, "8-24h": 0, "24h+": 3 },
    });
  });
});

describe("every way a status changes", () => {
  it("records nothing for a conversation created resolved", async () => {
    const [blocked] = await getDb()
      .insert(contacts)
      .values({ accountId: desk.cast.account.id, name: "Blocked", email: `${randomUUID()}@example.test`, blocked: true })
      .returning();
    clock("2026-04-06T09:00:00Z");
    const created = await desk.openConversation(desk.inboxes.london, { contact_id: blocked!.id });
    expect(created.status).toBe("resolved");
    expect(await desk.eventsOf(created)).toEqual([]);
  });

  it("records an opening when a contact's message wakes a snoozed conversation, and a resolution when muted", async () => {
    clock("2026-04-06T09:00:00Z");
    const c = await desk.openConversation(desk.inboxes.london);
    await desk.toggle(c, "snoozed");
    clock("2026-04-06T10:00:00Z");
    await desk.contactWrites(c);
    clock("2026-04-06T11:00:00Z");
    expect((await api.post(desk.v1(`/conversations/${c.id}/mute`), { token: desk.cast.admin.token })).status).toBe(200);
    expect((await desk.eventsOf(c)).map((e) => [e.name, e.value, e.end])).toEqual([
      ["conversation_opened", 0, "2026-04-06T10:00:00.000Z"],
      ["conversation_resolved", 2 * HOUR, "2026-04-06T11:00:00.000Z"],
    ]);
  });

  it("leaves a resolved conversation pending, not opened, when a contact writes in a bot's inbox; the hand-off opens it", async () => {
    clock("2026-04-07T09:00:00Z");
    const c = await desk.openConversation(desk.inboxes.bot);
    clock("2026-04-07T09:05:00Z");
    await desk.toggle(c, "resolved", desk.bot.token);
    clock("2026-04-07T10:05:00Z");
    await desk.contactWrites(c);
    expect((await api.get(desk.v1(`/conversations/${c.id}`), { token: desk.cast.admin.token })).body.status).toBe("pending");
    clock("2026-04-07T10:15:00Z");
    await desk.toggle(c, "open", desk.bot.token);
    expect((await desk.eventsOf(c)).map((e) => [e.name, e.value])).toEqual([
      ["conversation_resolved", 300],
      ["conversation_bot_resolved", 300],
      ["conversation_opened", 70 * 60],
      ["conversation_bot_handoff", 75 * 60],
    ]);
  });

  it("counts a bot's hand-off once, and measures the first response from the latest opening", async () => {
    clock("2026-04-07T12:00:00Z");
    const c = await desk.openConversation(desk.inboxes.bot);
    clock("2026-04-07T12:10:00Z");
    await desk.toggle(c, "open", desk.bot.token);
    await desk.toggle(c, "pending");
    clock("2026-04-07T12:20:00Z");
    await desk.toggle(c, "open", desk.bot.token);
    clock("2026-04-07T12:45:00Z");
    await desk.agentReplies(c);
    expect((await desk.eventsOf(c)).map((e) => [e.name, e.value, e.start, e.end])).toEqual([
      ["conversation_opened", 0, "2026-04-07T12:00:00.000Z", "2026-04-07T12:10:00.000Z"],
      ["conversation_bot_handoff", 600, "2026-04-07T12:00:00.000Z", "2026-04-07T12:10:00.000Z"],
      ["conversation_opened", 0, "2026-04-07T12:00:00.000Z", "2026-04-07T12:20:00.000Z"],
      ["first_response", 1500, "2026-04-07T12:20:00.000Z", "2026-04-07T12:45:00.000Z"],
    ]);
  });

  it("records the opening, not a hand-off, when the system opens a conversation its bot failed", async () => {
    clock("2026-04-08T09:00:00Z");
    const c = await desk.openConversation(desk.inboxes.bot);
    const row = await desk.rowOf(c);
    clock("2026-04-08T09:02:00Z");
    expect(await handOffAfterBotFailure(getDb(), row.id)).toBe(true);
    expect((await desk.eventsOf(c)).map((e) => [e.name, e.value, e.end])).toEqual([["conversation_opened", 0, "2026-04-08T09:02:00.000Z"]]);
  });

  it("records a resolution by the contact through the Client API for the assignee", async () => {
    const widget = `/public/api/v1/inboxes/${desk.inboxes.plain.inbox_identifier}`;
    clock("2026-04-09T09:00:00Z");
    const contact = await api.post(`${widget}/contacts`, { body: { name: "Grace" } });
    expect(contact.status).toBe(200);
    const created = await api.post(`${widget}/contacts/${contact.body.source_id}/conversations`, { body: {} });
    expect(created.status).toBe(200);
    const c = { id: created.body.id as number };
    expect((await api.post(desk.v1(`/conversations/${c.id}/assignments`), { token: desk.cast.admin.token, body: { assignee_id: desk.cast.agent.user.id } })).status).toBe(200);
    clock("2026-04-09T09:30:00Z");
    const resolved = await api.post(`${widget}/contacts/${contact.body.source_id}/conversations/${c.id}/toggle_status`, { body: {} });
    expect(resolved.status).toBe(200);
    expect((await desk.eventsOf(c)).map((e) => [e.name, e.value, e.user_id])).toEqual([["conversation_resolved", 1800, desk.cast.agent.user.id]]);
  });
});
