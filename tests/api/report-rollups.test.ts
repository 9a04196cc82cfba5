import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes, messages, reportingEvents } from "@/db/schema";
import { rollupPath, wholeHours, wholeHourZone } from "@/lib/reports/rollups";
import { reportMetrics } from "@/lib/reports/schemas";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The hourly rollups (migration 0016) against the raw rows: every report the rollups answer must
 * give the raw path's figures, over windows with ragged edges, zones with whole and half-hour
 * offsets and a DST change, and after the rows move (created_at), go (a conversation deleted) or
 * change (value_in_business_hours backfilled). The table itself must equal the migration's
 * backfill over the same rows.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const inboxIdsOf = new Map<number, number[]>();

const eventNames = ["first_response", "reply_time", "conversation_resolved", "conversation_opened", "conversation_bot_resolved", "conversation_bot_handoff"];

/** A deterministic fixture over 27 March – 2 April 2026 (London's clocks go forward at 01:00 UTC on the 29th). */
const seed = async (owner: Team, seedValue: number) => {
  const db = getDb();
  const accountId = owner.account.id;
  let state = seedValue;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const start = Date.parse("2026-03-27T00:00:00Z");
  // Some instants on the hour exactly (a window's ends included), the rest anywhere to the second.
  const instant = () => new Date(start + (next(4) === 0 ? next(144) * 3_600_000 : next(144 * 3600) * 1000));
  const made = await db
    .insert(inboxes)
    .values(
      ["Website", "Mail"].map((name) => ({ accountId, name, channelType: "Channel::Api" as const, identifier: `${name}-${accountId}`, hmacToken: "h", secret: "s" })),
    )
    .returning();
  const inboxIds = made.map((inbox) => inbox.id);
  inboxIdsOf.set(accountId, inboxIds);
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  const users = [owner.admin.user.id, owner.agent.user.id];
  const rows = await db
    .insert(conversations)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        accountId,
        displayId: i + 1,
        inboxId: inboxIds[next(2)]!,
        contactId: contact!.id,
        assigneeId: next(3) === 0 ? null : users[next(2)]!,
        createdAt: instant(),
      })),
    )
    .returning();
  const senders = [
    { senderType: "User" as const, senderId: users[0] },
    { senderType: "User" as const, senderId: users[1] },
    { senderType: "AgentBot" as const, senderId: 1 },
    { senderType: "Contact" as const, senderId: contact!.id },
  ];
  await db.insert(messages).values(
    Array.from({ length: 300 }, () => {
      const conversation = rows[next(rows.length)]!;
      return {
        accountId,
        inboxId: conversation.inboxId,
        conversationId: conversation.id,
        messageType: next(5) === 0 ? 2 : next(2),
        private: next(6) === 0,
        content: "hello",
        ...senders[next(4)]!,
        createdAt: instant(),
      };
    }),
  );
  await db.insert(reportingEvents).values(
    Array.from({ length: 240 }, () => {
      const conversation = rows[next(rows.length)]!;
      const value = next(20_000) + next(1000) / 7;
      return {
        accountId,
        name: eventNames[next(eventNames.length)]!,
        value,
        valueInBusinessHours: value / (1 + next(3)),
        conversationId: conversation.id,
        inboxId: next(10) === 0 ? null : conversation.inboxId,
        userId: next(4) === 0 ? null : users[next(2)]!,
        createdAt: instant(),
      };
    }),
  );
  return rows;
};

let conversationRows: Awaited<ReturnType<typeof seed>>;

// Thousands of report requests, far over the reports' rate limits (not what this file tests).
const rateLimits = process.env.RATE_LIMITS;
afterAll(() => {
  process.env.RATE_LIMITS = rateLimits;
});

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  team = await makeTeam();
  other = await makeTeam();
  conversationRows = await seed(team, 7);
  // Another account, busy over the same hours: in neither path.
  await seed(other, 11);
});

afterEach(() => {
  rollupPath.enabled = true;
});

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const windows = [
  { since: unix("2026-03-27T05:17:23Z"), until: unix("2026-04-01T19:42:05Z") },
  // On the hour at both ends, both included.
  { since: unix("2026-03-28T00:00:00Z"), until: unix("2026-03-31T00:00:00Z") },
  // Inside one hour: raw only.
  { since: unix("2026-03-29T10:10:00Z"), until: unix("2026-03-29T10:50:00Z") },
  // Across London's change, ragged.
  { since: unix("2026-03-28T22:30:00Z"), until: unix("2026-03-29T03:15:30Z") },
];
const zones = ["timezone_offset=0", "timezone=Europe/London", "timezone_offset=5.5", "timezone=Asia/Kolkata"];

const get = async (url: string) => {
  const res = await api.get(url, { token: team.admin.token });
  expect(res.status, url).toBe(200);
  return res.body as unknown;
};

/** Equal, numbers to a millionth (sums of floating-point values may differ in their last bits). */
const expectSame = (actual: unknown, expected: unknown, where: string) => {
  if (typeof expected === "number") {
    expect(typeof actual, where).toBe("number");
    expect(actual as number, where).toBeCloseTo(expected, 6);
    return;
  }
  if (expected !== null && typeof expected === "object") {
    expect(actual !== null && typeof actual === "object", where).toBe(true);
    expect(Object.keys(actual as object), where).toEqual(Object.keys(expected));
    for (const [key, value] of Object.entries(expected)) expectSame((actual as Record<string, unknown>)[key], value, `${where} ${key}`);
    return;
  }
  expect(actual, where).toEqual(expected);
};

/** Every route the rollups serve, over each window: the rollup path's answer, then the raw one's, must agree. */
const urls = () => {
  const v2 = `/api/v2/accounts/${team.account.id}`;
  const [inbox] = inboxIdsOf.get(team.account.id)!;
  const scopes = ["type=account", `type=inbox&id=${inbox}`, `type=agent&id=${team.admin.user.id}`, `type=agent&id=${team.agent.user.id}`];
  const list: string[] = [];
  for (const { since, until } of windows) {
    const range = `since=${since}&until=${until}`;
    for (const scope of scopes) {
      for (const metric of reportMetrics) {
        for (const group of ["hour", "day", "month"]) {
          for (const zone of zones) list.push(`${v2}/reports?metric=${metric}&${scope}&group_by=${group}&${zone}&${range}`);
        }
        list.push(`${v2}/reports?metric=${metric}&${scope}&group_by=day&business_hours=true&timezone=Europe/London&${range}`);
      }
      list.push(`${v2}/reports/summary?${scope}&${range}`, `${v2}/reports/summary?${scope}&business_hours=true&${range}`);
      list.push(`${v2}/reports/bot_summary?${scope}&${range}`);
    }
    for (const dimension of ["inbox", "agent", "team"]) {
      list.push(`${v2}/summary_reports/${dimension}?${range}`, `${v2}/summary_reports/${dimension}?business_hours=true&${range}`);
    }
    for (const group of ["agent", "inbox"]) list.push(`${v2}/reports/outgoing_messages_count?group_by=${group}&${range}`);
    list.push(`${v2}/reports/bot_metrics?${range}`, `${v2}/reports/bot_metrics?inbox_ids=${inbox}&${range}`);
  }
  return list;
};

const expectPathsAgree = async () => {
  const list = urls();
  const rolled = [];
  for (const url of list) rolled.push(await get(url));
  rollupPath.enabled = false;
  for (const [i, url] of list.entries()) expectSame(rolled[i], await get(url), url);
  rollupPath.enabled = true;
};

/** The migration's backfill statements, reading the sources as they are now. */
const backfill = readFileSync(path.resolve(__dirname, "../../db/migrations/0016_report_rollups.sql"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.replace(/^--.*$/gm, "").trim())
  .filter((statement) => statement.startsWith("INSERT INTO report_rollups"));

type RollupRow = { account_id: number; metric: string; hour: string; inbox_id: number; user_id: number; count: string; value_sum: number; value_bh_sum: number };

/** The triggers' table equals the backfill over the same rows (keys whose count fell to 0 hold nothing). */
const expectTableMatchesBackfill = async () => {
  const accounts = [team.account.id, other.account.id];
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`create temp table rollups_check (like report_rollups including defaults) on commit drop`);
    for (const statement of backfill) await tx.execute(sql.raw(statement.replace("INSERT INTO report_rollups", "INSERT INTO pg_temp.rollups_check")));
    const read = (table: string, where: string) =>
      tx.execute<RollupRow>(
        sql.raw(`select * from ${table} where account_id in (${accounts.join(", ")}) and ${where} order by account_id, metric, hour, inbox_id, user_id`),
      );
    const kept = await read("report_rollups", "count <> 0");
    const expected = await read("pg_temp.rollups_check", "true");
    expect(backfill).toHaveLength(3);
    expect(expected.length).toBeGreaterThan(100);
    const keyOf = (row: RollupRow) => [row.account_id, row.metric, row.hour, row.inbox_id, row.user_id, row.count];
    expect(kept.map(keyOf)).toEqual(expected.map(keyOf));
    kept.forEach((row, i) => {
      expect(row.value_sum).toBeCloseTo(expected[i]!.value_sum, 6);
      expect(row.value_bh_sum).toBeCloseTo(expected[i]!.value_bh_sum, 6);
    });
    const emptied = await read("report_rollups", "count = 0");
    for (const row of emptied) {
      expect(Math.abs(row.value_sum)).toBeLessThan(1e-6);
      expect(Math.abs(row.value_bh_sum)).toBeLessThan(1e-6);
    }
  });
};

describe("whole hours and zones", () => {
  it("splits a window into its whole UTC hours", () => {
    const cases: [string, string, string, string][] = [
      ["2026-03-27T05:17:23Z", "2026-04-01T19:42:05Z", "2026-03-27T06:00:00.000Z", "2026-04-01T19:00:00.000Z"],
      ["2026-03-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-03-28T00:00:00.000Z", "2026-03-31T00:00:00.000Z"],
      ["2026-03-29T10:10:00Z", "2026-03-29T10:50:00Z", "2026-03-29T11:00:00.000Z", "2026-03-29T10:00:00.000Z"],
    ];
    for (const [since, until, from, to] of cases) {
      const hours = wholeHours({ since: new Date(since), until: new Date(until) });
      expect([hours.from.toISOString(), hours.to.toISOString()]).toEqual([from, to]);
    }
  });

  it("takes only zones whose offset is whole hours over the window", () => {
    const year = { since: new Date("2026-01-01T00:00:00Z"), until: new Date("2027-01-01T00:00:00Z") };
    const cases: [Parameters<typeof wholeHourZone>[0], boolean][] = [
      [{ offsetMinutes: 0 }, true],
      [{ offsetMinutes: -180 }, true],
      [{ offsetMinutes: 330 }, false],
      [{ name: "Europe/London" }, true],
      [{ name: "America/New_York" }, true],
      [{ name: "Asia/Kolkata" }, false],
      // +10:30 in the southern winter, +11 in summer: both ends of the year are +11.
      [{ name: "Australia/Lord_Howe" }, false],
    ];
    for (const [zone, whole] of cases) expect(wholeHourZone(zone, year), JSON.stringify(zone)).toBe(whole);
  });
});

// Some two thousand in-process requests per comparison.
const COMPARISON_MS = 120_000;

describe("report rollups", () => {
  it("answer every report as the raw rows do, and equal the migration's backfill", async () => {
    await expectTableMatchesBackfill();
    await expectPathsAgree();
  }, COMPARISON_MS);

  it("follow rows moved in time, as the demo's elapse moves them", async () => {
    const db = getDb();
    const moved = conversationRows.slice(0, 8).map((row) => row.id);
    const back = (column: unknown) => sql`${column} - make_interval(mins => 97)`;
    for (const id of moved) {
      await db.update(conversations).set({ createdAt: back(conversations.createdAt) }).where(eq(conversations.id, id));
      await db.update(messages).set({ createdAt: back(messages.createdAt) }).where(eq(messages.conversationId, id));
      await db.update(reportingEvents).set({ createdAt: back(reportingEvents.createdAt) }).where(eq(reportingEvents.conversationId, id));
    }
    // A reply turned into a private note, and an event handed to the other agent.
    await db.execute(sql`update messages set private = not private where id = (select min(id) from messages where account_id = ${team.account.id})`);
    await db.update(reportingEvents).set({ userId: team.agent.user.id }).where(and(eq(reportingEvents.accountId, team.account.id), eq(reportingEvents.userId, team.admin.user.id), eq(reportingEvents.name, "reply_time")));
    await expectTableMatchesBackfill();
    await expectPathsAgree();
  }, COMPARISON_MS);

  it("follow a deleted conversation and backfilled business-hours values", async () => {
    const db = getDb();
    await db.delete(conversations).where(eq(conversations.id, conversationRows[10]!.id));
    await db.delete(conversations).where(eq(conversations.id, conversationRows[11]!.id));
    await db.update(reportingEvents).set({ valueInBusinessHours: sql`${reportingEvents.value} * 0.25` }).where(eq(reportingEvents.accountId, team.account.id));
    await expectTableMatchesBackfill();
    await expectPathsAgree();
  }, COMPARISON_MS);
});
