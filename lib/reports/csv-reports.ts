import { asc, eq } from "drizzle-orm";
import { accountUsers, inboxes, labels, teams, users } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { channelLabels } from "@/lib/portal/loaders/inboxes";
import { csvLine, type Cell } from "./csv";
import { reportSummary } from "./reports";
import type { ReportScope } from "./schemas";
import { chatwootDuration } from "./time-format";
import { conversationTraffic, trafficTable } from "./traffic";
import { reportWindow } from "./window";

/**
 * Chatwoot's report downloads (ReportsController#agents … #conversation_traffic and their
 * .csv.erb templates, 4.10 develop — the newest upstream source read; the post-4.13 fork read
 * builds the same rows). Each is a "Reporting period <since> to <until>" line (UTC dates), two
 * empty lines — what the templates' line breaks leave — a header and one row per agent, inbox,
 * team or label of the account (ids ascending), or one row for the account. Durations are
 * written as Chatwoot's TimeFormatPresenter writes them.
 */
export type CsvWindow = { since?: number; until?: number; business_hours?: boolean };
export type CsvDocument = { filename: string; body: string };

type Summary = Awaited<ReturnType<typeof reportSummary>>;
type Row = { scope: Exclude<ReportScope, "account">; id: number; cells: Cell[] };

const day = (date: Date) => date.toISOString().slice(0, 10);

const document = (filename: string, query: CsvWindow, header: readonly string[], rows: readonly Cell[][]): CsvDocument => {
  const window = reportWindow(query);
  const period = csvLine([`Reporting period ${day(window.since)} to ${day(window.until)}`]);
  return { filename, body: `${period}\n\n${csvLine(header)}${rows.map((row) => csvLine(row)).join("")}` };
};

const summaryOf = (ctx: AccountCtx, query: CsvWindow, type: ReportScope, id?: number) =>
  reportSummary(ctx, { type, id, since: query.since, until: query.until, business_hours: query.business_hours });

/** generate_readable_report_metrics: conversations, first response, resolution, customer waiting, resolutions. */
const readable = (summary: Summary): Cell[] => [
  summary.conversations_count,
  chatwootDuration(summary.avg_first_response_time),
  chatwootDuration(summary.avg_resolution_time),
  chatwootDuration(summary.reply_time),
  summary.resolutions_count,
];

const durations = ["Avg first response time", "Avg resolution time"] as const;

const rowsWithFigures = async (ctx: AccountCtx, query: CsvWindow, rows: readonly Row[]) => {
  const summaries = await Promise.all(rows.map((row) => summaryOf(ctx, query, row.scope, row.id)));
  return rows.map((row, i) => [...row.cells, ...readable(summaries[i]!)]);
};

export const agentsCsv = async (ctx: AccountCtx, query: CsvWindow): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const agents = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(eq(accountUsers.accountId, ctx.account.id))
    .orderBy(asc(users.id));
  const rows = await rowsWithFigures(ctx, query, agents.map((agent) => ({ scope: "agent", id: agent.id, cells: [agent.name] })));
  const header = ["Agent name", "Assigned conversations", ...durations, "Avg customer waiting time", "Resolution Count"];
  return document("agents_report", query, header, rows);
};

export const inboxesCsv = async (ctx: AccountCtx, query: CsvWindow): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const rows = await ctx.db
    .select({ id: inboxes.id, name: inboxes.name, channelType: inboxes.channelType })
    .from(inboxes)
    .where(eq(inboxes.accountId, ctx.account.id))
    .orderBy(asc(inboxes.id));
  const figures = await rowsWithFigures(ctx, query, rows.map((inbox) => ({ scope: "inbox", id: inbox.id, cells: [inbox.name, channelLabels[inbox.channelType]] })));
  // Chatwoot's header stops after the resolution time although its rows carry the customer
  // waiting time and resolution count too; those two columns are named here (the team CSV's words).
  const header = ["Inbox name", "Inbox type", "No. of conversations", ...durations, "Avg customer waiting time", "Resolution Count"];
  return document("inboxes_report", query, header, figures);
};

export const teamsCsv = async (ctx: AccountCtx, query: CsvWindow): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const rows = await ctx.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.accountId, ctx.account.id)).orderBy(asc(teams.id));
  const figures = await rowsWithFigures(ctx, query, rows.map((team) => ({ scope: "team", id: team.id, cells: [team.name] })));
  const header = ["Team name", "Conversations count", ...durations, "Avg customer waiting time", "Resolution Count"];
  return document("teams_report", query, header, figures);
};

export const labelsCsv = async (ctx: AccountCtx, query: CsvWindow): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const rows = await ctx.db.select({ id: labels.id, title: labels.title }).from(labels).where(eq(labels.accountId, ctx.account.id)).orderBy(asc(labels.id));
  const figures = await rowsWithFigures(ctx, query, rows.map((label) => ({ scope: "label", id: label.id, cells: [label.title] })));
  const header = ["Label", "No. of conversations", ...durations, "Avg reply time", "Resolution Count"];
  return document("labels_report", query, header, figures);
};

export const conversationsSummaryCsv = async (ctx: AccountCtx, query: CsvWindow): Promise<CsvDocument> => {
  const summary = await summaryOf(ctx, query, "account");
  const header = ["Conversations", "Messages received", "Messages sent", ...durations, "Resolution count", "Avg customer waiting time"];
  const row = [
    summary.conversations_count,
    summary.incoming_messages_count,
    summary.outgoing_messages_count,
    chatwootDuration(summary.avg_first_response_time),
    chatwootDuration(summary.avg_resolution_time),
    summary.resolutions_count,
    chatwootDuration(summary.reply_time),
  ];
  return document("conversations_summary_report", query, header, [row]);
};

/** "(GMT+05:30)": the offset as ActiveSupport writes it. Chatwoot adds the name of the first Rails zone with that offset; a fixed offset has none. */
export const offsetLabel = (offset: number) => {
  const minutes = Math.round(Math.abs(offset) * 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `(GMT${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)})`;
};

/**
 * The traffic download: "Timezone,<zone>" (Ruby's plain CSV in Chatwoot's template), two empty
 * lines, then the hour × date table. Chatwoot labels the dates and hours in the server's zone
 * (UTC) while it counts in the offset's; they are labelled here in the offset's zone, which is
 * the same table for offset 0.
 */
export const conversationTrafficCsv = async (ctx: AccountCtx, query: { timezone_offset: number; days_before: number }): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const table = trafficTable(await conversationTraffic(ctx, query.timezone_offset, query.days_before));
  const zone = csvLine(["Timezone", offsetLabel(query.timezone_offset)], { guard: false });
  return { filename: "conversation_traffic_reports", body: `${zone}\n\n${table.map((row) => csvLine(row)).join("")}` };
};

/** The download as Chatwoot sends it: text/csv, an attachment named after the report. */
export const csvResponse = ({ filename, body }: CsvDocument) =>
  new Response(body, { headers: { "Content-Type": "text/csv", "Content-Disposition": `attachment; filename=${filename}.csv` } });
