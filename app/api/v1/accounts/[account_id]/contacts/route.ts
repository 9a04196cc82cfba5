// GET|POST /api/v1/accounts/{account_id}/contacts
import { createContact, listContacts } from "@/lib/contacts/contacts";
import { createContactOp, listContactsOp } from "@/lib/contacts/operations";
import { presentContact, presentContactableInbox, presentContactPage } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listContactsOp, async ({ ctx, query }) => presentContactPage(await listContacts(ctx, query))),
  POST: accountRoute(createContactOp, async ({ ctx, body }) => {
    const { contact, contactInbox } = await createContact(ctx, body);
    return { payload: { contact: presentContact(contact), contact_inbox: contactInbox ? presentContactableInbox(contactInbox) : null } };
  }),
});
