import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes, labels, messages, reportingEvents, teams } from "@/db/schema";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

/*
 * Live counts, per-agent/team/inbox/label summaries, the channel summary, the first-response
 * distribution, the inbox × label matrix, bot metrics and the reporting-event lists, over one
 * hand-counted fixture (figures worked out in the comments beside each expectation).
 *
 *   conversation  inbox    status    assignee  team  labels         first reply / waiting
 *   c1            Website  open      —         Sales vip            none (unattended)
 *   c2            Email    open      agent     Sales vip, wedding   replied, not waiting
 *   c3            Email    open      agent     Events wedding       replied, waiting (unattended)
 *   c4            Website  pending   admin     —     wedding
 *   c5            Email    resolved  admin     —     —
 *   c6            Website  snoozed   —         —     —              created 1 March (outside October)
 */

let team: Awaited<ReturnType<typeof makeTeam>>;
let extras: Awaited<ReturnType<typeof makeMember>>[];
let ids: { website: number; email: number; sales: number; events: number; wedding: number; vip: number };

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const october = `since=${unix("2026-10-01T00:00:00Z")}&until=${unix("2026-10-31T23:59:59Z")}`;
const v2 = (path: string) => `/api/v2/accounts/${team.account.id}${path}`;
const get = async (path: string, token = team.admin.token) => {
  const res = await api.get(v2(path), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  const db = getDb();
  team = await makeTeam();
  const accountId = team.account.id;
  // 24 more members: 26 in all, so the agents' page of 25 has a second page.
  extras = [];
  for (let i = 0; i < 24; i++) extras.push(await makeMember(accountId, "agent"));
  const inbox = (name: string, channelType: "Channel::Api" | "Channel::WebWidget") => ({ accountId, name, channelType, identifier: `${name}-${accountId}`, hmacToken: "h", secret: "s" });
  // Website is created first: id order and name order differ.
  const [website] = await db.insert(inboxes).values(inbox("Website", "Channel::WebWidget")).returning();
  const [email] = await db.insert(inboxes).values(inbox("Email", "Channel::Api")).returning();
  const [sales, events] = await db.insert(teams).values([{ accountId, name: "Sales" }, { accountId, name: "Events" }]).returning();
  const [wedding, vip] = await db.insert(labels).values([{ accountId, title: "wedding" }, { accountId, title: "vip" }]).returning();
  ids = { website: website!.id, email: email!.id, sales: sales!.id, events: events!.id, wedding: wedding!.id, vip: vip!.id };
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  const conversation = (displayId: number, inboxId: number, status: number, values: Partial<typeof conversations.$inferInsert> = {}) => ({
    accountId,
    displayId,
    inboxId,
    contactId: contact!.id,
    status,
    createdAt: at(`2026-10-0${displayId}T09:00:00Z`),
    ...values,
  });
  const replied = at("2026-10-02T10:00:00Z");
  const [c1, c2, c3, c4, c5, c6] = await db
    .insert(conversations)
    .values([
      conversation(1, ids.website, 0, { teamId: ids.sales, labels: ["vip"] }),
      conversation(2, ids.email, 0, { assigneeId: team.agent.user.id, teamId: ids.sales, labels: ["vip", "wedding"], firstReplyCreatedAt: replied }),
      conversation(3, ids.email, 0, { assigneeId: team.agent.user.id, teamId: ids.events, labels: ["wedding"], firstReplyCreatedAt: replied, waitingSince: replied }),
      conversation(4, ids.website, 2, { assigneeId: team.admin.user.id, labels: ["wedding"] }),
      conversation(5, ids.email, 1, { assigneeId: team.admin.user.id }),
      conversation(6, ids.website, 3, { createdAt: at("2026-03-01T09:00:00Z") }),
    ])
    .returning();
  const event = (name: string, on: { id: number; inboxId: number }, userId: number | null, value: number, vibh: number, when: string) => ({
    accountId,
    name,
    value,
    valueInBusinessHours: vibh,
    conversationId: on.id,
    inboxId: on.inboxId,
    userId,
    createdAt: at(when),
  });
  const agent = team.agent.user.id;
  const admin = team.admin.user.id;
  await db.insert(reportingEvents).values([
    event("first_response", c2!, agent, 600, 300, "2026-10-05T10:00:00Z"),
    event("first_response", c3!, agent, 3900, 3900, "2026-10-06T10:00:00Z"),
    event("first_response", c4!, admin, 30000, 0, "2026-10-06T11:00:00Z"),
    event("first_response", c1!, null, 100000, 0, "2026-10-07T10:00:00Z"),
    event("reply_time", c2!, agent, 120, 60, "2026-10-08T10:00:00Z"),
    event("conversation_resolved", c5!, admin, 7200, 3600, "2026-10-10T10:00:00Z"),
    event("conversation_bot_resolved", c4!, null, 50, 0, "2026-10-11T10:00:00Z"),
    event("conversation_bot_resolved", c2!, null, 50, 0, "2026-10-11T11:00:00Z"),
    event("conversation_bot_handoff", c1!, null, 30, 0, "2026-10-11T12:00:00Z"),
    event("conversation_bot_handoff", c1!, null, 30, 0, "2026-10-12T10:00:00Z"),
  ]);
  const message = (on: { id: number; inboxId: number }, messageType: number, when: string, values: Partial<typeof messages.$inferInsert> = {}) => ({
    accountId,
    conversationId: on.id,
    inboxId: on.inboxId,
    messageType,
    content: "hello",
    createdAt: at(when),
    ...values,
  });
  await db.insert(messages).values([
    message(c1!, 0, "2026-10-11T09:00:00Z"),
    message(c1!, 1, "2026-10-11T09:01:00Z", { senderType: "AgentBot" }),
    message(c1!, 1, "2026-10-12T09:00:00Z", { senderType: "User", senderId: admin }),
    message(c1!, 1, "2026-10-12T09:05:00Z", { senderType: "User", senderId: admin, private: true }),
    message(c6!, 1, "2026-10-12T09:00:00Z", { senderType: "User", senderId: admin }),
  ]);

  // Another account with the same kinds of rows in the same month: never counted here.
  const other = await makeTeam();
  const [otherInbox] = await db
    .insert(inboxes)
    .values({ accountId: other.account.id, name: "Other", channelType: "Channel::Api", identifier: `o-${other.account.id}`, hmacToken: "h", secret: "s" })
    .returning();
  const [otherContact] = await db.insert(contacts).values({ accountId: other.account.id, name: "Other" }).returning();
  const [foreign] = await db
    .insert(conversations)
    .values({ accountId: other.account.id, displayId: 1, inboxId: otherInbox!.id, contactId: otherContact!.id, createdAt: at("2026-10-03T09:00:00Z") })
    .returning();
  await db.insert(reportingEvents).values({ ...event("first_response", foreign!, null, 10, 10, "2026-10-05T10:00:00Z"), accountId: other.account.id });
});

describe("live conversation counts", () => {
  it("counts open, unattended, unassigned and pending conversations of the account", async () => {
    // open c1 c2 c3; unattended c1 (no reply) and c3 (waiting); unassigned c1; pending c4.
    const expected = { open: 3, unattended: 2, unassigned: 1, pending: 1 };
    expect(await get(`/reports/conversations?type=account`)).toEqual(expected);
    expect(await get(`/live_reports/conversation_metrics`)).toEqual(expected);
  });

  it("narrows the live counts to a team, and answers 404 for another account's team", async () => {
    expect(await get(`/live_reports/conversation_metrics?team_id=${ids.sales}`)).toEqual({ open: 2, unattended: 1, unassigned: 1, pending: 0 });
    const other = await makeTeam();
    const [foreignTeam] = await getDb().insert(teams).values({ accountId: other.account.id, name: "Theirs" }).returning();
    const res = await api.get(v2(`/live_reports/conversation_metrics?team_id=${foreignTeam!.id}`), { token: team.admin.token });
    expect(res.status).toBe(404);
  });

  it("groups open conversations by assignee or team", async () => {
    expect(await get(`/live_reports/grouped_conversation_metrics?group_by=assignee_id`)).toEqual([
      { open: 1, unattended: 1, unassigned: 1, assignee_id: null },
      { open: 2, unattended: 1, unassigned: 0, assignee_id: team.agent.user.id },
    ]);
    const byTeam = await get(`/live_reports/grouped_conversation_metrics?group_by=team_id`);
    expect(byTeam).toHaveLength(2);
    expect(byTeam).toEqual(
      expect.arrayContaining([
        { open: 2, unattended: 1, unassigned: 1, team_id: ids.sales },
        { open: 1, unattended: 1, unassigned: 0, team_id: ids.events },
      ]),
    );
  });

  it.each(["", "group_by=inbox_id"])("needs group_by team_id or assignee_id: %s", async (query) => {
    const res = await api.get(v2(`/live_reports/grouped_conversation_metrics?${query}`), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("group_by");
  });

  it("lists agents 25 a page with their open and unattended conversations, most open first", async () => {
    const first = await get(`/reports/conversations?type=agent`);
    expect(first).toHaveLength(25);
    expect(first[0]).toEqual({
      id: team.agent.user.id,
      name: team.agent.user.name,
      email: team.agent.user.email,
      thumbnail: "",
      availability: "online",
      metric: { open: 2, unattended: 1 },
    });
    expect(first.slice(1).every((row: { metric: { open: number } }) => row.metric.open === 0)).toBe(true);
    // Members in the order they joined: the admin, the agent, then the extras; the 26th is on page 2.
    expect(await get(`/reports/conversations?type=agent&page=2`)).toEqual([expect.objectContaining({ id: extras[23]!.user.id, metric: { open: 0, unattended: 0 } })]);
    expect(await get(`/reports/conversations/?type=agent&user_id=${team.agent.user.id}`)).toEqual([expect.objectContaining({ id: team.agent.user.id })]);
  });
});

describe("summary_reports", () => {
  it("gives every agent's conversations, resolutions and average times, null where none", async () => {
    const rows = await get(`/summary_reports/agent?${october}`);
    expect(rows).toHaveLength(26);
    const byId = Object.fromEntries(rows.map((row: { id: number }) => [row.id, row]));
    // Admin: c4 c5 assigned; resolved c5 in 7200 s; first response 30000 s.
    expect(byId[team.admin.user.id]).toEqual({
      id: team.admin.user.id,
      conversations_count: 2,
      resolved_conversations_count: 1,
      avg_resolution_time: 7200,
      avg_first_response_time: 30000,
      avg_reply_time: null,
    });
    // Agent: c2 c3; first responses (600 + 3900) / 2 = 2250; one reply of 120 s.
    expect(byId[team.agent.user.id]).toEqual({
      id: team.agent.user.id,
      conversations_count: 2,
      resolved_conversations_count: 0,
      avg_resolution_time: null,
      avg_first_response_time: 2250,
      avg_reply_time: 120,
    });
    expect(byId[extras[0]!.user.id]).toMatchObject({ conversations_count: 0, resolved_conversations_count: 0, avg_first_response_time: null });
  });

  it("switches to working-hours seconds with business_hours=true", async () => {
    const rows = await get(`/summary_reports/agent?${october}&business_hours=true`);
    const agent = rows.find((row: { id: number }) => row.id === team.agent.user.id);
    // (300 + 3900) / 2 = 2100; reply 60.
    expect(agent).toMatchObject({ avg_first_response_time: 2100, avg_reply_time: 60 });
  });

  it("groups by inbox, team and label", async () => {
    expect(await get(`/summary_reports/inbox?${october}`)).toEqual([
      // Website: c1 c4 (c6 is March); first responses (30000 + 100000) / 2.
      { id: ids.website, conversations_count: 2, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 65000, avg_reply_time: null },
      { id: ids.email, conversations_count: 3, resolved_conversations_count: 1, avg_resolution_time: 7200, avg_first_response_time: 2250, avg_reply_time: 120 },
    ]);
    expect(await get(`/summary_reports/team?${october}`)).toEqual([
      // Sales: c1 c2; first responses (100000 + 600) / 2 = 50300.
      { id: ids.sales, conversations_count: 2, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 50300, avg_reply_time: 120 },
      { id: ids.events, conversations_count: 1, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 3900, avg_reply_time: null },
    ]);
    expect(await get(`/summary_reports/label?${october}`)).toEqual([
      // wedding: c2 c3 c4; first responses (600 + 3900 + 30000) / 3 = 11500.
      { id: ids.wedding, name: "wedding", conversations_count: 3, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 11500, avg_reply_time: 120 },
      { id: ids.vip, name: "vip", conversations_count: 2, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: 50300, avg_reply_time: 120 },
    ]);
  });

  it("counts conversations per channel type and status", async () => {
    expect(await get(`/summary_reports/channel?${october}`)).toEqual({
      "Channel::WebWidget": { open: 1, resolved: 0, pending: 1, snoozed: 0, total: 2 },
      "Channel::Api": { open: 2, resolved: 1, pending: 0, snoozed: 0, total: 3 },
    });
  });

  it("takes a channel range of six months and refuses a longer one with 400", async () => {
    // 1 March to 30 August: 182 days, within 6 months (182.6 days); to 31 August: 183 days, over.
    expect(await get(`/summary_reports/channel?since=${unix("2026-03-01T00:00:00Z")}&until=${unix("2026-08-30T00:00:00Z")}`)).toEqual({
      "Channel::WebWidget": { open: 0, resolved: 0, pending: 0, snoozed: 1, total: 1 },
    });
    const res = await api.get(v2(`/summary_reports/channel?since=${unix("2026-03-01T00:00:00Z")}&until=${unix("2026-08-31T00:00:00Z")}`), { token: team.admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ description: expect.any(String), errors: [expect.objectContaining({ field: "until" })] });
  });
});

describe("distributions", () => {
  it("buckets first responses per channel type, leaving out channel types without any", async () => {
    // Email (Api): 600 s, 3900 s; Website (WebWidget): 30000 s, 100000 s. The other account's 10 s is not here.
    expect(await get(`/reports/first_response_time_distribution?${october}`)).toEqual({
      "Channel::Api": { "0-1h": 1, "1-4h": 1, "4-8h": 0, "8-24h": 0, "24h+": 0 },
      "Channel::WebWidget": { "0-1h": 0, "1-4h": 0, "4-8h": 0, "8-24h": 1, "24h+": 1 },
    });
  });

  it("counts conversations per inbox × label, inboxes by name and labels by title", async () => {
    expect(await get(`/reports/inbox_label_matrix?${october}`)).toEqual({
      inboxes: [{ id: ids.email, name: "Email" }, { id: ids.website, name: "Website" }],
      labels: [{ id: ids.vip, title: "vip" }, { id: ids.wedding, title: "wedding" }],
      // Email: c2 (vip, wedding), c3 (wedding); Website: c1 (vip), c4 (wedding).
      matrix: [
        [1, 2],
        [1, 1],
      ],
    });
    expect(await get(`/reports/inbox_label_matrix?${october}&inbox_ids[]=${ids.website}&label_ids[]=${ids.vip}`)).toEqual({
      inboxes: [{ id: ids.website, name: "Website" }],
      labels: [{ id: ids.vip, title: "vip" }],
      matrix: [[1]],
    });
  });

  it("answers 404 for another account's inbox in a filter", async () => {
    const other = await makeTeam();
    const [foreign] = await getDb()
      .insert(inboxes)
      .values({ accountId: other.account.id, name: "X", channelType: "Channel::Api", identifier: `x-${other.account.id}`, hmacToken: "h", secret: "s" })
      .returning();
    for (const path of [`/reports/inbox_label_matrix?inbox_ids[]=${foreign!.id}`, `/reports/bot_metrics?inbox_ids[]=${foreign!.id}`]) {
      expect((await api.get(v2(path), { token: team.admin.token })).status).toBe(404);
    }
  });

  it("gives bot metrics as whole percentages of the window's conversations", async () => {
    // c1–c5 in October; bots resolved c2 and c4 (2/5 = 40 %), handed off c1 twice (1/5 = 20 %);
    // outgoing messages in them: c1's bot and agent replies (the private note and c6's message are out).
    expect(await get(`/reports/bot_metrics?${october}`)).toEqual({ conversation_count: 5, message_count: 2, resolution_rate: 40, handoff_rate: 20 });
    // Email: c2 c3 c5, one bot resolution: 33.3 % truncated to 33.
    expect(await get(`/reports/bot_metrics?${october}&inbox_ids[]=${ids.email}`)).toEqual({ conversation_count: 3, message_count: 0, resolution_rate: 33, handoff_rate: 0 });
  });
});

describe("reporting events", () => {
  const v1 = (path: string) => `/api/v1/accounts/${team.account.id}${path}`;

  it("lists the account's events newest first, with filters", async () => {
    const res = await api.get(v1(`/reporting_events`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ count: 10, current_page: 1, total_pages: 1 });
    expect(res.body.payload[0]).toEqual({
      id: expect.any(Number),
      name: "conversation_bot_handoff",
      value: 30,
      value_in_business_hours: 0,
      event_start_time: null,
      event_end_time: null,
      account_id: team.account.id,
      conversation_id: 1,
      inbox_id: ids.website,
      user_id: null,
      created_at: "2026-10-12T10:00:00.000Z",
      updated_at: expect.any(String),
    });
    const names = async (query: string) => (await api.get(v1(`/reporting_events?${query}`), { token: team.admin.token })).body.payload.map((e: { value: number }) => e.value);
    expect(await names("name=first_response")).toEqual([100000, 30000, 3900, 600]);
    expect(await names(`name=first_response&inbox_id=${ids.website}`)).toEqual([100000, 30000]);
    expect(await names(`user_id=${team.agent.user.id}`)).toEqual([120, 3900, 600]);
    expect(await names(`since=${unix("2026-10-06T00:00:00Z")}&until=${unix("2026-10-07T23:59:59Z")}`)).toEqual([100000, 30000, 3900]);
  });

  it("pages 25 events at a time", async () => {
    const owner = await makeTeam();
    await getDb()
      .insert(reportingEvents)
      .values(Array.from({ length: 27 }, (_, i) => ({ accountId: owner.account.id, name: "reply_time", value: i, createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)) })));
    const page = async (n: number) => (await api.get(`/api/v1/accounts/${owner.account.id}/reporting_events?page=${n}`, { token: owner.admin.token })).body;
    const first = await page(1);
    expect(first.meta).toEqual({ count: 27, current_page: 1, total_pages: 2 });
    expect(first.payload.map((e: { value: number }) => e.value)).toEqual(Array.from({ length: 25 }, (_, i) => 26 - i));
    expect((await page(2)).payload.map((e: { value: number }) => e.value)).toEqual([1, 0]);
  });

  it("is for administrators, and refuses another account's inbox as a filter", async () => {
    expect((await api.get(v1(`/reporting_events`), { token: team.agent.token })).status).toBe(401);
    const other = await makeTeam();
    const [foreign] = await getDb()
      .insert(inboxes)
      .values({ accountId: other.account.id, name: "Y", channelType: "Channel::Api", identifier: `y-${other.account.id}`, hmacToken: "h", secret: "s" })
      .returning();
    expect((await api.get(v1(`/reporting_events?inbox_id=${foreign!.id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("lists one conversation's events oldest first, and 404 for another account's", async () => {
    const res = await api.get(v1(`/conversations/1/reporting_events`), { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { name: string }) => e.name)).toEqual(["first_response", "conversation_bot_handoff", "conversation_bot_handoff"]);
    expect((await api.get(v1(`/conversations/99/reporting_events`), { token: team.admin.token })).status).toBe(404);
  });
});

describe("report permission", () => {
  it.each([
    "/reports/bot_summary?type=account",
    "/reports/bot_metrics",
    "/reports/conversations?type=account",
    "/reports/first_response_time_distribution",
    "/reports/inbox_label_matrix",
    "/summary_reports/agent",
    "/summary_reports/channel",
    "/live_reports/conversation_metrics",
    "/live_reports/grouped_conversation_metrics?group_by=team_id",
  ])("refuses an agent without report_manage: %s", async (path) => {
    expect((await api.get(v2(path), { token: extras[0]!.token })).status).toBe(403);
  });
});
