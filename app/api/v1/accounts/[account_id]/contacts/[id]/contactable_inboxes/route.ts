// GET /api/v1/accounts/{account_id}/contacts/{id}/contactable_inboxes
import { contactableInboxes } from "@/lib/contacts/contactable-inboxes";
import { contactableInboxesOp } from "@/lib/contacts/operations";
import { presentContactableInbox } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(contactableInboxesOp, async ({ ctx, params }) => ({
    payload: (await contactableInboxes(ctx, params.id)).map(presentContactableInbox),
  })),
});
