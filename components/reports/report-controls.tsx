import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import type { ReportGrouping, ReportOptions, ReportPreset } from "@/lib/portal/loaders/reports";
import { BusinessHoursToggle } from "./business-hours-toggle";
import { reportHref, reportQuery, type ReportUrlState } from "./report-model";

const presetLabels: Record<Exclude<ReportPreset, "custom">, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  this_month: "This month",
  last_month: "Last month",
};

const groupingLabels: Record<ReportGrouping, string> = { day: "Day", week: "Week", month: "Month" };

export const urlStateOf = (options: ReportOptions): ReportUrlState => ({
  preset: options.range.preset,
  from: options.range.from,
  to: options.range.to,
  groupBy: options.groupBy,
  defaultGroupBy: options.defaultGroupBy,
  businessHours: options.businessHours,
  dimension: options.dimension,
  venue: options.venue.preset,
});

const pill = (current: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
    current ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
  );

/**
 * The range chooser and the business-hours switch, all of it in the URL: presets as links, two
 * dates as a GET form (which keeps business hours), the switch as a checkbox that follows a link.
 */
export const ReportControls = ({ basePath, options }: { basePath: string; options: ReportOptions }) => {
  const state = urlStateOf(options);
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <nav aria-label="Report range" className="flex flex-wrap gap-2">
        {(Object.keys(presetLabels) as (keyof typeof presetLabels)[]).map((preset) => (
          <Link
            key={preset}
            href={reportHref(basePath, state, { preset })}
            aria-current={options.range.preset === preset ? "page" : undefined}
            className={pill(options.range.preset === preset)}
          >
            {presetLabels[preset]}
          </Link>
        ))}
      </nav>
      <form method="get" action={basePath} className="flex flex-wrap items-end gap-2">
        <Input label="From" name="from" type="date" defaultValue={options.range.from} className="w-[9.5rem]" />
        <Input label="To" name="to" type="date" defaultValue={options.range.to} className="w-[9.5rem]" />
        {/* Two dates replace the range only: the switch, the table and the venue range stay. */}
        {[...reportQuery(state)].filter(([name]) => !["range", "from", "to", "group_by"].includes(name)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <div className="pb-2">
        <BusinessHoursToggle
          on={options.businessHours}
          onHref={reportHref(basePath, state, { businessHours: true })}
          offHref={reportHref(basePath, state, { businessHours: false })}
        />
      </div>
    </div>
  );
};

/** How the charts are bucketed, among the groupings that suit the range; nothing when only one does. */
export const GroupingPicker = ({ basePath, options }: { basePath: string; options: ReportOptions }) => {
  if (options.groupings.length < 2) return null;
  const state = urlStateOf(options);
  return (
    <nav aria-label="Group by" className="inline-flex rounded-md shadow-sm">
      {options.groupings.map((grouping, index) => (
        <Link
          key={grouping}
          href={reportHref(basePath, state, { groupBy: grouping })}
          aria-current={options.groupBy === grouping ? "page" : undefined}
          className={cn(
            "h-8 px-3 text-sm leading-8 font-medium ring-1 ring-slate-300 ring-inset focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-indigo-600",
            index === 0 ? "rounded-l-md" : "-ml-px",
            index === options.groupings.length - 1 ? "rounded-r-md" : "",
            options.groupBy === grouping ? "bg-indigo-50 text-indigo-700 ring-indigo-300" : "bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {groupingLabels[grouping]}
        </Link>
      ))}
    </nav>
  );
};
