// `npm run bench:reports`: every report route over the conversation benchmark's data (two accounts
// of 100,000 conversations and 1,000,000 messages each, with their reporting events) and the
// venue reports over the planning benchmark's (20,000 allocations, with events and quotes), one
// client, server time from Server-Timing. Needs a build first (`npm run build`).
// BENCH_REPORT_REQUESTS: requests per route (default 60); BENCH_REPORT_ONLY: a substring of the
// routes to run.
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { base, measure, openDatabase, printSamples, startServer, stopServer, type Sample } from "./harness";
import { conversationBench, planningBench, seedBenchReportingEvents, seedBenchVenueSales } from "./seed";

const REQUESTS = Number(process.env.BENCH_REPORT_REQUESTS ?? 60);
const ONLY = process.env.BENCH_REPORT_ONLY;
const DAY = 86_400;
/** The reports limits (Chatwoot's 100 a minute per user) stay on, out of reach of the run: their upsert is part of every request's cost. */
const serverOptions = { env: { RATE_LIMIT_REPORTS_USER: "100000000/60", RATE_LIMIT_REPORTS_ACCOUNT: "100000000/60" } };

type Route = [name: string, path: (i: number) => string];

/** Windows ending now: the portal's default (30 days) and a year, each request a few hours apart so no two are alike. */
const windows = [
  ["30 days", 30],
  ["1 year", 365],
] as const;

const chatwootRoutes = (accountId: number, ids: { agent: number; inbox: number; team: number; label: number }): Route[] => {
  const v2 = `/api/v2/accounts/${accountId}`;
  const routes: Route[] = [];
  for (const [label, days] of windows) {
    const range = (i: number) => {
      const until = Math.floor(Date.now() / 1000) - (i % 24) * 3600;
      return `since=${until - days * DAY}&until=${until}`;
    };
    const group = days > 60 ? "month" : "day";
    for (const metric of ["conversations_count", "incoming_messages_count", "outgoing_messages_count", "avg_first_response_time", "avg_resolution_time", "resolutions_count", "reply_time", "bot_resolutions_count", "bot_handoffs_count"]) {
      routes.push([`reports ${metric} (${label}, by ${group})`, (i) => `${v2}/reports?metric=${metric}&type=account&group_by=${group}&${range(i)}`]);
    }
    routes.push([`reports avg_first_response_time, agent, business hours (${label})`, (i) => `${v2}/reports?metric=avg_first_response_time&type=agent&id=${ids.agent}&business_hours=true&group_by=${group}&${range(i)}`]);
    routes.push([`reports conversations_count, label (${label})`, (i) => `${v2}/reports?metric=conversations_count&type=label&id=${ids.label}&group_by=${group}&${range(i)}`]);
    routes.push([`reports/summary (${label})`, (i) => `${v2}/reports/summary?type=account&${range(i)}`]);
    routes.push([`reports/summary, inbox (${label})`, (i) => `${v2}/reports/summary?type=inbox&id=${ids.inbox}&${range(i)}`]);
    routes.push([`reports/bot_summary (${label})`, (i) => `${v2}/reports/bot_summary?type=account&${range(i)}`]);
    routes.push([`reports/bot_metrics (${label})`, (i) => `${v2}/reports/bot_metrics?${range(i)}`]);
    routes.push([`reports/first_response_time_distribution (${label})`, (i) => `${v2}/reports/first_response_time_distribution?${range(i)}`]);
    routes.push([`reports/inbox_label_matrix (${label})`, (i) => `${v2}/reports/inbox_label_matrix?${range(i)}`]);
    routes.push([`reports/outgoing_messages_count by agent (${label})`, (i) => `${v2}/reports/outgoing_messages_count?group_by=agent&${range(i)}`]);
    for (const dimension of ["agent", "team", "inbox", "label"]) {
      routes.push([`summary_reports/${dimension} (${label})`, (i) => `${v2}/summary_reports/${dimension}?business_hours=${i % 2 === 0}&${range(i)}`]);
    }
    if (days <= 183) routes.push([`summary_reports/channel (${label})`, (i) => `${v2}/summary_reports/channel?${range(i)}`]);
    for (const csv of ["agents", "inboxes", "labels", "teams", "conversations_summary", "conversation_traffic"]) {
      routes.push([`reports/${csv} CSV (${label})`, (i) => `${v2}/reports/${csv}?${range(i)}`]);
    }
    routes.push([`reporting_events page 1-20 (${label})`, (i) => `/api/v1/accounts/${accountId}/reporting_events?page=${1 + (i % 20)}&${range(i)}`]);
  }
  routes.push(["reports/conversations type=account", () => `${v2}/reports/conversations?type=account`]);
  routes.push(["reports/conversations type=agent", () => `${v2}/reports/conversations?type=agent`]);
  routes.push(["live_reports/conversation_metrics", () => `${v2}/live_reports/conversation_metrics`]);
  routes.push(["live_reports/conversation_metrics, team", () => `${v2}/live_reports/conversation_metrics?team_id=${ids.team}`]);
  routes.push(["live_reports/grouped_conversation_metrics by assignee", () => `${v2}/live_reports/grouped_conversation_metrics?group_by=assignee_id`]);
  routes.push(["live_reports/grouped_conversation_metrics by team", () => `${v2}/live_reports/grouped_conversation_metrics?group_by=team_id`]);
  return routes;
};

const venueRoutes = (accountId: number): Route[] => {
  const v2 = `/api/v2/accounts/${accountId}/reports/planning`;
  const routes: Route[] = [];
  for (const [label, days] of [["3 months", 91], ["1 year", 365]] as const) {
    const range = (i: number) => {
      const since = new Date(Date.now() + (i % 28) * DAY * 1000);
      const until = new Date(since.getTime() + (days - 1) * DAY * 1000);
      return `since=${since.toISOString().slice(0, 10)}&until=${until.toISOString().slice(0, 10)}`;
    };
    for (const report of ["pipeline", "revenue", "occupancy", "holds", "quotes"]) routes.push([`planning/${report} (${label})`, (i) => `${v2}/${report}?${range(i)}`]);
  }
  return routes;
};

const run = async (routes: Route[], token: string) => {
  const headers = { api_access_token: token };
  const samples: Sample[] = [];
  for (const [name, path] of routes) {
    if (ONLY && !name.includes(ONLY)) continue;
    const send = (i: number) => fetch(`${base}${path(i)}`, { headers });
    const probe = await send(0);
    if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
    await measure("warm-up", 1, 5, send);
    samples.push(await measure(name, 1, REQUESTS, send));
  }
  return samples;
};

const idsOf = async (db: Db, accountId: number) =>
  (
    await db.execute<{ agent: number; inbox: number; team: number; label: number }>(sql`
      select (select max(user_id) from account_users where account_id = ${accountId}) as agent,
             (select min(id) from inboxes where account_id = ${accountId}) as inbox,
             (select min(id) from teams where account_id = ${accountId}) as team,
             (select min(id) from labels where account_id = ${accountId}) as label`)
  )[0]!;

const main = async () => {
  const samples: Sample[] = [];
  const conversationsDb = await openDatabase("venuedesk_bench");
  let server;
  try {
    await runMigrations(conversationsDb.url);
    const seeded = await conversationBench(conversationsDb.url);
    const db = createDb(conversationsDb.url, { max: 2 });
    for (const account of seeded.accounts) await seedBenchReportingEvents(db, account.accountId);
    const [account] = seeded.accounts;
    const ids = await idsOf(db, account!.accountId);
    const counts = (await db.execute<{ conversations: number; messages: number; events: number }>(sql`
      select (select count(*) from conversations where account_id = ${account!.accountId})::int as conversations,
             (select count(*) from messages where account_id = ${account!.accountId})::int as messages,
             (select count(*) from reporting_events where account_id = ${account!.accountId})::int as events`))[0]!;
    await db.$client.end();
    server = await startServer(conversationsDb.url, serverOptions);
    samples.push(...(await run(chatwootRoutes(account!.accountId, ids), account!.token)));
    console.log(`\nChatwoot reports: ${seeded.accounts.length} accounts; the measured one has ${counts.conversations} conversations, ${counts.messages} messages, ${counts.events} reporting events`);
  } finally {
    await stopServer(server);
    await conversationsDb.stop();
  }
  const planningDb = await openDatabase("venuedesk_bench_planning");
  server = undefined;
  try {
    await runMigrations(planningDb.url);
    const db = createDb(planningDb.url, { max: 2 });
    const seeded = await planningBench(db);
    await seedBenchVenueSales(db, seeded.accountId);
    await db.$client.end();
    server = await startServer(planningDb.url, serverOptions);
    samples.push(...(await run(venueRoutes(seeded.accountId), seeded.token)));
  } finally {
    await stopServer(server);
    await planningDb.stop();
  }
  printSamples(samples);
  const slow = samples.filter((sample) => sample.server99 >= 200);
  if (slow.length) console.log(`\nOver the 200 ms server p99 target: ${slow.map((sample) => sample.name).join("; ")}`);
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
