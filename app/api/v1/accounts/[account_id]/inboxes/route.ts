// GET|POST /api/v1/accounts/{account_id}/inboxes
import { accountRoute, handlers } from "@/lib/http/route";
import { createInbox, listInboxes } from "@/lib/inboxes/inboxes";
import { createInboxOp, listInboxesOp } from "@/lib/inboxes/operations";
import { presentInbox, presentInboxes } from "@/lib/inboxes/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listInboxesOp, async ({ ctx }) => presentInboxes(ctx, await listInboxes(ctx))),
  POST: accountRoute(createInboxOp, async ({ ctx, body }) => presentInbox(ctx, await createInbox(ctx, body))),
});
