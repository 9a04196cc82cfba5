// GET|POST /api/v1/accounts/{account_id}/contacts/{id}/labels
import { contactLabels, setContactLabels } from "@/lib/contacts/contacts";
import { listContactLabelsOp, setContactLabelsOp } from "@/lib/contacts/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listContactLabelsOp, async ({ ctx, params }) => ({ payload: await contactLabels(ctx, params.id) })),
  POST: accountRoute(setContactLabelsOp, async ({ ctx, params, body }) => ({ payload: await setContactLabels(ctx, params.id, body.labels) })),
});
