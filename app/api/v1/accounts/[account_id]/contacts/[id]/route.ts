// GET|PUT|PATCH|DELETE /api/v1/accounts/{account_id}/contacts/{id}
import { deleteContact, showContact, updateContact } from "@/lib/contacts/contacts";
import { deleteContactOp, patchContactOp, putContactOp, showContactOp } from "@/lib/contacts/operations";
import { presentContact } from "@/lib/contacts/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showContactOp, async ({ ctx, params }) => ({ payload: presentContact(await showContact(ctx, params.id)) })),
  PUT: accountRoute(putContactOp, async ({ ctx, params, body }) => ({ payload: presentContact(await updateContact(ctx, params.id, body)) })),
  PATCH: accountRoute(patchContactOp, async ({ ctx, params, body }) => ({ payload: presentContact(await updateContact(ctx, params.id, body)) })),
  DELETE: accountRoute(deleteContactOp, async ({ ctx, params }) => deleteContact(ctx, params.id)),
});
