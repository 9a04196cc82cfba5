// GET /api/v1/accounts/{account_id}/inbox_members/{inbox_id}
import { presentAgent } from "@/lib/agents/agents";
import { accountRoute, handlers } from "@/lib/http/route";
import { listInboxMembers } from "@/lib/inboxes/members";
import { listInboxMembersOp } from "@/lib/inboxes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listInboxMembersOp, async ({ ctx, params }) => ({
    payload: (await listInboxMembers(ctx, params.inbox_id)).map(presentAgent),
  })),
});
