// POST|PATCH|DELETE /api/v1/accounts/{account_id}/inbox_members
import { presentAgent } from "@/lib/agents/agents";
import { accountRoute, handlers } from "@/lib/http/route";
import { addInboxMembers, removeInboxMembers, replaceInboxMembers } from "@/lib/inboxes/members";
import { addInboxMembersOp, removeInboxMembersOp, replaceInboxMembersOp } from "@/lib/inboxes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(addInboxMembersOp, async ({ ctx, body }) => ({ payload: (await addInboxMembers(ctx, body)).map(presentAgent) })),
  PATCH: accountRoute(replaceInboxMembersOp, async ({ ctx, body }) => ({
    payload: (await replaceInboxMembers(ctx, body)).map(presentAgent),
  })),
  DELETE: accountRoute(removeInboxMembersOp, async ({ ctx, body }) => removeInboxMembers(ctx, body)),
});
