import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatCalendarDate } from "@/lib/format/dates";
import { formatDuration } from "@/lib/format/durations";
import { formatMoney } from "@/lib/format/money";
import type { VenuePreset } from "@/lib/portal/loaders/report-venue-range";
import type { VenueReports } from "@/lib/portal/loaders/report-venue";
import {
  hours,
  noSpace,
  occupancyPercent,
  occupancyRows,
  occupancyShade,
  pipelineFunnel,
  revenueByMonth,
  type OccupancyShade,
} from "@/lib/portal/loaders/report-venue-tables";
import type { ReportOptions } from "@/lib/portal/loaders/reports";
import type { HoldConversionReport, OccupancyReport, PipelineReport, QuoteConversionReport, RevenueReport } from "@/lib/reports/planning/schemas";
import { LazyRevenueChart } from "./lazy-chart";
import { urlStateOf } from "./report-controls";
import { downloadHref, reportHref, type ReportUrlState } from "./report-model";
import { DownloadLink } from "./report-tables";

const countFormat = new Intl.NumberFormat("en");
const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);
const plural = (count: number, one: string, many = `${one}s`) => `${countFormat.format(count)} ${count === 1 ? one : many}`;

const venuePresetLabels: Record<VenuePreset, string> = {
  next_30d: "Next 30 days",
  next_90d: "Next 90 days",
  next_365d: "Next 12 months",
  last_90d: "Past 90 days",
  last_365d: "Past 12 months",
};

const statusLabels: Record<PipelineReport["statuses"][number]["status"], string> = {
  lead: "Lead",
  tentative: "Tentative",
  definite: "Definite",
  lost: "Lost",
  cancelled: "Cancelled",
};

const monthFormat = (style: "short" | "long") => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: style, year: "numeric" });
const monthName = (month: string, style: "short" | "long" = "long") => monthFormat(style).format(new Date(`${month}-01T00:00:00Z`));

/** A venue report's panel: its heading, a CSV of its table where it has one, and its figures. */
const Panel = ({ id, title, download, className, children }: { id: string; title: string; download?: { href: string; label: string }; className?: string; children: ReactNode }) => (
  <section aria-labelledby={id} className={cn("min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5", className)}>
    <div className="mb-3 flex items-center justify-between gap-3">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {download ? <DownloadLink {...download} /> : null}
    </div>
    {children}
  </section>
);

const Quiet = ({ children }: { children: ReactNode }) => <p className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">{children}</p>;

const quotedText = (quoted: PipelineReport["statuses"][number]["quoted"]) =>
  quoted.map((value) => `${formatMoney(value.total_excl_tax, value.currency)} quoted (${plural(value.events, "event")})`).join(" · ");

/** The pipeline as a funnel: lead, tentative, definite as bars by their events; lost and cancelled apart. */
const PipelinePanel = ({ report, download }: { report: PipelineReport; download: { href: string; label: string } }) => {
  const funnel = pipelineFunnel(report);
  return (
    <Panel id="venue-pipeline" title="Pipeline" download={download}>
      {funnel.events === 0 ? (
        <Quiet>No events dated in these days.</Quiet>
      ) : (
        <>
          <ol aria-label="Pipeline by status" className="space-y-3">
            {funnel.stages.map((stage) => (
              <li key={stage.status} aria-label={`${statusLabels[stage.status]}: ${plural(stage.events, "event")}`}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-800">{statusLabels[stage.status]}</span>
                  <span className="text-slate-600 tabular-nums">{plural(stage.events, "event")}</span>
                </div>
                <div className="mt-1 h-3 rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-3 rounded-full bg-indigo-500" style={{ width: `${stage.events === 0 ? 0 : Math.max(stage.share * 100, 3)}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-500">{stage.quoted.length === 0 ? "Nothing quoted" : quotedText(stage.quoted)}</p>
              </li>
            ))}
          </ol>
          <ul aria-label="Events that will not go ahead" className="mt-4 flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
            {funnel.apart.map((stage) => (
              <li key={stage.status}>
                <span className="font-medium text-slate-700">{statusLabels[stage.status]}</span>: {plural(stage.events, "event")}
                {stage.quoted.length > 0 ? <span className="text-xs text-slate-500"> · {quotedText(stage.quoted)}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
};

/** A small table of revenue rows (by space or by category) under its heading and download, the money exact and per currency. */
const AmountsTable = ({
  title,
  column,
  download,
  rows,
}: {
  title: string;
  column: string;
  download: { href: string; label: string };
  rows: { key: string; name: string; amounts: RevenueReport["totals"][number] }[];
}) => (
  <div>
    <div className="mb-1 flex items-center justify-between gap-3">
      <h4 className="text-sm font-medium text-slate-700">{title}</h4>
      <DownloadLink {...download} />
    </div>
    <div className="overflow-x-auto">
      <table aria-label={`Revenue ${title.toLowerCase()}`} className="min-w-full text-sm whitespace-nowrap">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-3">
              {column}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Quotes
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Excl. tax
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Incl. tax
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="max-w-[9rem] truncate py-2 pr-3 text-left font-normal text-slate-800 sm:max-w-xs" title={row.name}>
                {row.name}
              </th>
              <td className="px-3 py-2 text-right text-slate-600 tabular-nums">{countFormat.format(row.amounts.quotes)}</td>
              <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{formatMoney(row.amounts.total_excl_tax, row.amounts.currency)}</td>
              <td className="py-2 pl-3 text-right text-slate-600 tabular-nums">{formatMoney(row.amounts.total_incl_tax, row.amounts.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  </div>
);

type Downloads = Record<"months" | "spaces" | "categories", { href: string; label: string }>;

/** Accepted quotes by month of the event date, one chart per currency, then by space and by category. */
const RevenuePanel = ({ report, downloads }: { report: RevenueReport; downloads: Downloads }) => {
  const currencies = revenueByMonth(report);
  return (
    <Panel id="venue-revenue" title="Revenue" download={report.totals.length > 0 ? downloads.months : undefined}>
      {report.totals.length === 0 ? (
        <Quiet>No accepted quotes for events in these days.</Quiet>
      ) : (
        <div className="space-y-5">
          {currencies.map(({ currency, months }) => {
            const total = report.totals.find((amounts) => amounts.currency === currency)!;
            return (
              <div key={currency}>
                <p className="text-sm text-slate-600">
                  <span className="text-xl font-semibold text-slate-900 tabular-nums">{formatMoney(total.total_excl_tax, currency)}</span> excl. tax ·{" "}
                  {formatMoney(total.total_incl_tax, currency)} incl. tax · {plural(total.quotes, "accepted quote")}
                </p>
                <div aria-hidden="true" className="mt-3">
                  <LazyRevenueChart
                    currency={currency}
                    bars={months.map((month) => ({ month: monthName(month.month), label: monthName(month.month, "short"), amount: Number(month.total_excl_tax), money: formatMoney(month.total_excl_tax, currency) }))}
                  />
                </div>
                <table className="sr-only">
                  <caption>Revenue by month ({currency})</caption>
                  <thead>
                    <tr>
                      <th scope="col">Month</th>
                      <th scope="col">Excl. tax</th>
                      <th scope="col">Incl. tax</th>
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((month) => (
                      <tr key={month.month}>
                        <th scope="row">{monthName(month.month)}</th>
                        <td>{formatMoney(month.total_excl_tax, currency)}</td>
                        <td>{formatMoney(month.total_incl_tax, currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
          <div className="space-y-5 border-t border-slate-100 pt-4">
            <AmountsTable
              title="By space"
              column="Space"
              download={downloads.spaces}
              rows={report.by_space.map((row) => ({ key: `${row.currency} ${row.space_id}`, name: row.space_name ?? noSpace, amounts: row }))}
            />
            <AmountsTable
              title="By category"
              column="Category"
              download={downloads.categories}
              rows={report.by_category.map((row) => ({ key: `${row.currency} ${row.category}`, name: row.category, amounts: row }))}
            />
          </div>
        </div>
      )}
    </Panel>
  );
};

const shadeClasses: Record<OccupancyShade, string> = {
  closed: "bg-[repeating-linear-gradient(135deg,#f1f5f9_0_4px,#e2e8f0_4px_6px)] text-slate-400",
  0: "bg-slate-50 text-slate-400",
  1: "bg-indigo-100 text-indigo-900",
  2: "bg-indigo-200 text-indigo-900",
  3: "bg-indigo-400 text-white",
  4: "bg-indigo-600 text-white",
};

const legend: { shade: OccupancyShade; label: string }[] = [
  { shade: 0, label: "Nothing booked" },
  { shade: 1, label: "Under 25%" },
  { shade: 2, label: "25–50%" },
  { shade: 3, label: "50–75%" },
  { shade: 4, label: "75% or more" },
  { shade: "closed", label: "Closed" },
];

type Week = OccupancyReport["totals"][number];

/** One cell: the booked share as its shade and figure, a stripe when something is held; the hours in its title. */
const HeatCell = ({ name, week }: { name: string; week: Week }) => {
  const shade = occupancyShade(week.occupancy);
  const title = `${name}, week of ${formatCalendarDate(week.week)}: ${
    week.occupancy === null ? "closed" : `${hours(week.booked_hours)} h booked of ${hours(week.open_hours)} h open (${occupancyPercent(week.occupancy)})`
  }${week.held_hours > 0 ? `, ${hours(week.held_hours)} h held` : ""}`;
  return (
    <div role="cell" title={title} className={cn("relative flex h-9 items-center justify-center rounded text-xs font-medium tabular-nums", shadeClasses[shade])}>
      {/* The cell is named by its words, not a label, so the page's own labels (From, To) stay unique. */}
      <span className="sr-only">{title}</span>
      <span aria-hidden="true">{week.occupancy === null ? "" : occupancyPercent(week.occupancy)}</span>
      {week.held_hours > 0 ? <span aria-hidden="true" className="absolute inset-x-1 bottom-0.5 h-1 rounded-full bg-amber-400" /> : null}
    </div>
  );
};

/**
 * Occupancy as a heat map, spaces down (inside spaces indented) and weeks across; each row a
 * grid with the same tracks, so the columns line up, and the map scrolls sideways under the
 * sticky names when the weeks do not fit.
 */
const OccupancyPanel = ({ report, download }: { report: OccupancyReport; download: { href: string; label: string } }) => {
  const rows = occupancyRows(report);
  const used = report.totals.some((week) => week.booked_hours > 0 || week.held_hours > 0);
  const columns: CSSProperties = { gridTemplateColumns: `minmax(7.5rem, 11rem) repeat(${report.weeks.length}, minmax(3.25rem, 1fr))` };
  const rowClass = "grid items-center gap-1";
  const nameClass = "sticky left-0 z-10 truncate bg-white py-1 pr-2 text-sm";
  return (
    <Panel id="venue-occupancy" title="Occupancy" download={download}>
      {rows.length === 0 ? (
        <Quiet>No spaces yet: add the venue&apos;s spaces to see how full they are.</Quiet>
      ) : (
        <>
          {used ? null : <p className="mb-3 text-sm text-slate-500">Nothing is booked or held in these weeks.</p>}
          <div className="overflow-x-auto">
            <div role="table" aria-label="Occupancy by space and week" className="min-w-max space-y-1">
              <div role="row" className={rowClass} style={columns}>
                <div role="columnheader" className={cn(nameClass, "text-xs font-semibold tracking-wide text-slate-500 uppercase")}>
                  Space
                </div>
                {report.weeks.map((week) => (
                  <div key={week} role="columnheader" aria-label={`Week of ${formatCalendarDate(week)}`} className="text-center text-xs text-slate-500">
                    {formatCalendarDate(week, true)}
                  </div>
                ))}
              </div>
              {rows.map((space) => (
                <div key={space.space_id} role="row" className={rowClass} style={columns}>
                  <div role="rowheader" className={cn(nameClass, "text-slate-800")} style={{ paddingLeft: `${space.depth * 0.875}rem` }} title={space.name}>
                    {space.depth > 0 ? <span className="mr-1 text-slate-300" aria-hidden="true">└</span> : null}
                    {space.name}
                  </div>
                  {space.weeks.map((week) => (
                    <HeatCell key={week.week} name={space.name} week={week} />
                  ))}
                </div>
              ))}
              <div role="row" className={cn(rowClass, "border-t border-slate-200 pt-1")} style={columns}>
                <div role="rowheader" className={cn(nameClass, "font-semibold text-slate-900")}>
                  All spaces
                </div>
                {report.totals.map((week) => (
                  <HeatCell key={week.week} name="All spaces" week={week} />
                ))}
              </div>
            </div>
          </div>
          <ul aria-label="Legend" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            {legend.map((item) => (
              <li key={item.label} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn("inline-block size-3 rounded-sm ring-1 ring-slate-200 ring-inset", shadeClasses[item.shade])} />
                {item.label}
              </li>
            ))}
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block h-1 w-3 rounded-full bg-amber-400" />
              Held, not yet booked
            </li>
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            Booked hours over opening hours, per week from Monday. A booking of a whole space counts in the spaces inside it too; &ldquo;All spaces&rdquo; counts it once.
          </p>
        </>
      )}
    </Panel>
  );
};

const Figures = ({ items }: { items: Figure[] }) => (
  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
    {items.map((item) => (
      <div key={item.label} className="rounded-md border border-slate-200 p-3">
        <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{item.value}</dd>
        {item.hint ? <dd className="text-xs text-slate-500">{item.hint}</dd> : null}
      </div>
    ))}
  </dl>
);

const time = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds));

type Figure = { label: string; value: string; hint?: string };

/** Hold or quote conversion: its figures, or a line saying nothing was placed or sent. */
const ConversionPanel = ({ id, title, quiet, items }: { id: string; title: string; quiet: string; items: Figure[] | null }) => (
  <Panel id={id} title={title}>
    {items === null ? <Quiet>{quiet}</Quiet> : <Figures items={items} />}
  </Panel>
);

const holdFigures = (report: HoldConversionReport): Figure[] | null =>
  report.created === 0
    ? null
    : [
        { label: "Holds placed", value: countFormat.format(report.created) },
        { label: "Confirmed", value: countFormat.format(report.confirmed), hint: `${percent(report.confirmation_rate)} of holds` },
        { label: "Expired", value: countFormat.format(report.expired) },
        { label: "Cancelled", value: countFormat.format(report.cancelled) },
        { label: "Still held", value: countFormat.format(report.open) },
        { label: "Median time to confirm", value: time(report.median_seconds_to_confirm) },
      ];

const quoteFigures = (report: QuoteConversionReport): Figure[] | null => {
  if (report.sent === 0) return null;
  const other = report.withdrawn + report.superseded + report.archived;
  const views = report.average_views_before_acceptance;
  return [
    { label: "Quotes sent", value: countFormat.format(report.sent) },
    { label: "Accepted", value: countFormat.format(report.accepted), hint: `${percent(report.acceptance_rate)} of quotes sent` },
    { label: "Declined", value: countFormat.format(report.declined) },
    { label: "Expired", value: countFormat.format(report.expired) },
    { label: "Awaiting an answer", value: countFormat.format(report.open) },
    ...(other > 0 ? [{ label: "Withdrawn or revised", value: countFormat.format(other) }] : []),
    {
      label: "Median time to accept",
      value: time(report.median_seconds_to_accept),
      hint: views === null ? undefined : `after ${views} views on average (median ${report.median_views_before_acceptance})`,
    },
  ];
};

const pill = (current: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
    current ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
  );

const link = (basePath: string, state: ReportUrlState, name: string, label: string) => ({ href: downloadHref(basePath, state, name), label });

/**
 * The venue reports under their own range of event dates (ahead by default: events are in the
 * future), with hold and quote conversion over the page's range, as the sentence under the
 * heading says.
 */
export const VenueReportsSection = ({ basePath, options, reports }: { basePath: string; options: ReportOptions; reports: VenueReports }) => {
  const state = urlStateOf(options);
  const { range } = reports;
  return (
    <section aria-labelledby="reports-venue" className="space-y-4">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reports-venue" className="text-base font-semibold text-slate-900">
            Venue: {formatCalendarDate(range.since)} – {formatCalendarDate(range.until)}
          </h2>
          <nav aria-label="Event dates" className="flex flex-wrap gap-2">
            {(Object.keys(venuePresetLabels) as VenuePreset[]).map((preset) => (
              <Link key={preset} href={reportHref(basePath, state, { venue: preset })} scroll={false} aria-current={range.preset === preset ? "page" : undefined} className={pill(range.preset === preset)}>
                {venuePresetLabels[preset]}
              </Link>
            ))}
          </nav>
        </div>
        <p className="text-sm text-slate-500">
          Pipeline, revenue and occupancy count events by their date, so they look ahead over the dates chosen here; hold and quote conversion count holds placed and
          quotes sent over the range at the top ({formatCalendarDate(options.range.from)} – {formatCalendarDate(options.range.to)}).
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <PipelinePanel report={reports.pipeline} download={link(basePath, state, "pipeline", "Download the pipeline as CSV")} />
        <RevenuePanel
          report={reports.revenue}
          downloads={{
            months: link(basePath, state, "revenue_by_month", "Download revenue by month as CSV"),
            spaces: link(basePath, state, "revenue_by_space", "Download revenue by space as CSV"),
            categories: link(basePath, state, "revenue_by_category", "Download revenue by category as CSV"),
          }}
        />
      </div>
      <OccupancyPanel report={reports.occupancy} download={link(basePath, state, "occupancy", "Download occupancy as CSV")} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ConversionPanel id="venue-holds" title="Hold conversion" quiet="No holds were placed in this period." items={holdFigures(reports.holds)} />
        <ConversionPanel id="venue-quotes" title="Quote conversion" quiet="No quotes were sent in this period." items={quoteFigures(reports.quotes)} />
      </div>
    </section>
  );
};
