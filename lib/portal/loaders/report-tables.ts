import { asc, eq } from "drizzle-orm";
import { accountUsers, inboxes, teams, users } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
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
 * The names a dimension's rows are shown with, one query each (labels carry their own). Agents
 * are every member of the account, by user id — the order of the agents' CSV download.
 */
const namesOf = async (ctx: AccountCtx, dimension: Exclude<ReportDimension, "label">): Promise<Map<number, string>> => {
  const account = ctx.account.id;
  const rows =
    dimension === "agent"
      ? await ctx.db
          .select({ id: users.id, name: users.name })
          .from(accountUsers)
          .innerJoin(users, eq(users.id, accountUsers.userId))
          .where(eq(accountUsers.accountId, account))
          .orderBy(asc(users.id))
      : dimension === "inbox"
        ? await ctx.db.select({ id: inboxes.id, name: inboxes.name }).from(inboxes).where(eq(inboxes.accountId, account)).orderBy(asc(inboxes.id))
        : await ctx.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.accountId, account)).orderBy(asc(teams.id));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/**
 * A table's rows over the window: the summary report of the dimension (business hours as the
 * query says), each row named, in the order of its CSV download (ids ascending).
 */
export const loadDimensionTable = async (ctx: AccountCtx, dimension: ReportDimension, query: SummaryReportQuery): Promise<DimensionRow[]> => {
  const [rows, names] = await Promise.all([
    summaryReport(ctx, dimension, query),
    dimension === "label" ? Promise.resolve(null) : namesOf(ctx, dimension),
  ]);
  return rows
    .map((row): DimensionRow => ({ ...row, name: (row as { name?: string }).name ?? names?.get(row.id) ?? `#${row.id}` }))
    .sort((a, b) => a.id - b.id);
};
