import { Temporal } from "temporal-polyfill";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";
import { addDays, dayClock, isLocalDate, localDateOf } from "@/lib/planning/time";
import { venueZone } from "@/lib/planning/venue-zone";
import { reportSummary, reportTimeseries } from "@/lib/reports/reports";
import { firstParam } from "@/lib/portal/context";
import { loadDimensionTable, reportDimensions, type DimensionRow, type ReportDimension } from "./report-tables";
import { loadVenueReports, type VenueReports } from "./report-venue";
import { readVenueRange, type VenueRange } from "./report-venue-range";

/** The ranges the Reports page offers; `custom` reads `from` and `to` (local dates, both included). */
export const reportPresets = ["7d", "30d", "90d", "this_month", "last_month"] as const;
export type ReportPreset = (typeof reportPresets)[number] | "custom";
const lastDays = { "7d": 7, "30d": 30, "90d": 90 } as const;

export type ReportRange = {
  preset: ReportPreset;
  /** First and last local date of the range, both included. */
  from: string;
  to: string;
  /** Whole local days from `from` to `to`. */
  days: number;
  timeZone: string;
  since: Date;
  until: Date;
  /** Set when the URL asked for something unusable and the default was shown instead. */
  corrected: boolean;
};

const maxRangeDays = 366;

const daysBetween = (from: string, to: string) => Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to)).days + 1;
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The range a Reports URL asks for, in the venue's zone: `range=7d|30d|90d` ends today,
 * `this_month` runs from its first day to today, `last_month` is the whole month before; `from`
 * and `to` (YYYY-MM-DD, strict) name whole local days. Anything unusable (an impossible date,
 * `from` after `to`, more than a year, a start in the future) falls back to the last 30 days.
 * A range never ends after `now`. Pure: `now` and the zone are given.
 */
export const readReportRange = (params: Record<string, string | string[] | undefined>, timeZone: string, now: Date): ReportRange => {
  const today = localDateOf(now, timeZone);
  const startOf = (date: string) => new Date(dayClock(date, timeZone).boundary(0));
  const between = (preset: ReportPreset, from: string, to: string, corrected = false): ReportRange => {
    // The API's windows include `until`: a closed range ends at its last second (23:59:59), as
    // Chatwoot's dashboard asks, so the next day's midnight is neither counted nor charted.
    const end = new Date(startOf(addDays(to, 1)).getTime() - 1000);
    return { preset, from, to, days: daysBetween(from, to), timeZone, since: startOf(from), until: end < now ? end : now, corrected };
  };
  const fallback = () => between("30d", addDays(today, -29), today, true);
  const range = firstParam(params.range);
  const from = firstParam(params.from);
  const to = firstParam(params.to);
  if (from !== undefined || to !== undefined) {
    const usable =
      isLocalDate(from) && isLocalDate(to) && from <= to && from <= today && addDays(from, maxRangeDays - 1) >= to;
    return usable ? between("custom", from, to) : fallback();
  }
  if (range === undefined || range === "") return between("30d", addDays(today, -29), today);
  if (range === "this_month") return between(range, firstOfMonth(today), today);
  if (range === "last_month") {
    const lastDay = addDays(firstOfMonth(today), -1);
    return between(range, firstOfMonth(lastDay), lastDay);
  }
  if (range in lastDays) return between(range as ReportPreset, addDays(today, 1 - lastDays[range as keyof typeof lastDays]), today);
  return fallback();
};

/** How the charts bucket a range. */
export const reportGroupings = ["day", "week", "month"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/**
 * The groupings that read well over a range of `days`: days up to about three months, weeks
 * beyond one week, months beyond one month — so a chart has between two and about a hundred bars.
 */
export const groupingsFor = (days: number): ReportGrouping[] =>
  reportGroupings.filter((grouping) => (grouping === "day" ? days <= 92 : grouping === "week" ? days > 7 : days > 31));

/** The grouping a range gets unless the URL picks another: days up to a month, weeks up to six months, then months. */
export const defaultGrouping = (days: number): ReportGrouping => (days <= 31 ? "day" : days <= 183 ? "week" : "month");

export type ReportOptions = {
  range: ReportRange;
  groupBy: ReportGrouping;
  /** The groupings offered for this range (`groupBy` is one of them). */
  groupings: ReportGrouping[];
  defaultGroupBy: ReportGrouping;
  /** Durations counted within the inboxes' working hours only (`business_hours=true`). */
  businessHours: boolean;
  /** The table shown (`table`): per agent unless the URL picks another. */
  dimension: ReportDimension;
  /** The events' dates the venue reports read (`venue`). */
  venue: VenueRange;
};

/** Everything the Reports URL chooses: the range, the charts' grouping (one that suits the range, else its default) and business hours. */
export const readReportOptions = (params: Record<string, string | string[] | undefined>, timeZone: string, now: Date): ReportOptions => {
  const range = readReportRange(params, timeZone, now);
  const groupings = groupingsFor(range.days);
  const defaultGroupBy = defaultGrouping(range.days);
  const requested = groupings.find((grouping) => grouping === firstParam(params.group_by));
  return {
    range,
    groupBy: requested ?? defaultGroupBy,
    groupings,
    defaultGroupBy,
    businessHours: firstParam(params.business_hours) === "true",
    dimension: reportDimensions.find((dimension) => dimension === firstParam(params.table)) ?? "agent",
    venue: readVenueRange(firstParam(params.venue), timeZone, now),
  };
};

/** The API's window for the options' range (unix seconds, both ends included) and business hours. */
export const reportWindowOf = ({ range, businessHours }: ReportOptions) => ({
  since: Math.floor(range.since.getTime() / 1000),
  until: Math.floor(range.until.getTime() / 1000),
  business_hours: businessHours,
});

/** The metrics the page charts, each one series of GET reports?metric=…. */
export const chartedMetrics = [
  "conversations_count",
  "incoming_messages_count",
  "outgoing_messages_count",
  "resolutions_count",
  "avg_first_response_time",
  "avg_resolution_time",
  "reply_time",
] as const;
export type ChartedMetric = (typeof chartedMetrics)[number];

/** One bucket of GET reports: a count, or an average with the number of events it averages. */
export type ReportPoint = { value: number; timestamp: number; count?: number };

export type ReportsView =
  | { allowed: false }
  | {
      allowed: true;
      options: ReportOptions;
      summary: Awaited<ReturnType<typeof reportSummary>>;
      series: Record<ChartedMetric, ReportPoint[]>;
      /** The rows of the table the URL picks (`options.dimension`). */
      table: DimensionRow[];
      venue: VenueReports;
    };

/**
 * The Reports page: the API's summary (GET reports/summary) and one time series per charted
 * metric (GET reports) over the range the URL names, the table it picks (GET
 * summary_reports/{dimension}) and the venue reports, through the same services as the API.
 */
export const loadReports = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>, now = new Date()): Promise<ReportsView> => {
  const options = readReportOptions(params, await venueZone(ctx), now);
  const { range, groupBy } = options;
  const window = { type: "account" as const, ...reportWindowOf(options) };
  try {
    const [summary, table, venue, ...points] = await Promise.all([
      reportSummary(ctx, window),
      loadDimensionTable(ctx, options.dimension, window),
      loadVenueReports(ctx, options.venue, range),
      ...chartedMetrics.map((metric) =>
        // The venue's named zone puts every bucket on its midnight, across a DST change too.
        reportTimeseries(ctx, { ...window, metric, group_by: groupBy, timezone: range.timeZone }),
      ),
    ]);
    const series = Object.fromEntries(
      chartedMetrics.map((metric, index) => {
        const buckets = points[index];
        // GET reports answers `{}` only for an unknown metric; these are known.
        return [metric, Array.isArray(buckets) ? buckets : []];
      }),
    ) as Record<ChartedMetric, ReportPoint[]>;
    return { allowed: true, options, summary, series, table, venue };
  } catch (error) {
    // The service decides who may read reports (report_manage), as for the API.
    if (error instanceof ApiError && error.code === "forbidden") return { allowed: false };
    throw error;
  }
};
