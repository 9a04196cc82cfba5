// GET /api/v2/accounts/{account_id}/live_reports/conversation_metrics — open, unattended, unassigned, pending now
import { accountRoute, handlers } from "@/lib/http/route";
import { conversationMetrics } from "@/lib/reports/conversation-metrics";
import { liveConversationMetricsOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(liveConversationMetricsOp, async ({ ctx, query }) => conversationMetrics(ctx, query)),
});
