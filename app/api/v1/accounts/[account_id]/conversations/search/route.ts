// GET /api/v1/accounts/{account_id}/conversations/search
import { callerUserId } from "@/lib/conversations/conversations";
import { searchConversations } from "@/lib/conversations/list-conversations";
import { searchConversationsOp } from "@/lib/conversations/operations";
import { presentConversationPage } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(searchConversationsOp, async ({ ctx, query }) =>
    presentConversationPage(ctx.db, await searchConversations(ctx, query), { userId: callerUserId(ctx) }),
  ),
});
