import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, contacts, conversations, inboxes, labels, messages, reportingEvents, teams } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let idle: Awaited<ReturnType<typeof makeMember>>;
let ids: { inbox1: number; inbox2: number; teamA: number; teamB: number; vip: number; wedding: number; corporate: number };

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const octoberWindow = `since=${unix("2026-10-01T00:00:00Z")}&until=${unix("2026-10-31T23:59:59Z")}`;
const october = `type=account&${octoberWindow}`;
const reports = (path: string) => `/api/v2/accounts/${team.account.id}/reports${path}`;

beforeAll(async () => {
  const db = getDb();
  team = await makeTeam();
  idle = await makeMember(team.account.id, "agent");
  const bot = await makeBot(team.account.id);
  const accountId = team.account.id;
  const inbox = (name: string) => ({ accountId, name, channelType: "Channel::Api" as const, identifier: `id-${name}-${accountId}`, hmacToken: "h", secret: "s" });
  const [inbox1, inbox2] = await db.insert(inboxes).values([inbox("Website"), inbox("Email")]).returning();
  const [teamA, teamB] = await db.insert(teams).values([{ accountId, name: "Sales" }, { accountId, name: "Events" }]).returning();
  const [vip, wedding, corporate] = await db
    .insert(labels)
    .values([{ accountId, title: "vip" }, { accountId, title: "wedding" }, { accountId, title: "corporate" }])
    .returning();
  ids = { inbox1: inbox1!.id, inbox2: inbox2!.id, teamA: teamA!.id, teamB: teamB!.id, vip: vip!.id, wedding: wedding!.id, corporate: corporate!.id };
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  const conversation = (displayId: number, inboxId: number, values: Partial<typeof conversations.$inferInsert>) => ({
    accountId,
    displayId,
    inboxId,
    contactId: contact!.id,
    ...values,
  });
  const [c1, c2] = await db
    .insert(conversations)
    .values([
      conversation(1, ids.inbox1, { teamId: ids.teamA, labels: ["vip", "wedding"], assigneeId: team.admin.user.id, createdAt: at("2026-10-01T08:00:00Z") }),
      conversation(2, ids.inbox2, { labels: ["vip"], assigneeId: team.agent.user.id, createdAt: at("2026-10-03T08:00:00Z") }),
      conversation(3, ids.inbox2, { createdAt: at("2026-09-15T08:00:00Z") }),
    ])
    .returning();
  const message = (conversationId: number, inboxId: number, createdAt: string, values: Partial<typeof messages.$inferInsert>) => ({
    accountId,
    conversationId,
    inboxId,
    messageType: 1,
    content: "hello",
    createdAt: at(createdAt),
    ...values,
  });
  await db.insert(messages).values([
    message(c1!.id, ids.inbox1, "2026-10-01T09:00:00Z", { senderType: "User", senderId: team.admin.user.id }),
    message(c1!.id, ids.inbox1, "2026-10-01T10:00:00Z", { senderType: "User", senderId: team.admin.user.id }),
    message(c1!.id, ids.inbox1, "2026-10-03T10:00:00Z", { senderType: "AgentBot", senderId: bot.bot.id }),
    message(c1!.id, ids.inbox1, "2026-10-03T11:00:00Z", { senderType: "User", senderId: team.admin.user.id, private: true }),
    message(c1!.id, ids.inbox1, "2026-10-01T07:00:00Z", { senderType: "Contact", senderId: contact!.id, messageType: 0 }),
    message(c2!.id, ids.inbox2, "2026-10-04T09:00:00Z", { senderType: "User", senderId: team.agent.user.id }),
    message(c2!.id, ids.inbox2, "2026-11-02T09:00:00Z", { senderType: "User", senderId: team.agent.user.id }),
  ]);
  await db.insert(reportingEvents).values([
    { accountId, name: "first_response", value: 60, conversationId: c1!.id, inboxId: ids.inbox1, userId: team.admin.user.id, createdAt: at("2026-10-01T09:00:00Z") },
    { accountId, name: "first_response", value: 120, conversationId: c2!.id, inboxId: ids.inbox2, userId: team.agent.user.id, createdAt: at("2026-10-04T09:00:00Z") },
    { accountId, name: "conversation_resolved", value: 3600, conversationId: c1!.id, inboxId: ids.inbox1, userId: team.admin.user.id, createdAt: at("2026-10-05T09:00:00Z") },
  ]);
});

describe("outgoing_messages_count", () => {
  it("counts users' messages per agent, leaving out bots, private notes and other windows", async () => {
    const res = await api.get(reports(`/outgoing_messages_count?group_by=agent&${octoberWindow}`), { token: team.admin.token });
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(res.body.map((r: { id: number; outgoing_messages_count: number }) => [r.id, r.outgoing_messages_count]));
    expect(counts).toEqual({ [team.admin.user.id]: 2, [team.agent.user.id]: 1, [idle.user.id]: 0 });
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), outgoing_messages_count: expect.any(Number) });
  });

  it.each([
    ["inbox", () => ({ [ids.inbox1]: 3, [ids.inbox2]: 1 })],
    ["team", () => ({ [ids.teamA]: 3, [ids.teamB]: 0 })],
    ["label", () => ({ [ids.vip]: 4, [ids.wedding]: 3, [ids.corporate]: 0 })],
  ])("counts every outgoing message (bots included) per %s", async (groupBy, expected) => {
    const res = await api.get(reports(`/outgoing_messages_count?group_by=${groupBy}&${octoberWindow}`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.body.map((r: { id: number; outgoing_messages_count: number }) => [r.id, r.outgoing_messages_count]))).toEqual(expected());
  });

  it("needs a valid group_by", async () => {
    for (const query of ["", "group_by=planet"]) {
      const res = await api.get(reports(`/outgoing_messages_count?${query}`), { token: team.admin.token });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("group_by");
    }
  });
});

describe("summary", () => {
  it("totals the window and the equal window before it", async () => {
    const res = await api.get(reports(`/summary?${october}`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      conversations_count: 2,
      incoming_messages_count: 1,
      outgoing_messages_count: 4,
      avg_first_response_time: 90,
      avg_resolution_time: 3600,
      resolutions_count: 1,
      reply_time: null,
      previous: { conversations_count: 1, outgoing_messages_count: 0, avg_first_response_time: null },
    });
  });

  it("scopes to an agent, an inbox, a team or a label", async () => {
    const scoped = async (type: string, id: number) => (await api.get(reports(`/summary?type=${type}&id=${id}&${octoberWindow}`), { token: team.admin.token })).body;
    expect(await scoped("agent", team.agent.user.id)).toMatchObject({ outgoing_messages_count: 1, conversations_count: 1, avg_first_response_time: 120 });
    expect(await scoped("inbox", ids.inbox1)).toMatchObject({ outgoing_messages_count: 3, conversations_count: 1 });
    expect(await scoped("team", ids.teamA)).toMatchObject({ outgoing_messages_count: 3, resolutions_count: 1 });
    expect(await scoped("label", ids.vip)).toMatchObject({ outgoing_messages_count: 4, conversations_count: 2 });
  });

  it("answers 404 for another account's inbox", async () => {
    const other = await makeTeam();
    const res = await api.get(`/api/v2/accounts/${other.account.id}/reports/summary?type=inbox&id=${ids.inbox1}`, { token: other.admin.token });
    expect(res.status).toBe(404);
  });
});

describe("timeseries", () => {
  it("gives one point per day, empty days included", async () => {
    const window = `since=${unix("2026-10-01T00:00:00Z")}&until=${unix("2026-10-04T23:59:59Z")}`;
    const res = await api.get(reports(`?type=account&metric=outgoing_messages_count&group_by=day&${window}`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { value: 2, timestamp: unix("2026-10-01T00:00:00Z") },
      { value: 0, timestamp: unix("2026-10-02T00:00:00Z") },
      { value: 1, timestamp: unix("2026-10-03T00:00:00Z") },
      { value: 1, timestamp: unix("2026-10-04T00:00:00Z") },
    ]);
  });

  it("cuts days in the caller's time zone offset and adds counts to averages", async () => {
    const window = `since=${unix("2026-10-01T05:00:00Z")}&until=${unix("2026-10-02T04:59:59Z")}`;
    const res = await api.get(reports(`?type=account&metric=avg_first_response_time&group_by=day&timezone_offset=-5&${window}`), { token: team.admin.token });
    expect(res.body).toEqual([{ value: 60, timestamp: unix("2026-10-01T05:00:00Z"), count: 1 }]);
  });

  it("answers an unknown or missing metric with {}, as Chatwoot does", async () => {
    for (const query of ["?type=account&metric=happiness", "?type=account"]) {
      const res = await api.get(reports(query), { token: team.admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
  });

  it.each(["?metric=conversations_count", "/summary?since=1", "/bot_summary", "/conversations"])("needs a type: %s", async (query) => {
    const res = await api.get(reports(query), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: "type" })]);
  });

  it("refuses an unknown group_by with 422", async () => {
    const res = await api.get(reports(`?type=account&metric=conversations_count&group_by=fortnight`), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("group_by");
  });

  // Found by fuzzing: an id past PostgreSQL's integer reached the query (22003) instead of being refused by name.
  it.each(["/summary?type=inbox&id=5766007365524093", "?metric=conversations_count&type=team&id=2147483648"])("refuses an id no record can have: %s", async (query) => {
    const res = await api.get(reports(query), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: "id", code: "invalid" })]);
  });
});

describe("report permission", () => {
  it("refuses agents without report_manage and admits them with it", async () => {
    expect((await api.get(reports(`/summary?${october}`), { token: team.agent.token })).status).toBe(403);
    await getDb()
      .update(accountUsers)
      .set({ permissions: ["report_manage"] })
      .where(and(eq(accountUsers.accountId, team.account.id), eq(accountUsers.userId, team.agent.user.id)));
    expect((await api.get(reports(`/summary?${october}`), { token: team.agent.token })).status).toBe(200);
  });
});
