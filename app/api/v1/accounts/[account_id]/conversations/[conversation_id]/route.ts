// GET|PATCH|DELETE /api/v1/accounts/{account_id}/conversations/{conversation_id}
import { callerUserId, deleteConversation, findConversation, updateConversation } from "@/lib/conversations/conversations";
import { deleteConversationOp, showConversationOp, updateConversationOp } from "@/lib/conversations/operations";
import { presentConversation } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showConversationOp, async ({ ctx, params }) =>
    presentConversation(ctx.db, await findConversation(ctx, params.conversation_id), { userId: callerUserId(ctx) }),
  ),
  PATCH: accountRoute(updateConversationOp, async ({ ctx, params, body }) =>
    presentConversation(ctx.db, await updateConversation(ctx, params.conversation_id, body), { userId: callerUserId(ctx) }),
  ),
  DELETE: accountRoute(deleteConversationOp, async ({ ctx, params }) => deleteConversation(ctx, params.conversation_id)),
});
