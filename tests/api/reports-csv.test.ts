import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, contacts, conversations, inboxes, labels, messages, reportingEvents, teams, users } from "@/db/schema";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

/**
 * The six CSV downloads, byte for byte, on a small fixture whose figures are worked out by hand
 * below. October 2026 is the window; another account has activity in the same days and never
 * shows. Names test the quoting (a comma, double quotes) and the formula guard (= + - @).
 */
let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const october = `since=${unix("2026-10-01T00:00:00Z")}&until=${unix("2026-10-31T23:59:59Z")}`;
const period = "Reporting period 2026-10-01 to 2026-10-31\n\n\n";
const download = (accountId: number, path: string, token: string) => api.get(`/api/v2/accounts/${accountId}/reports/${path}`, { token });

const rename = (userId: number, name: string) => getDb().update(users).set({ name }).where(eq(users.id, userId));
const inbox = (accountId: number, name: string, channelType: "Channel::Api" | "Channel::WebWidget") => ({
  accountId,
  name,
  channelType,
  identifier: `csv-${accountId}-${name}`,
  hmacToken: "h",
  secret: "s",
});

/** Account conversations at given times (the traffic report), in a fresh inbox. */
const conversationsAt = async (accountId: number, times: Date[]) => {
  const db = getDb();
  const [box] = await db.insert(inboxes).values(inbox(accountId, `Traffic ${times.length}-${accountId}`, "Channel::Api")).returning();
  const [contact] = await db.insert(contacts).values({ accountId, name: "Caller" }).returning();
  // Display ids continue the account's numbering.
  const [row] = await db.execute<{ max: number }>(sql`select coalesce(max(display_id), 0)::int as max from conversations where account_id = ${accountId}`);
  const max = Number(row!.max);
  await db
    .insert(conversations)
    .values(times.map((createdAt, i) => ({ accountId, displayId: max + i + 1, inboxId: box!.id, contactId: contact!.id, createdAt })));
};

beforeAll(async () => {
  const db = getDb();
  team = await makeTeam();
  other = await makeTeam();
  const idle = await makeMember(team.account.id, "agent");
  await rename(team.admin.user.id, "Smith, Ann");
  await rename(team.agent.user.id, "@bob");
  await rename(idle.user.id, 'Idle "Ida"');
  const accountId = team.account.id;
  const [desk, formula] = await db
    .insert(inboxes)
    .values([inbox(accountId, "Front desk", "Channel::WebWidget"), inbox(accountId, '=HYPERLINK("http://x")', "Channel::Api")])
    .returning();
  const [sales, events] = await db.insert(teams).values([{ accountId, name: "Sales, EMEA" }, { accountId, name: "-Events" }]).returning();
  await db.insert(labels).values([{ accountId, title: "vip" }, { accountId, title: "wedding" }, { accountId, title: "corporate" }]);
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  const [c1, c2, c3] = await db
    .insert(conversations)
    .values([
      { accountId, displayId: 1, inboxId: desk!.id, contactId: contact!.id, teamId: sales!.id, labels: ["vip", "wedding"], assigneeId: team.admin.user.id, createdAt: at("2026-10-01T08:00:00Z") },
      { accountId, displayId: 2, inboxId: formula!.id, contactId: contact!.id, labels: ["vip"], assigneeId: team.agent.user.id, createdAt: at("2026-10-03T08:00:00Z") },
      // Created before the window, resolved inside it.
      { accountId, displayId: 3, inboxId: formula!.id, contactId: contact!.id, teamId: events!.id, assigneeId: team.admin.user.id, createdAt: at("2026-09-15T08:00:00Z") },
    ])
    .returning();
  const message = (conversationId: number, inboxId: number, createdAt: string, messageType: number, sender: { senderType: "User" | "Contact"; senderId: number }, isPrivate = false) => ({
    accountId,
    conversationId,
    inboxId,
    messageType,
    content: "hello",
    private: isPrivate,
    createdAt: at(createdAt),
    ...sender,
  });
  const guest = { senderType: "Contact" as const, senderId: contact!.id };
  const ann = { senderType: "User" as const, senderId: team.admin.user.id };
  const bob = { senderType: "User" as const, senderId: team.agent.user.id };
  await db.insert(messages).values([
    message(c1!.id, desk!.id, "2026-10-01T07:00:00Z", 0, guest),
    message(c1!.id, desk!.id, "2026-10-01T09:00:00Z", 1, ann),
    message(c1!.id, desk!.id, "2026-10-01T10:00:00Z", 1, ann),
    message(c1!.id, desk!.id, "2026-10-03T11:00:00Z", 1, ann, true),
    message(c2!.id, formula!.id, "2026-10-04T08:00:00Z", 0, guest),
    message(c2!.id, formula!.id, "2026-10-04T09:00:00Z", 1, bob),
  ]);
  const event = (name: string, value: number, conversationId: number, inboxId: number, userId: number, createdAt: string) => ({
    accountId,
    name,
    value,
    conversationId,
    inboxId,
    userId,
    createdAt: at(createdAt),
  });
  await db.insert(reportingEvents).values([
    event("first_response", 3900, c1!.id, desk!.id, team.admin.user.id, "2026-10-01T09:00:00Z"),
    event("reply_time", 125, c1!.id, desk!.id, team.admin.user.id, "2026-10-01T10:00:00Z"),
    event("first_response", 45, c2!.id, formula!.id, team.agent.user.id, "2026-10-04T09:00:00Z"),
    event("conversation_resolved", 90_000, c1!.id, desk!.id, team.admin.user.id, "2026-10-05T09:00:00Z"),
    event("conversation_resolved", 86_700, c3!.id, formula!.id, team.admin.user.id, "2026-10-06T09:00:00Z"),
    // After the window.
    event("first_response", 999, c1!.id, desk!.id, team.admin.user.id, "2026-11-02T09:00:00Z"),
  ]);

  // The other account: same days, same kinds of rows.
  const otherId = other.account.id;
  const [otherInbox] = await db.insert(inboxes).values(inbox(otherId, "Elsewhere", "Channel::Api")).returning();
  await db.insert(teams).values({ accountId: otherId, name: "Other team" });
  await db.insert(labels).values({ accountId: otherId, title: "vip" });
  const [otherContact] = await db.insert(contacts).values({ accountId: otherId, name: "Someone" }).returning();
  const [o1] = await db
    .insert(conversations)
    .values({ accountId: otherId, displayId: 1, inboxId: otherInbox!.id, contactId: otherContact!.id, labels: ["vip"], assigneeId: other.admin.user.id, createdAt: at("2026-10-02T08:00:00Z") })
    .returning();
  await db.insert(messages).values({ accountId: otherId, conversationId: o1!.id, inboxId: otherInbox!.id, messageType: 1, content: "x", senderType: "User", senderId: other.admin.user.id, createdAt: at("2026-10-02T09:00:00Z") });
  await db.insert(reportingEvents).values([
    { accountId: otherId, name: "first_response", value: 7, conversationId: o1!.id, inboxId: otherInbox!.id, userId: other.admin.user.id, createdAt: at("2026-10-02T09:00:00Z") },
    { accountId: otherId, name: "conversation_resolved", value: 7, conversationId: o1!.id, inboxId: otherInbox!.id, userId: other.admin.user.id, createdAt: at("2026-10-02T10:00:00Z") },
  ]);
});

describe("per-dimension downloads", () => {
  // Ann: c1 assigned in the window (c3 was created before it); first response 3900 s; resolutions
  // of c1 (90000 s) and c3 (86700 s) average 88350 s = 1 day 32 min 30 s (two units shown);
  // customer waiting 125 s. Bob: c2, first response 45 s, nothing resolved. Ida: nothing.
  it("agents: one row per member, ids ascending, names quoted and guarded", async () => {
    const res = await download(team.account.id, `agents?${october}`, team.admin.token);
    expect(res.status).toBe(200);
    expect(res.text).toBe(
      period +
        "Agent name,Assigned conversations,Avg first response time,Avg resolution time,Avg customer waiting time,Resolution Count\n" +
        '"Smith, Ann",1,1 hour 5 minutes,1 day 32 minutes,2 minutes 5 seconds,2\n' +
        "'@bob,1,45 seconds,N/A,N/A,0\n" +
        '"Idle ""Ida""",0,N/A,N/A,N/A,0\n',
    );
  });

  it("inboxes: channel names as Chatwoot writes them; a formula-looking name is guarded, then quoted", async () => {
    const res = await download(team.account.id, `inboxes?${october}`, team.admin.token);
    expect(res.text).toBe(
      period +
        "Inbox name,Inbox type,No. of conversations,Avg first response time,Avg resolution time,Avg customer waiting time,Resolution Count\n" +
        "Front desk,Website,1,1 hour 5 minutes,1 day 1 hour,2 minutes 5 seconds,1\n" +
        '"\'=HYPERLINK(""http://x"")",API,1,45 seconds,1 day 5 minutes,N/A,1\n',
    );
  });

  it("teams: a team's resolutions count even for conversations created before the window", async () => {
    const res = await download(team.account.id, `teams?${october}`, team.admin.token);
    expect(res.text).toBe(
      period +
        "Team name,Conversations count,Avg first response time,Avg resolution time,Avg customer waiting time,Resolution Count\n" +
        '"Sales, EMEA",1,1 hour 5 minutes,1 day 1 hour,2 minutes 5 seconds,1\n' +
        "'-Events,0,N/A,1 day 5 minutes,N/A,1\n",
    );
  });

  // vip: c1 and c2; first responses 3900 and 45 average 1972.5 s, written 32 min 52 s (truncated).
  it("labels: every label, the unused one too", async () => {
    const res = await download(team.account.id, `labels?${october}`, team.admin.token);
    expect(res.text).toBe(
      period +
        "Label,No. of conversations,Avg first response time,Avg resolution time,Avg reply time,Resolution Count\n" +
        "vip,2,32 minutes 52 seconds,1 day 1 hour,2 minutes 5 seconds,1\n" +
        "wedding,1,1 hour 5 minutes,1 day 1 hour,2 minutes 5 seconds,1\n" +
        "corporate,0,N/A,N/A,N/A,0\n",
    );
  });

  // c1 and c2; incoming 2 (07:00, 08:00); outgoing 3 (the private note left out).
  it("conversations_summary: the account's one row", async () => {
    const res = await download(team.account.id, `conversations_summary?${october}`, team.admin.token);
    expect(res.text).toBe(
      period +
        "Conversations,Messages received,Messages sent,Avg first response time,Avg resolution time,Resolution count,Avg customer waiting time\n" +
        "2,2,3,32 minutes 52 seconds,1 day 32 minutes,2,2 minutes 5 seconds\n",
    );
  });

  it.each([
    ["agents", "agents_report"],
    ["inboxes", "inboxes_report"],
    ["labels", "labels_report"],
    ["teams", "teams_report"],
    ["conversations_summary", "conversations_summary_report"],
    ["conversation_traffic", "conversation_traffic_reports"],
  ])("%s is sent as text/csv, an attachment named %s.csv", async (path, filename) => {
    const res = await download(team.account.id, `${path}?${path === "conversation_traffic" ? "" : october}`, team.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename=${filename}.csv`);
  });

  it("another account's download has its own rows only", async () => {
    const res = await download(other.account.id, `agents?${october}`, other.admin.token);
    const rows = res.text.split("\n").slice(4, -1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^administrator \w+,1,7 seconds,7 seconds,N\/A,1$/);
    expect(rows[1]).toMatch(/^agent \w+,0,N\/A,N\/A,N\/A,0$/);
    expect((await download(other.account.id, `labels?${october}`, other.admin.token)).text.split("\n").slice(4)).toEqual(["vip,1,7 seconds,7 seconds,N/A,1", ""]);
  });

  it("defaults to the last 30 days and accepts business_hours", async () => {
    const res = await download(team.account.id, "conversations_summary?business_hours=true", team.admin.token);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.text.split("\n")[0]).toMatch(new RegExp(`^Reporting period \\d{4}-\\d{2}-\\d{2} to ${today}$`));
  });
});

describe("conversation_traffic", () => {
  const HOUR = 3_600_000;
  /** Today's local midnight, as a UTC instant, in the zone `offset` hours from UTC. */
  const localMidnight = (offset: number) => {
    const shifted = new Date(Date.now() + offset * HOUR);
    return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - offset * HOUR;
  };
  const localDate = (instant: number, offset: number) => new Date(instant + offset * HOUR).toISOString().slice(0, 10);
  /** The expected table: every hour × date zero but the given cells. */
  const table = (dates: string[], cells: Record<string, number>) =>
    [
      ["Start of the hour", ...dates],
      ...Array.from({ length: 24 }, (_, hour) => {
        const label = `${String(hour).padStart(2, "0")}:00`;
        return [label, ...dates.map((date) => cells[`${date} ${label}`] ?? 0)];
      }),
    ]
      .map((row) => `${row.join(",")}\n`)
      .join("");

  beforeAll(async () => {
    const utc = localMidnight(0);
    const kolkata = localMidnight(5.5);
    await conversationsAt(team.account.id, [
      // Yesterday (UTC) 10:30 twice, 23:59; today and three days ago fall outside two days.
      new Date(utc - 13.5 * HOUR),
      new Date(utc - 13.5 * HOUR + 60_000),
      new Date(utc - 60_000),
      new Date(utc + 60_000),
      new Date(utc - 3 * 24 * HOUR + HOUR),
      // Two days ago at 00:15 in India (+05:30).
      new Date(kolkata - 48 * HOUR + 15 * 60_000),
    ]);
    await conversationsAt(other.account.id, [new Date(utc - 13.5 * HOUR)]);
  });

  it("counts the account's conversations per UTC hour over the days before today", async () => {
    const res = await download(team.account.id, "conversation_traffic?days_before=2", team.admin.token);
    expect(res.status).toBe(200);
    const utc = localMidnight(0);
    const [d2, d1] = [localDate(utc - 48 * HOUR, 0), localDate(utc - 24 * HOUR, 0)];
    const kolkata = localMidnight(5.5) - 48 * HOUR + 15 * 60_000;
    const cells: Record<string, number> = { [`${d1} 10:00`]: 2, [`${d1} 23:00`]: 1 };
    const india = `${localDate(kolkata, 0)} ${String(new Date(kolkata).getUTCHours()).padStart(2, "0")}:00`;
    if (kolkata >= utc - 48 * HOUR) cells[india] = (cells[india] ?? 0) + 1;
    expect(res.text).toBe("Timezone,(GMT+00:00)\n\n\n" + table([d2, d1], cells));
  });

  it("shifts days and hours into the offset's zone, half hours included", async () => {
    const res = await download(team.account.id, "conversation_traffic?days_before=2&timezone_offset=5.5", team.admin.token);
    const midnight = localMidnight(5.5);
    const dates = [localDate(midnight - 48 * HOUR, 5.5), localDate(midnight - 24 * HOUR, 5.5)];
    const cells: Record<string, number> = { [`${dates[0]} 00:00`]: 1 };
    // The UTC ones, wherever they land in India's last two days.
    const utc = localMidnight(0);
    for (const instant of [utc - 13.5 * HOUR, utc - 13.5 * HOUR + 60_000, utc - 60_000, utc + 60_000, utc - 71 * HOUR]) {
      if (instant < midnight - 48 * HOUR || instant >= midnight) continue;
      const shifted = new Date(instant + 5.5 * HOUR);
      const key = `${shifted.toISOString().slice(0, 10)} ${String(shifted.getUTCHours()).padStart(2, "0")}:00`;
      cells[key] = (cells[key] ?? 0) + 1;
    }
    expect(res.text).toBe("Timezone,(GMT+05:30)\n\n\n" + table(dates, cells));
  });

  it("is six days by default and refuses a bad offset or day count", async () => {
    const res = await download(team.account.id, "conversation_traffic", team.admin.token);
    expect(res.text.split("\n")[3]!.split(",")).toHaveLength(7);
    expect(res.text.split("\n")).toHaveLength(3 + 1 + 24 + 1);
    for (const query of ["timezone_offset=20", "days_before=0", "days_before=x"]) {
      expect((await download(team.account.id, `conversation_traffic?${query}`, team.admin.token)).status).toBe(422);
    }
  });
});

describe("validation and permission", () => {
  it("answers a bad since with 422 in the standard body", async () => {
    const res = await download(team.account.id, "agents?since=yesterday", team.admin.token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: "since" })]);
  });

  it.each(["agents", "inboxes", "labels", "teams", "conversations_summary", "conversation_traffic"])(
    "%s refuses agents without report_manage",
    async (path) => {
      const res = await download(team.account.id, path, team.agent.token);
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/json/);
    },
  );

  it("admits an agent given report_manage", async () => {
    await getDb()
      .update(accountUsers)
      .set({ permissions: ["report_manage"] })
      .where(and(eq(accountUsers.accountId, other.account.id), eq(accountUsers.userId, other.agent.user.id)));
    expect((await download(other.account.id, `teams?${october}`, other.agent.token)).text).toBe(
      period + "Team name,Conversations count,Avg first response time,Avg resolution time,Avg customer waiting time,Resolution Count\nOther team,0,N/A,N/A,N/A,0\n",
    );
  });
});
