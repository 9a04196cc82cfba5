// GET /api/v1/accounts/{account_id}/conversations/{conversation_id}/reporting_events — one conversation's reporting events
import { accountRoute, handlers } from "@/lib/http/route";
import { conversationReportingEventsOp } from "@/lib/reports/operations";
import { conversationReportingEvents } from "@/lib/reports/reporting-events";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(conversationReportingEventsOp, async ({ ctx, params }) => conversationReportingEvents(ctx, params.conversation_id)),
});
