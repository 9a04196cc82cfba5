// GET /api/v2/accounts/{account_id}/reports/bot_summary — bot resolutions and hand-offs with the previous window
import { accountRoute, handlers } from "@/lib/http/route";
import { botSummaryOp } from "@/lib/reports/operations";
import { botSummary } from "@/lib/reports/reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(botSummaryOp, async ({ ctx, query }) => botSummary(ctx, query)),
});
