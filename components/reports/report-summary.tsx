import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { formatCalendarDate } from "@/lib/format/dates";
import { formatDuration, percentChange } from "@/lib/format/durations";
import type { ReportRange } from "@/lib/portal/loaders/reports";

type Summary = {
  conversations_count: number;
  incoming_messages_count: number;
  outgoing_messages_count: number;
  avg_first_response_time: number;
  avg_resolution_time: number;
  resolutions_count: number;
  reply_time: number;
  previous: Omit<Summary, "previous">;
};

type Metric = { key: keyof Omit<Summary, "previous">; label: string; kind: "count" | "duration"; hint: string };

const metrics: Metric[] = [
  { key: "conversations_count", label: "Conversations", kind: "count", hint: "Started in the range" },
  { key: "incoming_messages_count", label: "Messages received", kind: "count", hint: "From customers" },
  { key: "outgoing_messages_count", label: "Messages sent", kind: "count", hint: "By agents and bots" },
  { key: "resolutions_count", label: "Resolved", kind: "count", hint: "Conversations resolved" },
  { key: "avg_first_response_time", label: "First response", kind: "duration", hint: "Average time to the first reply" },
  { key: "avg_resolution_time", label: "Resolution time", kind: "duration", hint: "Average time to resolve" },
  { key: "reply_time", label: "Reply time", kind: "duration", hint: "Average wait for each reply" },
];

const countFormat = new Intl.NumberFormat("en");

const Change = ({ metric, current, previous }: { metric: Metric; current: number; previous: number }) => {
  const change = percentChange(current, previous);
  if (change === null) return <span className="text-slate-400">No earlier figures</span>;
  if (change === 0) return <span className="text-slate-500">Same as before</span>;
  // Fewer conversations is neither good nor bad; a shorter wait is good.
  const better = metric.kind === "duration" ? change < 0 : null;
  return (
    <span className={cn(better === null ? "text-slate-600" : better ? "text-emerald-700" : "text-amber-700")}>
      {change > 0 ? "▲" : "▼"} {Math.abs(change)}% on the period before
    </span>
  );
};

const presets = [
  { key: "7d", label: "7 days" },
  { key: "30d", label: "30 days" },
  { key: "90d", label: "90 days" },
] as const;


/** The range chooser: the last 7, 30 or 90 days as links, or two dates; all of it in the URL. */
export const ReportRangePicker = ({ basePath, range }: { basePath: string; range: ReportRange }) => (
  <div className="flex flex-wrap items-end gap-4">
    <nav aria-label="Report range" className="flex rounded-md border border-slate-200 bg-white p-0.5 text-sm">
      {presets.map((preset) => (
        <Link
          key={preset.key}
          href={`${basePath}?range=${preset.key}`}
          aria-current={range.preset === preset.key ? "page" : undefined}
          className={cn(
            "rounded px-3 py-1.5 font-medium",
            range.preset === preset.key ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
          )}
        >
          {preset.label}
        </Link>
      ))}
    </nav>
    <form method="get" action={basePath} className="flex flex-wrap items-end gap-2">
      <Input label="From" name="from" type="date" defaultValue={range.from} className="w-40" />
      <Input label="To" name="to" type="date" defaultValue={range.to} className="w-40" />
      <button type="submit" className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
        Show
      </button>
    </form>
  </div>
);

/** The account's summary over the range, each figure beside the equal period before it. */
export const ReportSummary = ({ summary, range }: { summary: Summary; range: ReportRange }) => (
  <Card
    title={`${formatCalendarDate(range.from)} – ${formatCalendarDate(range.to)}`}
    description={`Whole days in ${range.timeZone.replaceAll("_", " ")}, compared with the ${
      range.preset === "custom" ? "same number of days" : "period"
    } just before.`}
  >
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {metrics.map((metric) => {
        const value = summary[metric.key];
        const empty = metric.kind === "duration" && value === 0;
        return (
          <div key={metric.key} className="rounded-md border border-slate-200 p-3 sm:p-4">
            <dt className="text-sm font-medium text-slate-600">{metric.label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
              {empty ? "—" : metric.kind === "count" ? countFormat.format(value) : formatDuration(value)}
            </dd>
            <dd className="mt-1 text-xs text-slate-500">{metric.hint}</dd>
            <dd className="mt-2 text-xs">
              <Change metric={metric} current={value} previous={summary.previous[metric.key]} />
            </dd>
          </div>
        );
      })}
    </dl>
  </Card>
);
