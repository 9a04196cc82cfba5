// GET|POST /api/v1/accounts/{account_id}/conversations
import { callerUserId } from "@/lib/conversations/conversations";
import { createConversation } from "@/lib/conversations/create-conversation";
import { listConversations } from "@/lib/conversations/list-conversations";
import { createConversationOp, listConversationsOp } from "@/lib/conversations/operations";
import { presentConversation, presentConversationPage } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listConversationsOp, async ({ ctx, query }) =>
    presentConversationPage(ctx.db, await listConversations(ctx, query), { userId: callerUserId(ctx) }),
  ),
  POST: accountRoute(createConversationOp, async ({ ctx, body }) =>
    presentConversation(ctx.db, await createConversation(ctx, body), { userId: callerUserId(ctx) }),
  ),
});
