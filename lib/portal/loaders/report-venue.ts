import type { AccountCtx } from "@/lib/auth/caller";
import {
  holdConversionReport,
  occupancyReport,
  pipelineReport,
  quoteConversionReport,
  revenueReport,
  type HoldConversionReport,
  type OccupancyReport,
  type PipelineReport,
  type QuoteConversionReport,
  type RevenueReport,
} from "@/lib/reports/planning";
import type { VenueRange } from "./report-venue-range";

export type VenueReports = {
  range: VenueRange;
  pipeline: PipelineReport;
  revenue: RevenueReport;
  occupancy: OccupancyReport;
  holds: HoldConversionReport;
  quotes: QuoteConversionReport;
};

/**
 * The venue reports, through the same services as GET reports/planning/…: the pipeline, revenue
 * and occupancy over the events' dates (`range`); hold and quote conversion over `activity`,
 * the page's range, because they count holds placed and quotes sent — things done, not dates ahead.
 */
export const loadVenueReports = async (ctx: AccountCtx, range: VenueRange, activity: { from: string; to: string }): Promise<VenueReports> => {
  const events = { since: range.since, until: range.until };
  const done = { since: activity.from, until: activity.to };
  const [pipeline, revenue, occupancy, holds, quotes] = await Promise.all([
    pipelineReport(ctx, events),
    revenueReport(ctx, events),
    occupancyReport(ctx, events),
    holdConversionReport(ctx, done),
    quoteConversionReport(ctx, done),
  ]);
  return { range, pipeline, revenue, occupancy, holds, quotes };
};
