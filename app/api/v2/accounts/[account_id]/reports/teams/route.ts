// GET /api/v2/accounts/{account_id}/reports/teams — figures per team (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { teamsCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, dimensionCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(teamsCsvOp, async ({ ctx, query }) => csvResponse(await dimensionCsv(ctx, "teams", query))),
});
