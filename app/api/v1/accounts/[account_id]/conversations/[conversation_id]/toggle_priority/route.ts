// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_priority
import { togglePriority } from "@/lib/conversations/conversations";
import { togglePriorityOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(togglePriorityOp, async ({ ctx, params, body }) => togglePriority(ctx, params.conversation_id, body.priority ?? null)),
});
