// GET /api/v2/accounts/{account_id}/summary_reports/agent — per-agent conversations, resolutions and average times
import { accountRoute, handlers } from "@/lib/http/route";
import { agentSummaryReportOp } from "@/lib/reports/operations";
import { summaryReport } from "@/lib/reports/summary-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(agentSummaryReportOp, async ({ ctx, query }) => summaryReport(ctx, "agent", query)),
});
