// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/unread
import { markUnread } from "@/lib/conversations/conversations";
import { markUnreadOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(markUnreadOp, async ({ ctx, params }) => markUnread(ctx, params.conversation_id)),
});
