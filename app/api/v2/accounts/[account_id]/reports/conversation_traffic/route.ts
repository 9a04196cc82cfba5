// GET /api/v2/accounts/{account_id}/reports/conversation_traffic — conversations per hour and day (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { conversationTrafficCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, conversationTrafficCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(conversationTrafficCsvOp, async ({ ctx, query }) => csvResponse(await conversationTrafficCsv(ctx, query))),
});
