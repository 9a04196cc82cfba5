// GET /api/v2/accounts/{account_id}/reports/agents — figures per agent (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { agentsCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, dimensionCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(agentsCsvOp, async ({ ctx, query }) => csvResponse(await dimensionCsv(ctx, "agents", query))),
});
