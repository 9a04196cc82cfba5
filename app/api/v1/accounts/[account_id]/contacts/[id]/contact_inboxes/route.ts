// POST /api/v1/accounts/{account_id}/contacts/{id}/contact_inboxes
import { createContactInbox } from "@/lib/contacts/contactable-inboxes";
import { createContactInboxOp } from "@/lib/contacts/operations";
import { presentContactableInbox } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(createContactInboxOp, async ({ ctx, params, body }) => presentContactableInbox(await createContactInbox(ctx, params.id, body))),
});
