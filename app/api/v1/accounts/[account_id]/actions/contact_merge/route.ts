// POST /api/v1/accounts/{account_id}/actions/contact_merge
import { mergeContacts } from "@/lib/contacts/merge";
import { mergeContactsOp } from "@/lib/contacts/operations";
import { presentContact } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(mergeContactsOp, async ({ ctx, body }) => presentContact(await mergeContacts(ctx, body))),
});
