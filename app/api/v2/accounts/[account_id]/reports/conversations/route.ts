// GET /api/v2/accounts/{account_id}/reports/conversations — live conversation counts of the account or per agent
import { accountRoute, handlers } from "@/lib/http/route";
import { reportConversations } from "@/lib/reports/conversation-metrics";
import { reportConversationsOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(reportConversationsOp, async ({ ctx, query }) => reportConversations(ctx, query)),
});
