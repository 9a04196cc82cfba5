import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accounts, contacts, conversations, inboxes, labels, messages, reportingEvents, teams } from "@/db/schema";
import { rollupPath, wholeHours, wholeHourZone } from "@/lib/reports/rollups";
import { reportMetrics } from "@/lib/reports/schemas";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The hourly rollups (migrations 0016, 0017) against the raw rows: every report the rollups answer
 * must give the raw path's figures, over windows with ragged edges, zones with whole and half-hour
 * offsets and a DST change, and after the rows move (created_at), go (a conversation deleted),
 * change (value_in_business_hours backfilled) or change hands (a conversation's team and labels).
 * The tables themselves must equal the migrations' backfills over the same rows.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const inboxIdsOf = new Map<number, number[]>();
const teamIdsOf = new Map<number, number[]>();
const labelIdsOf = new Map<number, number[]>();
/** Conversations carry their labels' titles lowercased. */
const labelTitles = ["VIP", "Billing", "Wedding"];

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
  const teamIds = (await db.insert(teams).values([{ accountId, name: "Sales" }, { accountId, name: "Events" }]).returning()).map((row) => row.id);
  teamIdsOf.set(accountId, teamIds);
  const labelIds = (await db.insert(labels).values(labelTitles.map((title) => ({ accountId, title }))).returning()).map((row) => row.id);
  labelIdsOf.set(accountId, labelIds);
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
        teamId: next(3) === 0 ? null : teamIds[next(2)]!,
        labels: labelTitles.filter(() => next(2) === 0).map((title) => title.toLowerCase()),
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

/**
 * Every route the rollups serve, over each window. `every` crosses each scope and metric with every
 * grouping and zone; otherwise each scope and metric takes one of them in turn, so that each still
 * appears (what the data changes below move is the tables, read the same way by every grouping).
 */
const urls = (every: boolean) => {
  const v2 = `/api/v2/accounts/${team.account.id}`;
  const [inbox] = inboxIdsOf.get(team.account.id)!;
  const [sales] = teamIdsOf.get(team.account.id)!;
  const [vip, billing] = labelIdsOf.get(team.account.id)!;
  const scopes = [
    "type=account",
    `type=inbox&id=${inbox}`,
    `type=agent&id=${team.admin.user.id}`,
    `type=agent&id=${team.agent.user.id}`,
    `type=team&id=${sales}`,
    `type=label&id=${vip}`,
    `type=label&id=${billing}`,
  ];
  const allGroupings = ["hour", "day", "month"].flatMap((group) => zones.map((zone) => `group_by=${group}&${zone}`));
  const list: string[] = [];
  let turn = 0;
  for (const { since, until } of windows) {
    const range = `since=${since}&until=${until}`;
    for (const scope of scopes) {
      // Zones and groupings are read the same whatever the scope: every one for the first four.
      const groupings = scope.startsWith("type=team") || scope.startsWith("type=label") ? ["group_by=hour&timezone=Europe/London", "group_by=day&timezone_offset=5.5"] : allGroupings;
      for (const metric of reportMetrics) {
        for (const grouping of every ? groupings : [groupings[turn++ % groupings.length]!]) {
          list.push(`${v2}/reports?metric=${metric}&${scope}&${grouping}&${range}`);
        }
        list.push(`${v2}/reports?metric=${metric}&${scope}&group_by=day&business_hours=true&timezone=Europe/London&${range}`);
      }
      list.push(`${v2}/reports/summary?${scope}&${range}`, `${v2}/reports/summary?${scope}&business_hours=true&${range}`);
      list.push(`${v2}/reports/bot_summary?${scope}&${range}`);
    }
    for (const dimension of ["inbox", "agent", "team", "label"]) {
      list.push(`${v2}/summary_reports/${dimension}?${range}`, `${v2}/summary_reports/${dimension}?business_hours=true&${range}`);
    }
    for (const group of ["agent", "inbox", "team", "label"]) list.push(`${v2}/reports/outgoing_messages_count?group_by=${group}&${range}`);
    list.push(`${v2}/reports/bot_metrics?${range}`, `${v2}/reports/bot_metrics?inbox_ids=${inbox}&${range}`);
  }
  return list;
};

/** Each URL's answer, a few requests in flight at a time (the handlers wait on PostgreSQL much of it). */
const answers = async (list: string[]) => {
  const out: unknown[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await get(list[i]!);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
};

const expectPathsAgree = async ({ every }: { every: boolean }) => {
  const list = urls(every);
  const rolled = await answers(list);
  rollupPath.enabled = false;
  const raw = await answers(list);
  rollupPath.enabled = true;
  for (const [i, url] of list.entries()) expectSame(rolled[i], raw[i], url);
};

/** A migration's backfill statements into a table, reading the sources as they are now. */
const backfillOf = (migration: string, table: string) =>
  readFileSync(path.resolve(__dirname, `../../db/migrations/${migration}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith(`INSERT INTO ${table} `));

type Figures = { count: string; value_sum: number; value_bh_sum: number };

/**
 * The triggers' table equals its migration's backfill over the same rows (keys whose count fell to
 * 0 hold nothing, and their sums 0).
 */
const expectTableMatchesBackfill = async (migration: string, table: string, key: string) => {
  const statements = backfillOf(migration, table);
  const accounts = [team.account.id, other.account.id];
  await getDb().transaction(async (tx) => {
    await tx.execute(sql.raw(`create temp table rollups_check (like ${table} including defaults) on commit drop`));
    for (const statement of statements) await tx.execute(sql.raw(statement.replace(`INSERT INTO ${table} `, "INSERT INTO pg_temp.rollups_check ")));
    const read = (from: string, where: string) =>
      tx.execute<Record<string, unknown> & Figures>(sql.raw(`select * from ${from} where account_id in (${accounts.join(", ")}) and ${where} order by ${key}`));
    const kept = await read(table, "count <> 0");
    const expected = await read("pg_temp.rollups_check", "true");
    expect(statements).toHaveLength(3);
    expect(expected.length).toBeGreaterThan(100);
    const keyOf = (row: Record<string, unknown>) => [...key.split(", ").map((column) => row[column]), row.count];
    expect(kept.map(keyOf)).toEqual(expected.map(keyOf));
    kept.forEach((row, i) => {
      expect(row.value_sum).toBeCloseTo(expected[i]!.value_sum, 6);
      expect(row.value_bh_sum).toBeCloseTo(expected[i]!.value_bh_sum, 6);
    });
    const emptied = await read(table, "count = 0");
    for (const row of emptied) {
      expect(Math.abs(row.value_sum)).toBeLessThan(1e-6);
      expect(Math.abs(row.value_bh_sum)).toBeLessThan(1e-6);
    }
  });
};

const expectTablesMatchBackfills = async () => {
  await expectTableMatchesBackfill("0016_report_rollups", "report_rollups", "account_id, metric, hour, inbox_id, user_id");
  await expectTableMatchesBackfill("0017_report_group_rollups", "report_group_rollups", "account_id, dimension, metric, hour, key");
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

// In-process requests: some 4,700 for the whole comparison, 1,300 for the others.
const COMPARISON_MS = 120_000;

describe("report rollups", () => {
  it("answer every report as the raw rows do, and equal the migration's backfill", async () => {
    await expectTablesMatchBackfills();
    await expectPathsAgree({ every: true });
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
    await expectTablesMatchBackfills();
    await expectPathsAgree({ every: false });
  }, COMPARISON_MS);

  it("follow a deleted conversation and backfilled business-hours values", async () => {
    const db = getDb();
    await db.delete(conversations).where(eq(conversations.id, conversationRows[10]!.id));
    await db.delete(conversations).where(eq(conversations.id, conversationRows[11]!.id));
    await db.update(reportingEvents).set({ valueInBusinessHours: sql`${reportingEvents.value} * 0.25` }).where(eq(reportingEvents.accountId, team.account.id));
    await expectTablesMatchBackfills();
    await expectPathsAgree({ every: false });
  }, COMPARISON_MS);

  it("move a conversation's messages and events with its team and labels", async () => {
    const db = getDb();
    const [sales, events] = teamIdsOf.get(team.account.id)!;
    const ids = conversationRows.slice(12, 30).map((row) => row.id);
    // Labels added, removed and replaced; teams changed, removed and given, one statement for many rows.
    await db.update(conversations).set({ labels: sql`array_append(${conversations.labels}, 'vip')` }).where(and(eq(conversations.id, ids[0]!), sql`not 'vip' = any(${conversations.labels})`));
    await db.update(conversations).set({ labels: [] }).where(eq(conversations.id, ids[1]!));
    await db.update(conversations).set({ labels: ["billing", "wedding"] }).where(inArray(conversations.id, ids.slice(2, 6)));
    await db.update(conversations).set({ teamId: events }).where(inArray(conversations.id, ids.slice(6, 10)));
    await db.update(conversations).set({ teamId: null, labels: ["vip"] }).where(eq(conversations.id, ids[10]!));
    await db.update(conversations).set({ teamId: sales, createdAt: sql`${conversations.createdAt} + interval '5 hours'` }).where(eq(conversations.id, ids[11]!));
    // Rows of labelled conversations: a message and an event gone, new ones, a note made public.
    await db.execute(sql`delete from messages where id = (select max(id) from messages where conversation_id = ${ids[2]!})`);
    await db.execute(sql`delete from reporting_events where id = (select max(id) from reporting_events where conversation_id = ${ids[3]!})`);
    const [moved] = conversationRows.slice(2, 3);
    await db.insert(messages).values({
      accountId: team.account.id,
      inboxId: moved!.inboxId,
      conversationId: ids[2]!,
      messageType: 1,
      content: "late",
      senderType: "User",
      senderId: team.agent.user.id,
      createdAt: new Date("2026-03-30T08:20:00Z"),
    });
    await db.insert(reportingEvents).values({
      accountId: team.account.id,
      name: "reply_time",
      value: 420,
      valueInBusinessHours: 120,
      conversationId: ids[4]!,
      inboxId: moved!.inboxId,
      userId: team.agent.user.id,
      createdAt: new Date("2026-03-30T08:25:00Z"),
    });
    await db.execute(sql`update messages set private = false where conversation_id = ${ids[5]!} and private`);
    // A labelled conversation deleted (its messages and events with it), and a team deleted (its conversations' team_id set null).
    await db.update(conversations).set({ teamId: sales, labels: ["vip", "billing"] }).where(eq(conversations.id, ids[12]!));
    await db.delete(conversations).where(eq(conversations.id, ids[12]!));
    await db.delete(teams).where(eq(teams.id, events!));
    await expectTablesMatchBackfills();
    await expectPathsAgree({ every: false });
  }, COMPARISON_MS);

  it("go with their account", async () => {
    const db = getDb();
    await db.delete(accounts).where(eq(accounts.id, other.account.id));
    for (const table of ["report_rollups", "report_group_rollups"]) {
      const [row] = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where account_id = ${other.account.id}`));
      expect(row!.n, table).toBe(0);
    }
    await expectTablesMatchBackfills();
  });
});
