// PATCH /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/messages/{message_id}
import { submitClientValues } from "@/lib/client-api/messages";
import { updateClientMessageOp } from "@/lib/client-api/operations";
import { presentOneClientMessage } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: inboxRoute(updateClientMessageOp, async ({ ctx, params, body }) => {
    const { found, message } = await submitClientValues(
      ctx,
      params.contact_identifier,
      params.conversation_id,
      params.message_id,
      body.submitted_values,
    );
    return presentOneClientMessage(ctx.db, message, found.conversation.displayId);
  }),
});
