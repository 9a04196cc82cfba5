// POST /api/v1/accounts/{account_id}/inboxes/{id}/reset_secret
import { accountRoute, handlers } from "@/lib/http/route";
import { resetInboxSecret } from "@/lib/inboxes/inboxes";
import { resetInboxSecretOp } from "@/lib/inboxes/operations";
import { presentInbox } from "@/lib/inboxes/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(resetInboxSecretOp, async ({ ctx, params }) => presentInbox(ctx, await resetInboxSecret(ctx, params.id))),
});
