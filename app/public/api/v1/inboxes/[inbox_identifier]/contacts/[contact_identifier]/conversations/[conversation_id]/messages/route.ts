// GET|POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/messages
import { createClientMessage, listClientMessages } from "@/lib/client-api/messages";
import { createClientMessageOp, listClientMessagesOp } from "@/lib/client-api/operations";
import { presentClientMessages, presentOneClientMessage } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(listClientMessagesOp, async ({ ctx, params, query }) => {
    const { found, rows } = await listClientMessages(ctx, params.contact_identifier, params.conversation_id, query.before);
    return presentClientMessages(ctx.db, rows, found.conversation.displayId);
  }),
  POST: inboxRoute(createClientMessageOp, async ({ ctx, params, body }) => {
    const { found, message, echoId } = await createClientMessage(ctx, params.contact_identifier, params.conversation_id, body);
    return presentOneClientMessage(ctx.db, message, found.conversation.displayId, echoId);
  }),
});
