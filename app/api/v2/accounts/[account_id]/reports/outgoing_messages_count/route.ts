// GET /api/v2/accounts/{account_id}/reports/outgoing_messages_count — per agent, team, inbox or label
import { accountRoute, handlers } from "@/lib/http/route";
import { outgoingMessagesCountOp } from "@/lib/reports/operations";
import { outgoingMessagesCount } from "@/lib/reports/reports";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(outgoingMessagesCountOp, async ({ ctx, query }) => outgoingMessagesCount(ctx, query)),
});
