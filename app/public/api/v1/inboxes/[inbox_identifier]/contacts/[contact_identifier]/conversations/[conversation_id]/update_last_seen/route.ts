// POST /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}/conversations/{conversation_id}/update_last_seen
import { clientLastSeen } from "@/lib/client-api/conversations";
import { clientLastSeenOp } from "@/lib/client-api/operations";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: inboxRoute(clientLastSeenOp, async ({ ctx, params }) => clientLastSeen(ctx, params.contact_identifier, params.conversation_id)),
});
