// GET /api/v2/accounts/{account_id}/live_reports/grouped_conversation_metrics — live counts per team or assignee
import { accountRoute, handlers } from "@/lib/http/route";
import { groupedConversationMetrics } from "@/lib/reports/conversation-metrics";
import { groupedConversationMetricsOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(groupedConversationMetricsOp, async ({ ctx, query }) => groupedConversationMetrics(ctx, query)),
});
