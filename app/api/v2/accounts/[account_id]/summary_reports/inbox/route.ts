// GET /api/v2/accounts/{account_id}/summary_reports/inbox — per-inbox conversations, resolutions and average times
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxSummaryReportOp } from "@/lib/reports/operations";
import { summaryReport } from "@/lib/reports/summary-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(inboxSummaryReportOp, async ({ ctx, query }) => summaryReport(ctx, "inbox", query)),
});
