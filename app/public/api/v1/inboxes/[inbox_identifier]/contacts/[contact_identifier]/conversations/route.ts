// GET|POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations
import { createClientConversation, listClientConversations } from "@/lib/client-api/conversations";
import { createClientConversationOp, listClientConversationsOp } from "@/lib/client-api/operations";
import { presentClientConversation, presentClientConversations } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(listClientConversationsOp, async ({ ctx, params }) =>
    presentClientConversations(ctx.db, await listClientConversations(ctx, params.contact_identifier)),
  ),
  POST: inboxRoute(createClientConversationOp, async ({ ctx, params, body }) =>
    presentClientConversation(ctx.db, await createClientConversation(ctx, params.contact_identifier, body)),
  ),
});
