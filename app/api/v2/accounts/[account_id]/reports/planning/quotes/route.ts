// GET /api/v2/accounts/{account_id}/reports/planning/quotes — quote conversion
import { accountRoute, handlers } from "@/lib/http/route";
import { quoteConversionReport } from "@/lib/reports/planning";
import { quoteConversionOp } from "@/lib/reports/planning/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(quoteConversionOp, async ({ ctx, query }) => quoteConversionReport(ctx, query)),
});
