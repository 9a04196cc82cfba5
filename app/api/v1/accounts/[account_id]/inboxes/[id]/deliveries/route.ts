// GET /api/v1/accounts/{account_id}/inboxes/{id}/deliveries
import { listDeliveries, presentDeliveryList } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(inboxDeliveryOps.list, async ({ ctx, params, query }) =>
    presentDeliveryList(await listDeliveries(ctx, { kind: "inbox", id: params.id }, query)),
  ),
});
