// GET /api/v2/accounts/{account_id}/reports/first_response_time_distribution — first responses per channel and delay bucket
import { accountRoute, handlers } from "@/lib/http/route";
import { firstResponseTimeDistribution } from "@/lib/reports/distribution";
import { firstResponseDistributionOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(firstResponseDistributionOp, async ({ ctx, query }) => firstResponseTimeDistribution(ctx, query)),
});
