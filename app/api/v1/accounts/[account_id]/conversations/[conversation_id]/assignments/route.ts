// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/assignments
import { assignConversation, presentAssignment } from "@/lib/conversations/assignments";
import { assignConversationOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(assignConversationOp, async ({ ctx, params, body }) =>
    presentAssignment(await assignConversation(ctx, params.conversation_id, body)),
  ),
});
