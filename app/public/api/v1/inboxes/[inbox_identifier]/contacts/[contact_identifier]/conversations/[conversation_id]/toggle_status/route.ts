// POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/toggle_status
import { resolveClientConversation } from "@/lib/client-api/conversations";
import { resolveClientConversationOp } from "@/lib/client-api/operations";
import { presentClientConversation } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: inboxRoute(resolveClientConversationOp, async ({ ctx, params }) =>
    presentClientConversation(ctx.db, await resolveClientConversation(ctx, params.contact_identifier, params.conversation_id)),
  ),
});
