// GET /api/v2/accounts/{account_id}/summary_reports/channel — conversations per channel type and status
import { accountRoute, handlers } from "@/lib/http/route";
import { channelSummaryReportOp } from "@/lib/reports/operations";
import { channelSummary } from "@/lib/reports/summary-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(channelSummaryReportOp, async ({ ctx, query }) => channelSummary(ctx, query)),
});
