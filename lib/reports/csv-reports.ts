import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { channelLabels } from "@/lib/inboxes/present";
import { csvLine, csvTable, type Cell } from "./csv";
import { reportRecords, type ReportRecord } from "./records";
import { reportSummary } from "./reports";
import { summaryReport } from "./summary-reports";
import type { ReportScope } from "./schemas";
import { chatwootDuration } from "./time-format";
import { conversationTraffic, offsetLabel, trafficTable } from "./traffic";
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

const day = (date: Date) => date.toISOString().slice(0, 10);

const document = (filename: string, query: CsvWindow, header: readonly string[], rows: readonly Cell[][]): CsvDocument => {
  const window = reportWindow(query);
  const period = csvLine([`Reporting period ${day(window.since)} to ${day(window.until)}`]);
  return { filename, body: `${period}\n\n${csvTable(header, rows)}` };
};

const summaryOf = (ctx: AccountCtx, query: CsvWindow, type: ReportScope, id?: number) =>
  reportSummary(ctx, { type, id, since: query.since, until: query.until, business_hours: query.business_hours });

type Row = Awaited<ReturnType<typeof summaryReport>>[number];

/** generate_readable_report_metrics: conversations, first response, resolution, customer waiting, resolutions. */
const readable = (row: Row | undefined): Cell[] => [
  row?.conversations_count ?? 0,
  chatwootDuration(row?.avg_first_response_time ?? null),
  chatwootDuration(row?.avg_resolution_time ?? null),
  chatwootDuration(row?.avg_reply_time ?? null),
  row?.resolved_conversations_count ?? 0,
];

const durations = ["Avg first response time", "Avg resolution time"] as const;

type Dimension = {
  filename: string;
  scope: Exclude<ReportScope, "account">;
  header: readonly string[];
};

/** A record's leading cells: its name, and an inbox's channel as Chatwoot names it. */
const cellsOf = (record: ReportRecord): Cell[] => (record.channelType ? [record.name, channelLabels[record.channelType]] : [record.name]);

const dimensions = {
  agents: { filename: "agents_report", scope: "agent", header: ["Agent name", "Assigned conversations", ...durations, "Avg customer waiting time", "Resolution Count"] },
  inboxes: {
    filename: "inboxes_report",
    scope: "inbox",
    // Chatwoot's header stops after the resolution time although its rows carry the customer
    // waiting time and resolution count too; those two columns are named here (the team CSV's words).
    header: ["Inbox name", "Inbox type", "No. of conversations", ...durations, "Avg customer waiting time", "Resolution Count"],
  },
  teams: { filename: "teams_report", scope: "team", header: ["Team name", "Conversations count", ...durations, "Avg customer waiting time", "Resolution Count"] },
  labels: { filename: "labels_report", scope: "label", header: ["Label", "No. of conversations", ...durations, "Avg reply time", "Resolution Count"] },
} satisfies Record<string, Dimension>;

export type CsvDimension = keyof typeof dimensions;

/**
 * The agents, inboxes, teams or labels download: each record's name (and an inbox's channel)
 * then its figures from the summary report scoped to it.
 */
export const dimensionCsv = async (ctx: AccountCtx, name: CsvDimension, query: CsvWindow): Promise<CsvDocument> => {
  requirePermission(ctx, "report_manage");
  const dimension: Dimension = dimensions[name];
  const [records, rows] = await Promise.all([reportRecords(ctx, dimension.scope), summaryReport(ctx, dimension.scope, query)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return document(
    dimension.filename,
    query,
    dimension.header,
    records.map((record) => [...cellsOf(record), ...readable(byId.get(record.id))]),
  );
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
