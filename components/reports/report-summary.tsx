import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { formatCalendarDate, zoneLabel } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/durations";
import type { ChartedMetric, ReportOptions, ReportPoint } from "@/lib/portal/loaders/reports";
import { reportDelta, reportMetrics, type MetricInfo } from "./report-model";

/** GET reports/summary as the page reads it: averages of nothing may be null. */
type Figures = Record<ChartedMetric, number | null>;
export type SummaryFigures = Figures & { previous: Figures };

const countFormat = new Intl.NumberFormat("en");

const Change = ({ metric, current, previous }: { metric: MetricInfo; current: number | null; previous: number | null }) => {
  const delta = reportDelta(current, previous, metric.upIsGood);
  if (delta.kind === "none") return <span className="text-slate-400">No earlier figures</span>;
  if (delta.kind === "same") return <span className="text-slate-500">Same as the period before</span>;
  const tone = { good: "text-emerald-700", bad: "text-amber-700", neutral: "text-slate-600" }[delta.tone];
  return (
    <span className={cn(tone)}>
      <span aria-hidden="true">{delta.direction === "up" ? "▲" : "▼"} </span>
      <span className="sr-only">{delta.direction === "up" ? "Up" : "Down"} </span>
      {delta.percent === 0 ? "under 1" : delta.percent}% on the period before
      {delta.tone === "neutral" ? null : <span className="sr-only"> ({delta.tone === "good" ? "better" : "worse"})</span>}
    </span>
  );
};

/**
 * The account's figures over the range, each beside the equal period before it. An average
 * with nothing measured — null, or a series whose buckets counted nothing — reads "—", not 0s.
 */
export const ReportSummary = ({
  summary,
  series,
  options,
  download,
}: {
  summary: SummaryFigures;
  series: Record<ChartedMetric, ReportPoint[]>;
  options: ReportOptions;
  /** The summary as the API's conversations_summary CSV. */
  download?: ReactNode;
}) => {
  const { range, businessHours } = options;
  const measured = (metric: MetricInfo) =>
    metric.kind === "count" || series[metric.key].some((point) => (point.count ?? 0) > 0);
  return (
    <Card
      title={`${formatCalendarDate(range.from)} – ${formatCalendarDate(range.to)}`}
      description={`Whole days in ${zoneLabel(range.timeZone)}, compared with the ${range.days === 1 ? "day" : `${range.days} days`} just before.${
        businessHours ? " Times count the inboxes' working hours only." : ""
      }`}
    >
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {reportMetrics.map((metric) => {
          const value = measured(metric) ? summary[metric.key] : null;
          return (
            <div key={metric.key} className="rounded-md border border-slate-200 p-3 sm:p-4">
              <dt className="text-sm font-medium text-slate-600">{metric.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
                {value === null ? "—" : metric.kind === "count" ? countFormat.format(value) : formatDuration(value)}
              </dd>
              <dd className="mt-1 text-xs text-slate-500">
                {metric.hint}
                {metric.kind === "duration" && businessHours ? ", in working hours" : ""}
              </dd>
              <dd className="mt-2 text-xs">
                <Change metric={metric} current={value} previous={summary.previous[metric.key]} />
              </dd>
            </div>
          );
        })}
      </dl>
      {download ? <div className="mt-4 flex justify-end">{download}</div> : null}
    </Card>
  );
};
