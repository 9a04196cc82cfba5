// GET /api/v2/accounts/{account_id}/reports/planning/holds — hold conversion
import { accountRoute, handlers } from "@/lib/http/route";
import { holdConversionReport } from "@/lib/reports/planning";
import { holdConversionOp } from "@/lib/reports/planning/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(holdConversionOp, async ({ ctx, query }) => holdConversionReport(ctx, query)),
});
