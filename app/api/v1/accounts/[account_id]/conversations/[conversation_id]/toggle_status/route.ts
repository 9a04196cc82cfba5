// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_status
import { toggleStatus } from "@/lib/conversations/conversations";
import { toggleStatusOp } from "@/lib/conversations/operations";
import { presentToggleStatus } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(toggleStatusOp, async ({ ctx, params, body }) => presentToggleStatus(await toggleStatus(ctx, params.conversation_id, body))),
});
