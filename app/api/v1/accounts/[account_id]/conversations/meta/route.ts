// GET /api/v1/accounts/{account_id}/conversations/meta
import { conversationCounts } from "@/lib/conversations/list-conversations";
import { conversationMetaOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(conversationMetaOp, async ({ ctx, query }) => ({ meta: await conversationCounts(ctx, query) })),
});
