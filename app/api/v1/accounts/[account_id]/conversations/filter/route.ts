// POST /api/v1/accounts/{account_id}/conversations/filter
import { callerUserId } from "@/lib/conversations/conversations";
import { filterConversations } from "@/lib/conversations/list-conversations";
import { filterConversationsOp } from "@/lib/conversations/operations";
import { presentConversationFilterPage } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(filterConversationsOp, async ({ ctx, query, body }) =>
    presentConversationFilterPage(ctx.db, await filterConversations(ctx, body.payload, query.page), { userId: callerUserId(ctx) }),
  ),
});
