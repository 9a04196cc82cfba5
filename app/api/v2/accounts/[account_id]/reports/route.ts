// GET /api/v2/accounts/{account_id}/reports — a metric as a timeseries
import { accountRoute, handlers } from "@/lib/http/route";
import { timeseriesOp } from "@/lib/reports/operations";
import { reportTimeseries } from "@/lib/reports/reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(timeseriesOp, async ({ ctx, query }) => reportTimeseries(ctx, query)),
});
