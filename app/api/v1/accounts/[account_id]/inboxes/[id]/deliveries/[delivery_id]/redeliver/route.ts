// POST /api/v1/accounts/{account_id}/inboxes/{id}/deliveries/{delivery_id}/redeliver
import { presentDelivery, redeliver } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(inboxDeliveryOps.redeliver, async ({ ctx, params }) =>
    presentDelivery(await redeliver(ctx, { kind: "inbox", id: params.id }, params.delivery_id)),
  ),
});
