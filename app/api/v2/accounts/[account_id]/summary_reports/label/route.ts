// GET /api/v2/accounts/{account_id}/summary_reports/label — per-label conversations, resolutions and average times
import { accountRoute, handlers } from "@/lib/http/route";
import { labelSummaryReportOp } from "@/lib/reports/operations";
import { summaryReport } from "@/lib/reports/summary-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(labelSummaryReportOp, async ({ ctx, query }) => summaryReport(ctx, "label", query)),
});
