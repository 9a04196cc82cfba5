import { percentChange } from "@/lib/format/durations";
import type { ReportDimension } from "@/lib/portal/loaders/report-tables";
import { defaultVenuePreset, type VenuePreset } from "@/lib/portal/loaders/report-venue-range";
import type { ChartedMetric, ReportGrouping, ReportPreset } from "@/lib/portal/loaders/reports";

/*
 * What the Reports page shows and how, as pure functions (no React, no server imports): the
 * metrics and whether a rise is good news, the change on the period before, the buckets' labels
 * and the page's links.
 */

export type MetricKind = "count" | "duration";

export type MetricInfo = {
  key: ChartedMetric;
  label: string;
  kind: MetricKind;
  hint: string;
  /** Whether a rise is good news: more resolved is, a longer wait is not; more conversations is neither. */
  upIsGood: boolean | null;
};

export const reportMetrics: MetricInfo[] = [
  { key: "conversations_count", label: "Conversations", kind: "count", hint: "Started in the range", upIsGood: null },
  { key: "incoming_messages_count", label: "Messages received", kind: "count", hint: "From customers", upIsGood: null },
  { key: "outgoing_messages_count", label: "Messages sent", kind: "count", hint: "By agents and bots", upIsGood: null },
  { key: "resolutions_count", label: "Resolved", kind: "count", hint: "Conversations resolved", upIsGood: true },
  { key: "avg_first_response_time", label: "First response", kind: "duration", hint: "Average time to the first reply", upIsGood: false },
  { key: "avg_resolution_time", label: "Resolution time", kind: "duration", hint: "Average time to resolve", upIsGood: false },
  { key: "reply_time", label: "Reply time", kind: "duration", hint: "Average wait for each reply", upIsGood: false },
];

export const metricInfo = (key: ChartedMetric) => reportMetrics.find((metric) => metric.key === key)!;

export type Delta =
  /** Nothing to compare with: no figure now or none before (an average of nothing, or a count of zero). */
  | { kind: "none" }
  | { kind: "same" }
  /** `percent` is whole and unsigned; 0 means under 1%. `tone` says whether the move is good news. */
  | { kind: "change"; direction: "up" | "down"; percent: number; tone: "good" | "bad" | "neutral" };

/** The change from the period before; averages are null when nothing was measured. */
export const reportDelta = (current: number | null, previous: number | null, upIsGood: boolean | null): Delta => {
  if (current === null || previous === null) return { kind: "none" };
  if (current === previous) return { kind: "same" };
  const change = percentChange(current, previous);
  if (change === null) return { kind: "none" };
  const direction = current > previous ? "up" : "down";
  const tone = upIsGood === null ? "neutral" : (direction === "up") === upIsGood ? "good" : "bad";
  return { kind: "change", direction, percent: Math.abs(change), tone };
};

const formats: Record<ReportGrouping, { short: Intl.DateTimeFormatOptions; long: Intl.DateTimeFormatOptions; prefix: string }> = {
  day: { short: { day: "numeric", month: "short" }, long: { weekday: "short", day: "numeric", month: "short", year: "numeric" }, prefix: "" },
  week: { short: { day: "numeric", month: "short" }, long: { day: "numeric", month: "short", year: "numeric" }, prefix: "Week of " },
  month: { short: { month: "short", year: "numeric" }, long: { month: "long", year: "numeric" }, prefix: "" },
};

/**
 * A bucket's names in the venue's zone: short for an axis ("23 Nov", "Nov 2026"), long for a
 * table row ("Mon 23 Nov 2026", "Week of 23 Nov 2026", "November 2026"). A bucket starts at a
 * local midnight, or an hour beside it where a fixed offset met a DST change, so it is read at
 * its midday to name the right day.
 */
export const bucketLabels = (timestamp: number, grouping: ReportGrouping, timeZone: string) => {
  const instant = new Date((timestamp + 12 * 3600) * 1000);
  const format = formats[grouping];
  return {
    short: new Intl.DateTimeFormat("en-GB", { timeZone, ...format.short }).format(instant),
    long: format.prefix + new Intl.DateTimeFormat("en-GB", { timeZone, ...format.long }).format(instant),
  };
};

/** What the page's URL holds; every link keeps what it does not change. */
export type ReportUrlState = {
  preset: ReportPreset;
  from: string;
  to: string;
  groupBy: ReportGrouping;
  defaultGroupBy: ReportGrouping;
  businessHours: boolean;
  /** The table shown; per agent when absent. */
  dimension?: ReportDimension;
  /** The venue reports' range; the next 30 days when absent. */
  venue?: VenuePreset;
};

export type ReportChange = {
  preset?: Exclude<ReportPreset, "custom">;
  groupBy?: ReportGrouping;
  businessHours?: boolean;
  dimension?: ReportDimension;
  venue?: VenuePreset;
};

/**
 * The page's query with one choice changed. A new range drops the grouping, so the range's
 * own applies; a grouping, table or venue range equal to its default is left out of the URL.
 */
export const reportQuery = (state: ReportUrlState, change: ReportChange = {}) => {
  const params = new URLSearchParams();
  const preset = change.preset ?? state.preset;
  if (preset === "custom") {
    params.set("from", state.from);
    params.set("to", state.to);
  } else {
    params.set("range", preset);
  }
  const groupBy = change.preset ? undefined : (change.groupBy ?? state.groupBy);
  if (groupBy !== undefined && groupBy !== state.defaultGroupBy) params.set("group_by", groupBy);
  if (change.businessHours ?? state.businessHours) params.set("business_hours", "true");
  const dimension = change.dimension ?? state.dimension;
  if (dimension !== undefined && dimension !== "agent") params.set("table", dimension);
  const venue = change.venue ?? state.venue;
  if (venue !== undefined && venue !== defaultVenuePreset) params.set("venue", venue);
  return params;
};

/** A link to the page with one choice changed (see reportQuery). */
export const reportHref = (basePath: string, state: ReportUrlState, change: ReportChange) => `${basePath}?${reportQuery(state, change)}`;

/** A CSV download of the page as it is (its path in the portal: reports/download/{name}), over the same query. */
export const downloadHref = (basePath: string, state: ReportUrlState, name: string) => `${basePath}/download/${name}?${reportQuery(state)}`;
