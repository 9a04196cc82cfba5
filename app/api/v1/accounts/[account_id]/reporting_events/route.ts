// GET /api/v1/accounts/{account_id}/reporting_events — the account's reporting events, paged (administrators)
import { accountRoute, handlers } from "@/lib/http/route";
import { reportingEventsOp } from "@/lib/reports/operations";
import { listReportingEvents } from "@/lib/reports/reporting-events";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(reportingEventsOp, async ({ ctx, query }) => listReportingEvents(ctx, query)),
});
