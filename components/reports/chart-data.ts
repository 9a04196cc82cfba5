import type { ChartedMetric, ReportGrouping, ReportPoint } from "@/lib/portal/loaders/reports";
import { bucketLabels, metricInfo, type MetricKind } from "./report-model";

/** One line or set of bars of a chart. */
export type ChartSeries = { key: ChartedMetric; name: string; color: string };

/** One bucket: its names and each series' figure; null where an average measured nothing. */
export type ChartPoint = { timestamp: number; label: string; title: string } & Partial<Record<ChartedMetric, number | null>>;

export type ChartSpec = { id: string; title: string; kind: MetricKind; series: ChartSeries[]; empty: string };

const indigo = "#4f46e5";
const sky = "#38bdf8";

/** The page's charts, in order; messages received and sent share one. */
export const reportCharts: ChartSpec[] = [
  { id: "conversations", title: "Conversations", kind: "count", series: [{ key: "conversations_count", name: "Conversations", color: indigo }], empty: "No conversations in this period" },
  {
    id: "messages",
    title: "Messages",
    kind: "count",
    series: [
      { key: "incoming_messages_count", name: "Received", color: indigo },
      { key: "outgoing_messages_count", name: "Sent", color: sky },
    ],
    empty: "No messages in this period",
  },
  { id: "resolutions", title: "Resolved", kind: "count", series: [{ key: "resolutions_count", name: "Resolved", color: indigo }], empty: "No conversations resolved in this period" },
  ...(["avg_first_response_time", "avg_resolution_time", "reply_time"] as const).map(
    (key): ChartSpec => ({
      id: key,
      title: metricInfo(key).label,
      kind: "duration",
      series: [{ key, name: metricInfo(key).label, color: indigo }],
      empty: key === "avg_first_response_time" ? "No first replies in this period" : key === "reply_time" ? "No replies in this period" : "No conversations resolved in this period",
    }),
  ),
];

/**
 * A chart's rows: one per bucket (every series of a report shares the buckets), named in the
 * venue's zone. An average over a bucket where nothing was measured (count 0) is null, so a line
 * shows a gap instead of a fall to zero.
 */
export const chartPoints = (spec: ChartSpec, series: Record<ChartedMetric, ReportPoint[]>, grouping: ReportGrouping, timeZone: string): ChartPoint[] => {
  const buckets = series[spec.series[0]!.key];
  return buckets.map(({ timestamp }, index) => {
    const labels = bucketLabels(timestamp, grouping, timeZone);
    const point: ChartPoint = { timestamp, label: labels.short, title: labels.long };
    for (const { key } of spec.series) {
      const bucket = series[key][index];
      point[key] = bucket === undefined ? null : spec.kind === "duration" && !bucket.count ? null : bucket.value;
    }
    return point;
  });
};

/** Whether a chart has nothing to draw: every count zero, every average unmeasured. */
export const chartIsEmpty = (spec: ChartSpec, points: ChartPoint[]) =>
  points.every((point) => spec.series.every(({ key }) => (spec.kind === "duration" ? point[key] === null : !point[key])));

const niceSteps = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800];

/**
 * A duration axis's ticks in seconds at steps a person reads (15s, 5m, 30m, 2h, 1d…): from 0 to
 * the first step at or above the largest figure, five ticks at most (four steps).
 */
export const durationTicks = (max: number): number[] => {
  const week = niceSteps.at(-1)!;
  const step = niceSteps.find((size) => max / size <= 4) ?? Math.ceil(max / 4 / week) * week;
  const steps = Math.max(1, Math.ceil(max / step));
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
};
