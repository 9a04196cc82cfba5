// GET /api/v1/accounts/{account_id}/contacts/{id}/conversations
import { callerUserId } from "@/lib/conversations/conversations";
import { contactConversations } from "@/lib/conversations/list-conversations";
import { contactConversationsOp } from "@/lib/conversations/operations";
import { presentConversations } from "@/lib/conversations/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(contactConversationsOp, async ({ ctx, params }) => ({
    payload: await presentConversations(ctx.db, await contactConversations(ctx, params.id), { userId: callerUserId(ctx) }),
  })),
});
