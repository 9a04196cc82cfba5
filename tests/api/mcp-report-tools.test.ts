import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { quotes } from "@/db/schema";
import { accountContext } from "@/lib/auth/caller";
import { callTool } from "@/lib/mcp/call";
import { reportTools } from "@/lib/mcp/tools/reports";
import { addDays, instantAt, localDateOf, localParts, weekdayOf } from "@/lib/planning/time";
import { api } from "../helpers/app";
import { startServer, type TestServer } from "../helpers/http-server";
import { joinInbox, makeTeam } from "../helpers/factories";

/*
 * The report tools as an assistant calls them: JSON-RPC over HTTP with the MCP SDK's client.
 * Each answers what its API route answers for the same query, with the figures of a small desk
 * and venue checked by hand: three conversations (one replied to by the agent, one resolved,
 * one in the Sales team labelled vip), and a Grand Hall open Friday to Sunday 10:00–24:00
 * (Amsterdam) with a 5-hour booking and a 4-hour hold next month and an accepted quote.
 * Another account's conversations and bookings are counted nowhere, its ids are not found, and
 * an agent without report_manage is neither offered the tools nor served by them.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;

const zone = "Europe/Amsterdam";

/** A successful API call's body. */
const body = async (response: Promise<{ status: number; body: any; text: string }>) => {
  const answered = await response;
  expect(answered.status, answered.text.slice(0, 500)).toBeLessThan(300);
  return answered.body;
};

/** Next month's dates (YYYY-MM-DD), first to last. */
const nextMonthDays = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const days: string[] = [];
  for (const day = new Date(first); day.getUTCMonth() === first.getUTCMonth(); day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return days;
};

/** Next month as a venue report's range. */
const nextMonthRange = () => {
  const days = nextMonthDays();
  return { since: days[0]!, until: days.at(-1)! };
};

/** A local wall-clock time in Amsterdam as an ISO instant. */
const amsterdam = (date: string, hour: number) => instantAt(date, hour * 60, zone)!.toISOString();

let desk: Team;
let other: Team;
let server: TestServer;
let admin: Client;
let agent: Client;

const v1 = (team: Team) => `/api/v1/accounts/${team.account.id}`;
const v2 = (team: Team) => `/api/v2/accounts/${team.account.id}`;
const get = (path: string, query: Record<string, string | number> = {}) =>
  body(api.get(`${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, { token: desk.admin.token }));

const connect = async (team: Team, token: string) => {
  const client = new Client({ name: "assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/v1/accounts/${team.account.id}/mcp`), { requestInit: { headers: { api_access_token: token } } }));
  return client;
};

/** A tool's answer over MCP: structured content, the same JSON as its text. */
const mcp = async (name: string, args: Record<string, unknown> = {}, client = admin) => {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent: any };
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  return result.structuredContent;
};

/** A refusal over MCP: the API's error body as structured content. */
const refusal = async (name: string, args: Record<string, unknown>) => {
  const result = (await admin.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent: any };
  expect(result.isError, `${name} should have been refused`).toBe(true);
  return result.structuredContent as { status: number; code: string; errors: { field: string }[] };
};

/** Every report tool: the Chatwoot reports and the venue reports. */
const reportToolNames = reportTools.map((tool) => tool.name);

/** A help desk's day: what the conversation reports count. */
const makeDesk = async (team: Team) => {
  const token = team.admin.token;
  const inbox = await body(api.post(`${v1(team)}/inboxes`, { token, body: { name: "Website", channel: { type: "api" } } }));
  await joinInbox(team.account.id, inbox.id);
  const contact = await body(api.post(`${v1(team)}/contacts`, { token, body: { name: "Anna Jansen", inbox_id: inbox.id, source_id: randomBytes(4).toString("hex") } }));
  const sales = await body(api.post(`${v1(team)}/teams`, { token, body: { name: "Sales" } }));
  const vip = await body(api.post(`${v1(team)}/labels`, { token, body: { title: "vip" } }));
  const conversations: number[] = [];
  for (const text of ["Is the hall free in June?", "Do you do vegan menus?", "Parking for 40 cars?"]) {
    const conversation = await body(api.post(`${v1(team)}/conversations`, { token, body: { inbox_id: inbox.id, contact_id: contact.payload.contact.id } }));
    await body(api.post(`${v1(team)}/conversations/${conversation.id}/messages`, { token, body: { content: text, message_type: "incoming" } }));
    conversations.push(conversation.id);
  }
  const [replied, resolved, waiting] = conversations as [number, number, number];
  await body(api.post(`${v1(team)}/conversations/${replied}/assignments`, { token, body: { assignee_id: team.agent.user.id } }));
  await body(api.post(`${v1(team)}/conversations/${replied}/messages`, { token: team.agent.token, body: { content: "It is!" } }));
  await body(api.post(`${v1(team)}/conversations/${resolved}/toggle_status`, { token, body: { status: "resolved" } }));
  await body(api.post(`${v1(team)}/conversations/${waiting}/assignments`, { token, body: { team_id: sales.id } }));
  await body(api.post(`${v1(team)}/conversations/${waiting}/labels`, { token, body: { labels: ["vip"] } }));
  return { inbox, sales, vip };
};

/** A venue open Friday to Sunday 10:00–24:00: a booking (a hold, then confirmed) and a hold next month, for an event with an accepted quote. */
const makeVenue = async (team: Team) => {
  const token = team.admin.token;
  const hours = { open: "10:00", close: "24:00" };
  const made: Record<string, { id: string }> = {};
  for (const name of ["Grand Hall", "Garden room"]) {
    const space = { name, banquet: 150, timezone: zone, working_hours_enabled: true, schedule: { friday: hours, saturday: hours, sunday: hours } };
    made[name] = await body(api.post(`${v1(team)}/spaces`, { token, body: { space } }));
  }
  const hall = made["Grand Hall"]!;
  const event = await body(api.post(`${v1(team)}/planning/events`, { token, body: { event: { name: "Wedding Jansen", currency: "EUR" } } }));
  const [first, second] = nextMonthDays().filter((day) => weekdayOf(day) === "saturday") as [string, string];
  const place = (space: { id: string }, date: string, from: number, to: number) =>
    body(api.post(`${v1(team)}/planning/allocations`, { token, body: { allocation: { space_id: space.id, event_id: event.id, start_at: amsterdam(date, from), end_at: amsterdam(date, to) } } }));
  const booking = await place(hall, first, 18, 23);
  await body(api.patch(`${v1(team)}/planning/allocations/${booking.id}`, { token, body: { allocation: { status: "confirmed" } } }));
  await place(hall, second, 12, 16);
  const now = new Date();
  const venueLine = { key: "hall", name: "Grand Hall", category: "venue", quantity: "1", unit: "fixed", unit_price: "1000.00", tax_rate: "21", net: "1000.00", discount: "0.00", tax: "210.00", total: "1210.00", space_id: hall.id };
  await getDb()
    .insert(quotes)
    .values({
      accountId: team.account.id,
      planningEventId: event.id,
      version: 1,
      status: "accepted",
      currency: "EUR",
      totalExclTax: "1000.00",
      totalTax: "210.00",
      totalInclTax: "1210.00",
      breakdown: { lines: [venueLine], additional_lines: [], optional_lines: [], total_excl_tax: "1000.00", total_tax: "210.00", total_incl_tax: "1210.00" },
      snapshot: { timezone: zone },
      publicToken: randomBytes(16).toString("hex"),
      quoteSentAt: new Date(now.getTime() - 3_600_000),
      acceptedAt: now,
      viewCount: 2,
    });
  return { hall, garden: made["Garden room"]!, saturdays: [first, second] };
};

let figures: Awaited<ReturnType<typeof makeDesk>>;
let venue: Awaited<ReturnType<typeof makeVenue>>;
let elsewhere: { desk: Awaited<ReturnType<typeof makeDesk>>; venue: Awaited<ReturnType<typeof makeVenue>> };

beforeAll(async () => {
  desk = await makeTeam();
  other = await makeTeam();
  figures = await makeDesk(desk);
  venue = await makeVenue(desk);
  // The same day at another venue: none of it may show in the desk's figures.
  elsewhere = { desk: await makeDesk(other), venue: await makeVenue(other) };
  server = await startServer();
  admin = await connect(desk, desk.admin.token);
  agent = await connect(desk, desk.agent.token);
});

afterAll(async () => {
  await admin.close();
  await agent.close();
  await server.close();
});

const until = () => Math.floor(Date.now() / 1000) + 60;

describe("conversation reports", () => {
  it("summary: the desk's totals, for the account and one inbox, as the API answers them", async () => {
    const window = { since: until() - 7 * 86_400, until: until() };
    const summary = await mcp("get_report_summary", window);
    expect(summary).toEqual(await get(`${v2(desk)}/reports/summary`, { type: "account", ...window }));
    expect(summary).toMatchObject({ conversations_count: 3, incoming_messages_count: 3, outgoing_messages_count: 1, resolutions_count: 1 });
    expect(summary.avg_first_response_time).toEqual(expect.any(Number));
    expect(summary.previous).toMatchObject({ conversations_count: 0, avg_first_response_time: null });
    const inbox = await mcp("get_report_summary", { type: "inbox", id: figures.inbox.id, business_hours: true, ...window });
    expect(inbox).toEqual(await get(`${v2(desk)}/reports/summary`, { type: "inbox", id: figures.inbox.id, business_hours: "true", ...window }));
    expect(inbox.conversations_count).toBe(3);
  });

  it("timeseries: conversations per Amsterdam day, each point a local midnight, as the API answers them", async () => {
    const window = { since: until() - 3 * 86_400, until: until() };
    const series = await mcp("get_report_timeseries", { metric: "conversations_count", timezone: zone, ...window });
    expect(series).toEqual({ payload: await get(`${v2(desk)}/reports`, { metric: "conversations_count", type: "account", timezone: zone, ...window }) });
    expect(series.payload.length).toBeGreaterThanOrEqual(4);
    expect(series.payload.reduce((sum: number, point: { value: number }) => sum + point.value, 0)).toBe(3);
    for (const point of series.payload) expect(localParts(new Date(point.timestamp * 1000), zone).minutes).toBe(0);

    const replies = await mcp("get_report_timeseries", { metric: "avg_first_response_time", type: "agent", id: desk.agent.user.id, group_by: "week", ...window });
    expect(replies).toEqual({ payload: await get(`${v2(desk)}/reports`, { metric: "avg_first_response_time", type: "agent", id: desk.agent.user.id, group_by: "week", ...window }) });
    expect(replies.payload.reduce((sum: number, point: { count: number }) => sum + point.count, 0)).toBe(1);
  });

  it("summary reports: one row per agent, team and label, as the API answers them", async () => {
    const window = { since: until() - 86_400, until: until() };
    for (const dimension of ["agent", "team", "inbox", "label"]) {
      expect(await mcp("get_summary_report", { dimension, ...window })).toEqual({ payload: await get(`${v2(desk)}/summary_reports/${dimension}`, window) });
    }
    const agents = (await mcp("get_summary_report", { dimension: "agent", ...window })).payload;
    expect(agents.map((row: { id: number }) => row.id)).toEqual([desk.admin.user.id, desk.agent.user.id]);
    expect(agents[1]).toMatchObject({ conversations_count: 1, avg_first_response_time: expect.any(Number) });
    expect(agents[0]).toMatchObject({ conversations_count: 0, avg_first_response_time: null });
    expect((await mcp("get_summary_report", { dimension: "team", ...window })).payload).toEqual([
      expect.objectContaining({ id: figures.sales.id, conversations_count: 1, resolved_conversations_count: 0 }),
    ]);
    expect((await mcp("get_summary_report", { dimension: "label", ...window })).payload).toEqual([
      expect.objectContaining({ id: figures.vip.id, name: "vip", conversations_count: 1 }),
    ]);
  });

  it("live metrics: the account's and a team's, and per assignee, as the two live_reports routes answer them", async () => {
    const account = await mcp("get_conversation_metrics");
    expect(account).toEqual(await get(`${v2(desk)}/live_reports/conversation_metrics`));
    expect(account).toEqual({ open: 2, unattended: 1, unassigned: 1, pending: 0 });
    const sales = await mcp("get_conversation_metrics", { team_id: figures.sales.id });
    expect(sales).toEqual({ open: 1, unattended: 1, unassigned: 1, pending: 0 });
    const grouped = await mcp("get_conversation_metrics", { group_by: "assignee_id" });
    expect(grouped).toEqual({ ...account, groups: await get(`${v2(desk)}/live_reports/grouped_conversation_metrics`, { group_by: "assignee_id" }) });
    expect(grouped.groups).toEqual([
      { assignee_id: null, open: 1, unattended: 1, unassigned: 1 },
      { assignee_id: desk.agent.user.id, open: 1, unattended: 0, unassigned: 0 },
    ]);
    const byTeam = await mcp("get_conversation_metrics", { team_id: figures.sales.id, group_by: "team_id" });
    expect(byTeam.groups).toEqual(await get(`${v2(desk)}/live_reports/grouped_conversation_metrics`, { group_by: "team_id", team_id: figures.sales.id }));
  });
});

describe("venue reports", () => {
  const today = () => localDateOf(new Date(), zone);

  it("how full is the Grand Hall next month? list_spaces, then the occupancy report for it", async () => {
    const { spaces } = await mcp("list_spaces");
    const hall = spaces.find((space: { name: string }) => space.name === "Grand Hall");
    const month = nextMonthRange();
    const occupancy = await mcp("get_occupancy_report", { ...month, space_id: hall.id });
    expect(occupancy).toEqual(await get(`${v2(desk)}/reports/planning/occupancy`, { ...month, space_id: hall.id }));

    // Whole ISO weeks over the month, the Grand Hall alone; each week open 3 days × 14 hours.
    expect(weekdayOf(occupancy.since)).toBe("monday");
    expect(occupancy.since <= month.since && occupancy.until >= month.until).toBe(true);
    expect(occupancy.spaces.map((space: { name: string }) => space.name)).toEqual(["Grand Hall"]);
    const weeks: { week: string; open_hours: number; booked_hours: number; held_hours: number; occupancy: number | null }[] = occupancy.spaces[0].weeks;
    expect(weeks.map((week) => week.week)).toEqual(occupancy.weeks);
    for (const week of weeks) expect(week.open_hours).toBe(42);
    const [booked, held] = venue.saturdays.map((saturday) => weeks.find((week) => week.week === addDays(saturday, -5))!);
    expect(booked).toMatchObject({ booked_hours: 5, held_hours: 0, occupancy: Math.round((5 / 42) * 10_000) / 10_000 });
    expect(held).toMatchObject({ booked_hours: 0, held_hours: 4, occupancy: 0 });
    expect(weeks.reduce((sum, week) => sum + week.booked_hours, 0)).toBe(5);
    expect(occupancy.totals).toEqual(weeks);
  });

  it("pipeline, revenue, holds and quotes: as the API answers them, in euros as exact decimals", async () => {
    const month = nextMonthRange();
    const pipeline = await mcp("get_pipeline_report", month);
    expect(pipeline).toEqual(await get(`${v2(desk)}/reports/planning/pipeline`, month));
    expect(pipeline.timezone).toBe(zone);
    expect(pipeline.statuses.find((row: { status: string }) => row.status === "lead")).toEqual({
      status: "lead",
      events: 1,
      quoted: [{ currency: "EUR", events: 1, total_excl_tax: "1000.00", total_incl_tax: "1210.00" }],
    });

    const revenue = await mcp("get_revenue_report", month);
    expect(revenue).toEqual(await get(`${v2(desk)}/reports/planning/revenue`, month));
    const euros = { currency: "EUR", quotes: 1, total_excl_tax: "1000.00", total_tax: "210.00", total_incl_tax: "1210.00" };
    expect(revenue.totals).toEqual([euros]);
    expect(revenue.by_space).toEqual([{ ...euros, space_id: venue.hall.id, space_name: "Grand Hall" }]);
    expect(revenue.by_category).toEqual([{ ...euros, category: "venue" }]);
    expect((await mcp("get_revenue_report", { ...month, space_id: venue.garden.id })).totals).toEqual([]);

    const day = { since: addDays(today(), -1), until: addDays(today(), 1) };
    const holds = await mcp("get_hold_conversion_report", day);
    expect(holds).toEqual(await get(`${v2(desk)}/reports/planning/holds`, day));
    expect(holds).toMatchObject({ created: 2, confirmed: 1, open: 1, expired: 0, cancelled: 0, confirmation_rate: 0.5 });
    const sent = await mcp("get_quote_conversion_report", day);
    expect(sent).toEqual(await get(`${v2(desk)}/reports/planning/quotes`, day));
    expect(sent).toMatchObject({ sent: 1, accepted: 1, acceptance_rate: 1, median_seconds_to_accept: 3600, average_views_before_acceptance: 2 });
  });
});

describe("refusals", () => {
  it("keeps every report tool from an agent without report_manage: not offered, not served", async () => {
    const offered = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(offered).toContain("list_spaces");
    for (const name of reportToolNames) expect(offered).not.toContain(name);
    await expect(agent.callTool({ name: "get_occupancy_report", arguments: nextMonthRange() })).rejects.toThrow(/get_occupancy_report/);
    // The services refuse them all the same, whoever lists them.
    const ctx = await accountContext(getDb(), { kind: "user", user: desk.agent.user }, desk.account.id);
    // Each with arguments it would answer an administrator; the venue reports take next month.
    const args: Record<string, Record<string, unknown>> = {
      get_report_summary: {},
      get_report_timeseries: { metric: "conversations_count" },
      get_summary_report: { dimension: "agent" },
      get_conversation_metrics: {},
      get_outgoing_messages_count: { group_by: "agent" },
    };
    for (const tool of reportTools) {
      const result = await callTool(tool, ctx, args[tool.name] ?? nextMonthRange());
      expect(result.structuredContent, tool.name).toMatchObject({ status: 403, code: "forbidden" });
    }
  });

  it("answers another account's inbox, agent, team and space as not found", async () => {
    const otherAgent = other.agent.user.id;
    expect(await refusal("get_report_timeseries", { metric: "conversations_count", type: "inbox", id: elsewhere.desk.inbox.id })).toMatchObject({ status: 404 });
    expect(await refusal("get_report_summary", { type: "agent", id: otherAgent })).toMatchObject({ status: 404 });
    expect(await refusal("get_conversation_metrics", { team_id: elsewhere.desk.sales.id })).toMatchObject({ status: 404 });
    expect(await refusal("get_conversation_metrics", { team_id: elsewhere.desk.sales.id, group_by: "team_id" })).toMatchObject({ status: 404 });
    for (const name of ["get_occupancy_report", "get_pipeline_report", "get_revenue_report", "get_hold_conversion_report", "get_quote_conversion_report"]) {
      expect(await refusal(name, { ...nextMonthRange(), space_id: elsewhere.venue.hall.id }), name).toMatchObject({ status: 404, code: "not_found" });
    }
  });

  it("answers bad input with the field errors", async () => {
    const backwards = await refusal("get_occupancy_report", { since: "2026-07-31", until: "2026-07-01" });
    expect(backwards).toMatchObject({ status: 422, errors: [expect.objectContaining({ field: "until" })] });
    const zoneless = await refusal("get_report_timeseries", { metric: "conversations_count", timezone: "Mars/Olympus" });
    expect(zoneless.errors).toEqual([expect.objectContaining({ field: "timezone" })]);
    const dimensionless = await refusal("get_summary_report", { dimension: "contact" });
    expect(dimensionless.errors).toEqual([expect.objectContaining({ field: "dimension" })]);
  });
});
