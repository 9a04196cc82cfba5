// GET|PATCH|DELETE /api/v1/accounts/{account_id}/inboxes/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteInbox, findInbox, updateInbox } from "@/lib/inboxes/inboxes";
import { deleteInboxOp, showInboxOp, updateInboxOp } from "@/lib/inboxes/operations";
import { presentInbox } from "@/lib/inboxes/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showInboxOp, async ({ ctx, params }) => presentInbox(ctx, await findInbox(ctx, params.id))),
  PATCH: accountRoute(updateInboxOp, async ({ ctx, params, body }) => presentInbox(ctx, await updateInbox(ctx, params.id, body))),
  DELETE: accountRoute(deleteInboxOp, async ({ ctx, params }) => deleteInbox(ctx, params.id)),
});
