// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/mute
import { muteConversation } from "@/lib/conversations/conversations";
import { muteConversationOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(muteConversationOp, async ({ ctx, params }) => muteConversation(ctx, params.conversation_id)),
});
