import { ChartIcon } from "@/components/ui/icons";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDuration } from "@/lib/format/durations";
import type { ChartedMetric, ReportOptions, ReportPoint } from "@/lib/portal/loaders/reports";
import { chartIsEmpty, chartPoints, reportCharts, type ChartPoint, type ChartSpec } from "./chart-data";
import { GroupingPicker } from "./report-controls";
import { LazyTimeseriesChart } from "./lazy-chart";

const countFormat = new Intl.NumberFormat("en");
const groupingNames = { day: "day", week: "week", month: "month" } as const;

const figure = (spec: ChartSpec, value: number | null | undefined) =>
  value === null || value === undefined ? "—" : spec.kind === "duration" ? formatDuration(value) : countFormat.format(value);

/**
 * One chart: the lazily loaded drawing, and the same figures as a table for screen readers
 * (and tests), rendered on the server.
 */
const ChartCard = ({ spec, points, options }: { spec: ChartSpec; points: ChartPoint[]; options: ReportOptions }) => {
  const headingId = `chart-${spec.id}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-slate-900">
        {spec.title}
        {spec.kind === "duration" && options.businessHours ? <span className="font-normal text-slate-500"> · working hours</span> : null}
      </h3>
      {chartIsEmpty(spec, points) ? (
        <p className="flex h-[220px] items-center justify-center rounded-md bg-slate-50 text-sm text-slate-500">{spec.empty}</p>
      ) : (
        <div aria-hidden="true">
          <LazyTimeseriesChart kind={spec.kind} series={spec.series} points={points} />
        </div>
      )}
      <table className="sr-only">
        <caption>
          {spec.title} by {groupingNames[options.groupBy]}
        </caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {spec.series.map((series) => (
              <th key={series.key} scope="col">
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.timestamp}>
              <th scope="row">{point.title}</th>
              {spec.series.map((series) => (
                <td key={series.key}>{figure(spec, point[series.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};

const activity: ChartedMetric[] = ["conversations_count", "incoming_messages_count", "outgoing_messages_count", "resolutions_count"];

/**
 * The range over time: one chart per report, bucketed by the chosen grouping in the venue's
 * zone. A range with no activity at all says so once instead of drawing six flat charts.
 */
export const ReportCharts = ({ basePath, series, options }: { basePath: string; series: Record<ChartedMetric, ReportPoint[]>; options: ReportOptions }) => {
  const quiet = activity.every((metric) => series[metric].every((point) => point.value === 0));
  return (
    <section aria-labelledby="reports-over-time" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-over-time" className="text-base font-semibold text-slate-900">
          Over time
        </h2>
        {quiet ? null : <GroupingPicker basePath={basePath} options={options} />}
      </div>
      {quiet ? (
        <EmptyState
          icon={<ChartIcon className="size-6" />}
          headingLevel={3}
          title="No conversations in this period"
          description="Nothing was started, sent or resolved in these days. Pick a longer range, or one further back."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {reportCharts.map((spec) => (
            <ChartCard key={spec.id} spec={spec} points={chartPoints(spec, series, options.groupBy, options.range.timeZone)} options={options} />
          ))}
        </div>
      )}
    </section>
  );
};
