// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_typing_status
import { typingStatus } from "@/lib/conversations/conversations";
import { toggleTypingOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(toggleTypingOp, async ({ ctx, params, body }) => typingStatus(ctx, params.conversation_id, body)),
});
