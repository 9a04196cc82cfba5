// GET|POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/labels
import { conversationLabels, setLabels } from "@/lib/conversations/conversations";
import { listConversationLabelsOp, setConversationLabelsOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listConversationLabelsOp, async ({ ctx, params }) => ({ payload: await conversationLabels(ctx, params.conversation_id) })),
  POST: accountRoute(setConversationLabelsOp, async ({ ctx, params, body }) => ({
    payload: await setLabels(ctx, params.conversation_id, body.labels),
  })),
});
