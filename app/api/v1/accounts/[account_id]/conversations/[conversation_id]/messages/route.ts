// GET|POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages
import { accountRoute, handlers } from "@/lib/http/route";
import { createMessage, listMessages } from "@/lib/messages/messages";
import { createMessageOp, listMessagesOp } from "@/lib/messages/operations";
import { presentSingleMessage, presentMessageList } from "@/lib/messages/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listMessagesOp, async ({ ctx, params, query }) => {
    const { conversation, rows } = await listMessages(ctx, params.conversation_id, query);
    return presentMessageList(ctx.db, conversation, rows);
  }),
  POST: accountRoute(createMessageOp, async ({ ctx, params, body }) => presentSingleMessage(ctx.db, await createMessage(ctx, params.conversation_id, body))),
});
