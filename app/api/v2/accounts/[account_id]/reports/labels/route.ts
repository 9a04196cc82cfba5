// GET /api/v2/accounts/{account_id}/reports/labels — figures per label (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { labelsCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, dimensionCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(labelsCsvOp, async ({ ctx, query }) => csvResponse(await dimensionCsv(ctx, "labels", query))),
});
