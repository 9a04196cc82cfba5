// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/unmute
import { unmuteConversation } from "@/lib/conversations/conversations";
import { unmuteConversationOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(unmuteConversationOp, async ({ ctx, params }) => unmuteConversation(ctx, params.conversation_id)),
});
