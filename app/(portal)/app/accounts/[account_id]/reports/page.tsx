import type { Metadata } from "next";
import { ReportCharts } from "@/components/reports/report-charts";
import { ReportControls } from "@/components/reports/report-controls";
import { ReportSummary } from "@/components/reports/report-summary";
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
 * `business_hours`): the summary with the period before, then each report over time. Every
 * section reads the same range, so a section added below follows the controls at the top.
 */
export default async function ReportsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const view = await loadReports(ctx, await searchParams);
  const title = "Reports";
  const description = "How your team is doing with customers' conversations.";
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
        <ReportSummary summary={view.summary} series={view.series} options={view.options} />
        <ReportCharts basePath={basePath} series={view.series} options={view.options} />
      </div>
    </>
  );
}
