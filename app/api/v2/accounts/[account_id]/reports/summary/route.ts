// GET /api/v2/accounts/{account_id}/reports/summary — totals with the previous window
import { accountRoute, handlers } from "@/lib/http/route";
import { summaryOp } from "@/lib/reports/operations";
import { reportSummary } from "@/lib/reports/reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(summaryOp, async ({ ctx, query }) => reportSummary(ctx, query)),
});
