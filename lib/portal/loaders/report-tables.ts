import type { AccountCtx } from "@/lib/auth/caller";
import { reportRecords } from "@/lib/reports/records";
import { summaryReport, type SummaryDimension } from "@/lib/reports/summary-reports";
import type { SummaryReportQuery } from "@/lib/reports/schemas";
import type { CsvDimension } from "@/lib/reports/csv-reports";

/** The Reports page's tables, in the order of their tabs; `table` in the URL picks one. */
export const reportDimensions = ["agent", "inbox", "team", "label"] as const satisfies readonly SummaryDimension[];
export type ReportDimension = (typeof reportDimensions)[number];

/** Each table's download: the API's CSV of the same dimension (GET reports/{agents,inboxes,teams,labels}). */
export const dimensionDownloads: Record<ReportDimension, CsvDimension> = { agent: "agents", inbox: "inboxes", team: "teams", label: "labels" };

/** One row of a table: GET summary_reports/{dimension}'s row with the agent's, inbox's, team's or label's name. */
export type DimensionRow = Omit<Awaited<ReturnType<typeof summaryReport>>[number], "name"> & { name: string };

/**
 * A table's rows over the window: the summary report of the dimension (business hours as the
 * query says), each row named as the CSV download names it, in its order (ids ascending).
 */
export const loadDimensionTable = async (ctx: AccountCtx, dimension: ReportDimension, query: SummaryReportQuery): Promise<DimensionRow[]> => {
  const [rows, records] = await Promise.all([summaryReport(ctx, dimension, query), reportRecords(ctx, dimension)]);
  const names = new Map(records.map((record) => [record.id, record.name]));
  return rows.map((row): DimensionRow => ({ ...row, name: names.get(row.id) ?? `#${row.id}` })).sort((a, b) => a.id - b.id);
};
