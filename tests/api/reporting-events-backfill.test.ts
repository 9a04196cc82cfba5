import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { reportingEvents } from "@/db/schema";
import { clock, makeReportingDesk, useReportingClock } from "../helpers/reporting";

/*
 * Migration 0014's backfill, run statement by statement exactly as the migrator runs the file,
 * over conversations whose events the writer recorded through the API and which are then taken
 * away: it must put back what the writer wrote, as far as the stored history tells, and never
 * double an event that exists.
 */

const migration = readFileSync(path.join(process.cwd(), "db/migrations/0014_reporting_events_backfill.sql"), "utf8");
const runMigration = async () => {
  for (const statement of migration.split("--> statement-breakpoint")) await getDb().execute(sql.raw(statement));
};

/** The events the backfill derives from conversations and messages; openings and hand-offs it cannot. */
const derived = ["first_response", "reply_time", "conversation_resolved", "conversation_bot_resolved"];

let desk: Awaited<ReturnType<typeof makeReportingDesk>>;
const ids: Record<"london" | "botResolved" | "handedOff" | "reopened" | "unanswered", number> = {} as never;

const accountEvents = async () =>
  getDb()
    .select()
    .from(reportingEvents)
    .where(eq(reportingEvents.accountId, desk.cast.account.id))
    .orderBy(asc(reportingEvents.conversationId), asc(reportingEvents.eventEndTime), asc(reportingEvents.name));

/** An event without its identity (id, last update): what reports read. */
const content = (event: Awaited<ReturnType<typeof accountEvents>>[number]) => ({ ...event, id: 0, updatedAt: null });

let written: Awaited<ReturnType<typeof accountEvents>>;

beforeAll(async () => {
  useReportingClock();
  desk = await makeReportingDesk();
  const { inboxes, bot, openConversation, send, contactWrites, agentReplies, toggle, rowOf, cast } = desk;
  const agent = { assignee_id: cast.agent.user.id };

  // Answered over London's DST weekend; two messages make one wait; a note and a second reply end none.
  clock("2026-03-27T16:00:00Z");
  const london = await openConversation(inboxes.london, agent);
  await contactWrites(london);
  clock("2026-03-30T09:00:00Z");
  await agentReplies(london);
  clock("2026-03-30T10:00:00Z");
  await contactWrites(london);
  clock("2026-03-30T10:30:00Z");
  await contactWrites(london);
  clock("2026-03-30T11:00:00Z");
  await send(london, { content: "Checking", private: true });
  clock("2026-03-31T08:30:00Z");
  await agentReplies(london);
  clock("2026-03-31T09:00:00Z");
  await agentReplies(london);
  clock("2026-03-31T10:00:00Z");
  await toggle(london, "resolved");

  clock("2026-04-01T11:00:00Z");
  const botResolved = await openConversation(inboxes.bot);
  await contactWrites(botResolved);
  await send(botResolved, { content: "Done, bye" }, bot.token);
  clock("2026-04-01T11:05:00Z");
  await toggle(botResolved, "resolved", bot.token);

  clock("2026-04-01T09:00:00Z");
  const handedOff = await openConversation(inboxes.bot);
  clock("2026-04-01T09:10:00Z");
  await toggle(handedOff, "open", bot.token);
  clock("2026-04-01T09:40:00Z");
  await agentReplies(handedOff);

  clock("2026-04-02T09:00:00Z");
  const reopened = await openConversation(inboxes.newYork, agent);
  clock("2026-04-02T09:10:00Z");
  await agentReplies(reopened);
  clock("2026-04-02T10:00:00Z");
  await toggle(reopened, "resolved");
  clock("2026-04-03T09:00:00Z");
  await contactWrites(reopened);
  clock("2026-04-03T15:30:00Z");
  await agentReplies(reopened);
  clock("2026-04-03T16:00:00Z");
  await toggle(reopened, "resolved");

  clock("2026-04-06T09:00:00Z");
  const unanswered = await openConversation(inboxes.plain);
  await contactWrites(unanswered);
  await send(unanswered, { content: "Only a note", private: true });

  for (const [key, conversation] of Object.entries({ london, botResolved, handedOff, reopened, unanswered })) {
    ids[key as keyof typeof ids] = (await rowOf(conversation)).id;
  }
  written = await accountEvents();
  vi.useRealTimers();
});

afterAll(() => {
  vi.useRealTimers();
});

describe("migration 0014's backfill", () => {
  it("starts from what the writer recorded", () => {
    const names = (id: number) => written.filter((e) => e.conversationId === id).map((e) => e.name);
    expect(names(ids.london)).toEqual(["first_response", "reply_time", "conversation_resolved"]);
    expect(names(ids.botResolved)).toEqual(["conversation_bot_resolved", "conversation_resolved"]);
    expect(names(ids.handedOff)).toEqual(["conversation_bot_handoff", "conversation_opened", "first_response"]);
    expect(names(ids.reopened)).toEqual(["first_response", "conversation_resolved", "conversation_opened", "reply_time", "conversation_resolved"]);
    expect(names(ids.unanswered)).toEqual([]);
  });

  it("puts back the events it can derive, measured as the writer measures them", async () => {
    await getDb()
      .delete(reportingEvents)
      .where(and(eq(reportingEvents.accountId, desk.cast.account.id), inArray(reportingEvents.name, derived)));
    // Events kept from before 0014 had no business-hours value.
    await getDb().update(reportingEvents).set({ valueInBusinessHours: 0 }).where(eq(reportingEvents.accountId, desk.cast.account.id));

    await runMigration();

    // No history of status changes is stored: of the reopened conversation's two resolutions only
    // the last (at its last update) comes back. Everything else is as the writer wrote it — the
    // hand-off's first response measured from the kept hand-off, the London one in business hours.
    const firstResolution = written.find((e) => e.conversationId === ids.reopened && e.name === "conversation_resolved")!;
    const expected = written.filter((e) => e !== firstResolution);
    expect((await accountEvents()).map(content)).toEqual(expected.map(content));
  });

  it("doubles nothing when run again", async () => {
    const before = await accountEvents();
    await runMigration();
    expect(await accountEvents()).toEqual(before);
  });
});
