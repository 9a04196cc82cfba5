// POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/toggle_typing
import { clientTyping } from "@/lib/client-api/conversations";
import { clientTypingOp } from "@/lib/client-api/operations";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: inboxRoute(clientTypingOp, async ({ ctx, params, body }) =>
    clientTyping(ctx, params.contact_identifier, params.conversation_id, body.typing_status === "on"),
  ),
});
