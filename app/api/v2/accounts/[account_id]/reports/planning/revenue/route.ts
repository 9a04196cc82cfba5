// GET /api/v2/accounts/{account_id}/reports/planning/revenue — accepted quotes by month, space and category
import { accountRoute, handlers } from "@/lib/http/route";
import { revenueReport } from "@/lib/reports/planning";
import { revenueOp } from "@/lib/reports/planning/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(revenueOp, async ({ ctx, query }) => revenueReport(ctx, query)),
});
