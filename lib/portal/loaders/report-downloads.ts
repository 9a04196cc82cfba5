import type { AccountCtx } from "@/lib/auth/caller";
import { venueZone } from "@/lib/planning/venue-zone";
import { csvTable } from "@/lib/reports/csv";
import { conversationsSummaryCsv, dimensionCsv, type CsvDocument } from "@/lib/reports/csv-reports";
import { occupancyReport, pipelineReport, revenueReport } from "@/lib/reports/planning";
import { dimensionDownloads, reportDimensions } from "./report-tables";
import { occupancyCsv, pipelineCsv, revenueCategoriesCsv, revenueMonthsCsv, revenueSpacesCsv, type VenueCsvTable } from "./report-venue-tables";
import { readReportOptions, reportWindowOf, type ReportOptions } from "./reports";

/** One small CSV writer for the venue tables: a header and rows, written as the API's downloads write a line. */
export const csvDocument = ({ filename, header, rows }: VenueCsvTable): CsvDocument => ({
  filename,
  body: csvTable(header, rows),
});

type VenueQuery = { since: string; until: string };
const venueDownloads = {
  pipeline: async (ctx: AccountCtx, query: VenueQuery) => ({ filename: "pipeline", ...pipelineCsv(await pipelineReport(ctx, query)) }),
  revenue_by_month: async (ctx: AccountCtx, query: VenueQuery) => ({ filename: "revenue_by_month", ...revenueMonthsCsv(await revenueReport(ctx, query)) }),
  revenue_by_space: async (ctx: AccountCtx, query: VenueQuery) => ({ filename: "revenue_by_space", ...revenueSpacesCsv(await revenueReport(ctx, query)) }),
  revenue_by_category: async (ctx: AccountCtx, query: VenueQuery) => ({ filename: "revenue_by_category", ...revenueCategoriesCsv(await revenueReport(ctx, query)) }),
  occupancy: async (ctx: AccountCtx, query: VenueQuery) => ({ filename: "occupancy", ...occupancyCsv(await occupancyReport(ctx, query)) }),
};
export type VenueDownload = keyof typeof venueDownloads;

/** Every download the Reports page offers, by the name in its path. */
export const reportDownloads = ["conversations_summary", ...reportDimensions.map((dimension) => dimensionDownloads[dimension]), ...(Object.keys(venueDownloads) as VenueDownload[])];
export type ReportDownload = (typeof reportDownloads)[number];


/**
 * A download of the Reports page, over the range and switches its URL names (`params`, the
 * page's own query): the agents', inboxes', teams' and labels' tables and the summary as the
 * API's CSV downloads write them; a venue table as its rows, named after the events' dates.
 * null for a name that is no download.
 */
export const loadReportDownload = async (
  ctx: AccountCtx,
  name: string,
  params: Record<string, string | string[] | undefined>,
  now = new Date(),
): Promise<CsvDocument | null> => {
  const options: ReportOptions = readReportOptions(params, await venueZone(ctx), now);
  const window = reportWindowOf(options);
  if (name === "conversations_summary") return conversationsSummaryCsv(ctx, window);
  const dimension = reportDimensions.find((candidate) => dimensionDownloads[candidate] === name);
  if (dimension) return dimensionCsv(ctx, dimensionDownloads[dimension], window);
  if (!Object.hasOwn(venueDownloads, name)) return null;
  const { since, until } = options.venue;
  const table = await venueDownloads[name as VenueDownload](ctx, { since, until });
  return csvDocument({ ...table, filename: `${table.filename}_${since}_${until}` });
};
