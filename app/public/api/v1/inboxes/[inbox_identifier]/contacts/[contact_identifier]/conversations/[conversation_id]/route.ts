// GET /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}
import { findClientConversation } from "@/lib/client-api/conversations";
import { showClientConversationOp } from "@/lib/client-api/operations";
import { presentClientConversation } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(showClientConversationOp, async ({ ctx, params }) =>
    presentClientConversation(ctx.db, await findClientConversation(ctx, params.contact_identifier, params.conversation_id)),
  ),
});
