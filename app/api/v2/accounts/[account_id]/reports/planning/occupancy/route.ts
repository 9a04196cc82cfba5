// GET /api/v2/accounts/{account_id}/reports/planning/occupancy — open, booked and held hours per space and week
import { accountRoute, handlers } from "@/lib/http/route";
import { occupancyReport } from "@/lib/reports/planning";
import { occupancyOp } from "@/lib/reports/planning/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(occupancyOp, async ({ ctx, query }) => occupancyReport(ctx, query)),
});
