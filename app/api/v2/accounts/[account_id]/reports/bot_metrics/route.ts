// GET /api/v2/accounts/{account_id}/reports/bot_metrics — conversations, messages and bot resolution/hand-off rates
import { accountRoute, handlers } from "@/lib/http/route";
import { botMetrics } from "@/lib/reports/bot-metrics";
import { botMetricsOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(botMetricsOp, async ({ ctx, query }) => botMetrics(ctx, query)),
});
