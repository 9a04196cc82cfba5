// GET /api/v2/accounts/{account_id}/summary_reports/team — per-team conversations, resolutions and average times
import { accountRoute, handlers } from "@/lib/http/route";
import { teamSummaryReportOp } from "@/lib/reports/operations";
import { summaryReport } from "@/lib/reports/summary-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(teamSummaryReportOp, async ({ ctx, query }) => summaryReport(ctx, "team", query)),
});
