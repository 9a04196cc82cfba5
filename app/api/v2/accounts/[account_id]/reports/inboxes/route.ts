// GET /api/v2/accounts/{account_id}/reports/inboxes — figures per inbox (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxesCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, dimensionCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(inboxesCsvOp, async ({ ctx, query }) => csvResponse(await dimensionCsv(ctx, "inboxes", query))),
});
