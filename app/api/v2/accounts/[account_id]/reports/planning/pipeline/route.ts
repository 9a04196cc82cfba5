// GET /api/v2/accounts/{account_id}/reports/planning/pipeline — events by status and quoted value per month
import { accountRoute, handlers } from "@/lib/http/route";
import { pipelineReport } from "@/lib/reports/planning";
import { pipelineOp } from "@/lib/reports/planning/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(pipelineOp, async ({ ctx, query }) => pipelineReport(ctx, query)),
});
