// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/update_last_seen
import { markSeen } from "@/lib/conversations/conversations";
import { updateLastSeenOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(updateLastSeenOp, async ({ ctx, params }) => markSeen(ctx, params.conversation_id)),
});
