import type { Metadata } from "next";
import { ReportCharts } from "@/components/reports/report-charts";
import { ReportControls, urlStateOf } from "@/components/reports/report-controls";
import { downloadHref } from "@/components/reports/report-model";
import { ReportSummary } from "@/components/reports/report-summary";
import { DownloadLink, ReportTables } from "@/components/reports/report-tables";
import { VenueReportsSection } from "@/components/reports/venue-reports";
import { EmptyState } from "@/components/ui/empty-state";
import { LockIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { StatusMessage } from "@/components/ui/status-message";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { loadReports } from "@/lib/portal/loaders/reports";
import { accountPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Reports · Venuedesk" };

/**
 * The account's reports over a range the URL names (`range`, or `from` and `to`; `group_by`;
 * `business_hours`): the summary with the period before, each report over time, and the table
 * per agent, inbox, team or label (`table`), all over that range; then the venue reports, over
 * their own range of event dates (`venue`, ahead by default).
 */
export default async function ReportsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const view = await loadReports(ctx, await searchParams);
  const title = "Reports";
  const description = "How your team is doing with customers' conversations, and how the venue is filling.";
  if (!view.allowed) {
    return (
      <>
        <PageHeader title={title} description={description} />
        <EmptyState
          icon={<LockIcon className="size-6" />}
          title="Reports are not open to you"
          description="Administrators, and agents given the reports permission, can see the account's figures. Ask an administrator if you need them."
        />
      </>
    );
  }
  const basePath = accountPath(ctx.account.id, "reports");
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-6">
        <ReportControls basePath={basePath} options={view.options} />
        {view.options.range.corrected ? <StatusMessage tone="info">That range could not be shown, so these are the last 30 days.</StatusMessage> : null}
        <ReportSummary
          summary={view.summary}
          series={view.series}
          options={view.options}
          download={<DownloadLink href={downloadHref(basePath, urlStateOf(view.options), "conversations_summary")} label="Download the summary as CSV" />}
        />
        <ReportCharts basePath={basePath} series={view.series} options={view.options} />
        <ReportTables basePath={basePath} options={view.options} rows={view.table} />
        <VenueReportsSection basePath={basePath} options={view.options} reports={view.venue} />
      </div>
    </>
  );
}
