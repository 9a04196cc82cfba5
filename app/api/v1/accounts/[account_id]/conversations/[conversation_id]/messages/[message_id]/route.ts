// PATCH|DELETE /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteMessage, updateMessageStatus } from "@/lib/messages/messages";
import { deleteMessageOp, updateMessageOp } from "@/lib/messages/operations";
import { presentSingleMessage } from "@/lib/messages/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(updateMessageOp, async ({ ctx, params, body }) =>
    presentSingleMessage(ctx.db, await updateMessageStatus(ctx, params.conversation_id, params.message_id, body)),
  ),
  DELETE: accountRoute(deleteMessageOp, async ({ ctx, params }) =>
    presentSingleMessage(ctx.db, await deleteMessage(ctx, params.conversation_id, params.message_id)),
  ),
});
