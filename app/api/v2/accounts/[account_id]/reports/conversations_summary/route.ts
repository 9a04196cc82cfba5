// GET /api/v2/accounts/{account_id}/reports/conversations_summary — the account's totals (CSV download)
import { accountRoute, handlers } from "@/lib/http/route";
import { conversationsSummaryCsvOp } from "@/lib/reports/csv-operations";
import { csvResponse, conversationsSummaryCsv } from "@/lib/reports/csv-reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(conversationsSummaryCsvOp, async ({ ctx, query }) => csvResponse(await conversationsSummaryCsv(ctx, query))),
});
