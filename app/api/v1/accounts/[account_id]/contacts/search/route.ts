// GET /api/v1/accounts/{account_id}/contacts/search
import { searchContacts } from "@/lib/contacts/contacts";
import { searchContactsOp } from "@/lib/contacts/operations";
import { presentContactSearch } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(searchContactsOp, async ({ ctx, query }) => presentContactSearch(await searchContacts(ctx, query))),
});
