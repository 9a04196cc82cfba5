// POST /api/v1/accounts/{account_id}/contacts/filter
import { filterContacts } from "@/lib/contacts/filter";
import { filterContactsOp } from "@/lib/contacts/operations";
import { presentContactPage } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(filterContactsOp, async ({ ctx, query, body }) => presentContactPage(await filterContacts(ctx, body.payload, query.page))),
});
