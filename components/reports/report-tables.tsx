import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatDuration } from "@/lib/format/durations";
import { dimensionDownloads, reportDimensions, type DimensionRow, type ReportDimension } from "@/lib/portal/loaders/report-tables";
import type { ReportOptions } from "@/lib/portal/loaders/reports";
import { urlStateOf } from "./report-controls";
import { downloadHref, reportHref } from "./report-model";

const countFormat = new Intl.NumberFormat("en");

const dimensionText: Record<ReportDimension, { tab: string; column: string; none: string; quiet: string }> = {
  agent: { tab: "Agents", column: "Agent", none: "This account has no agents.", quiet: "No agent had conversations in this period." },
  inbox: { tab: "Inboxes", column: "Inbox", none: "This account has no inboxes yet.", quiet: "No inbox had conversations in this period." },
  team: { tab: "Teams", column: "Team", none: "This account has no teams yet.", quiet: "No team had conversations in this period." },
  label: { tab: "Labels", column: "Label", none: "This account has no labels yet.", quiet: "No labelled conversations in this period." },
};

/** Whether a table has nothing to show over the range: no conversations, resolutions or replies for any row. */
export const tableIsQuiet = (rows: DimensionRow[]) =>
  rows.every((row) => row.conversations_count === 0 && row.resolved_conversations_count === 0 && row.avg_first_response_time === null && row.avg_reply_time === null);

const time = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds));

export const downloadLinkClass =
  "inline-flex h-8 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** A link to a CSV of the rows shown: a plain download (the portal's session authenticates it). */
export const DownloadLink = ({ href, label }: { href: string; label: string }) => (
  <a href={href} download className={downloadLinkClass} aria-label={label}>
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
    CSV
  </a>
);

/**
 * The range per agent, inbox, team or label (GET summary_reports/{dimension} with names): one
 * table at a time, picked by tabs kept in the URL. On a phone the table scrolls sideways under
 * its sticky name column.
 */
export const ReportTables = ({ basePath, options, rows }: { basePath: string; options: ReportOptions; rows: DimensionRow[] }) => {
  const state = urlStateOf(options);
  const text = dimensionText[options.dimension];
  const hours = options.businessHours ? " (working hours)" : "";
  return (
    <section aria-labelledby="reports-tables" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reports-tables" className="text-base font-semibold text-slate-900">
          By {text.column.toLowerCase()}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Table" className="inline-flex rounded-md shadow-sm">
            {reportDimensions.map((dimension, index) => (
              <Link
                key={dimension}
                href={reportHref(basePath, state, { dimension })}
                scroll={false}
                aria-current={options.dimension === dimension ? "page" : undefined}
                className={cn(
                  "h-8 px-3 text-sm leading-8 font-medium ring-1 ring-slate-300 ring-inset focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-indigo-600",
                  index === 0 ? "rounded-l-md" : "-ml-px",
                  index === reportDimensions.length - 1 ? "rounded-r-md" : "",
                  options.dimension === dimension ? "bg-indigo-50 text-indigo-700 ring-indigo-300" : "bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {dimensionText[dimension].tab}
              </Link>
            ))}
          </nav>
          <DownloadLink href={downloadHref(basePath, state, dimensionDownloads[options.dimension])} label={`Download the ${text.tab.toLowerCase()} table as CSV`} />
        </div>
      </div>
      {rows.length === 0 || tableIsQuiet(rows) ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">{rows.length === 0 ? text.none : text.quiet}</p>
      ) : (
        <Table label={`${text.tab} in this period`} className="whitespace-nowrap">
          <THead>
            <tr>
              <TH className="sticky left-0 z-10 bg-slate-50">{text.column}</TH>
              <TH className="text-right">Conversations</TH>
              <TH className="text-right">Resolved</TH>
              <TH className="text-right">First response{hours}</TH>
              <TH className="text-right">Resolution time{hours}</TH>
              <TH className="text-right">Reply time{hours}</TH>
            </tr>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.id}>
                <th scope="row" className="sticky left-0 z-10 max-w-[10rem] truncate bg-white px-4 py-3 text-left font-medium text-slate-900 sm:max-w-xs" title={row.name}>
                  {row.name}
                </th>
                <TD className="text-right tabular-nums">{countFormat.format(row.conversations_count)}</TD>
                <TD className="text-right tabular-nums">{countFormat.format(row.resolved_conversations_count)}</TD>
                <TD className="text-right tabular-nums">{time(row.avg_first_response_time)}</TD>
                <TD className="text-right tabular-nums">{time(row.avg_resolution_time)}</TD>
                <TD className="text-right tabular-nums">{time(row.avg_reply_time)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
};
