import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, reportingEvents } from "@/db/schema";
import { api } from "./app";
import { joinInbox, makeBot, makeTeam } from "./factories";

/*
 * A help desk whose conversations make reporting events through the API, at chosen times. The
 * write paths stamp messages, conversations and events with the process's `new Date()`, so the
 * tests using it fake only `Date` (timers stay real for the database driver) and set it before
 * each request: call `useReportingClock()` first, `vi.useRealTimers()` after.
 *
 * Inboxes: London (Europe/London, Mon–Fri 09:00–17:00), New York (America/New_York, Mon–Sat
 * 08:00–12:00), Plain (hours disabled), and Bot (London's hours, run by an agent bot).
 */

export type Conversation = { id: number; [key: string]: any };
export type Inbox = { id: number; [key: string]: any };

export const HOUR = 3600;

/** Sets the clock every write reads, to an instant given in UTC. */
export const clock = (iso: string) => vi.setSystemTime(new Date(iso));

export const useReportingClock = () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock("2026-03-01T12:00:00Z");
};

const weekdays = (days: number[], open: number, close: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((day) =>
    days.includes(day)
      ? { day_of_week: day, closed_all_day: false, open_hour: open, open_minutes: 0, close_hour: close, close_minutes: 0 }
      : { day_of_week: day, closed_all_day: true },
  );

export const makeReportingDesk = async () => {
  const cast = await makeTeam();
  const bot = await makeBot(cast.account.id);
  const v1 = (path: string) => `/api/v1/accounts/${cast.account.id}${path}`;

  const createInbox = async (name: string, settings: Record<string, unknown>) => {
    const res = await api.post(v1("/inboxes"), { token: cast.admin.token, body: { name, channel: { type: "api" }, ...settings } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await joinInbox(cast.account.id, res.body.id);
    return res.body as Inbox;
  };
  const london = { timezone: "Europe/London", working_hours_enabled: true, working_hours: weekdays([1, 2, 3, 4, 5], 9, 17) };
  const inboxes = {
    london: await createInbox("London", london),
    newYork: await createInbox("New York", { timezone: "America/New_York", working_hours_enabled: true, working_hours: weekdays([1, 2, 3, 4, 5, 6], 8, 12) }),
    plain: await createInbox("Plain", { timezone: "Europe/London", working_hours_enabled: false }),
    bot: await createInbox("Bot", london),
  };
  const set = await api.post(v1(`/inboxes/${inboxes.bot.id}/set_agent_bot`), { token: cast.admin.token, body: { agent_bot: bot.bot.id } });
  expect(set.status).toBeLessThan(300);
  const [contact] = await getDb().insert(contacts).values({ accountId: cast.account.id, name: "Ada", email: `${randomUUID()}@example.test` }).returning();

  const openConversation = async (inbox: Inbox, body: Record<string, unknown> = {}) => {
    const res = await api.post(v1("/conversations"), { token: cast.admin.token, body: { inbox_id: inbox.id, contact_id: contact!.id, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Conversation;
  };
  const send = async (conversation: Conversation, body: Record<string, unknown>, token = cast.agent.token) => {
    const res = await api.post(v1(`/conversations/${conversation.id}/messages`), { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const toggle = async (conversation: Conversation, status: string, token = cast.admin.token) => {
    const res = await api.post(v1(`/conversations/${conversation.id}/toggle_status`), { token, body: { status } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.current_status).toBe(status);
  };
  const rowOf = async (conversation: Conversation) => {
    const [row] = await getDb()
      .select()
      .from(conversations)
      .where(and(eq(conversations.accountId, cast.account.id), eq(conversations.displayId, conversation.id)));
    return row!;
  };
  /** The conversation's events as reports read them, oldest first. */
  const eventsOf = async (conversation: Conversation) => {
    const row = await rowOf(conversation);
    const rows = await getDb().select().from(reportingEvents).where(eq(reportingEvents.conversationId, row.id)).orderBy(asc(reportingEvents.id));
    return rows.map((e) => ({
      name: e.name,
      value: e.value,
      value_in_business_hours: e.valueInBusinessHours,
      user_id: e.userId,
      inbox_id: e.inboxId,
      account_id: e.accountId,
      start: e.eventStartTime?.toISOString(),
      end: e.eventEndTime?.toISOString(),
      created_at: e.createdAt.toISOString(),
    }));
  };

  return {
    cast,
    bot,
    inboxes,
    v1,
    openConversation,
    send,
    contactWrites: (conversation: Conversation) => send(conversation, { content: "Hello?", message_type: "incoming" }),
    agentReplies: (conversation: Conversation) => send(conversation, { content: "Here to help" }),
    toggle,
    rowOf,
    eventsOf,
  };
};
