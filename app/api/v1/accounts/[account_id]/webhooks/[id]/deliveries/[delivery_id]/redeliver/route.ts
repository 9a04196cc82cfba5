// POST /api/v1/accounts/{account_id}/webhooks/{id}/deliveries/{delivery_id}/redeliver
import { presentDelivery, redeliver } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { webhookDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(webhookDeliveryOps.redeliver, async ({ ctx, params }) =>
    presentDelivery(await redeliver(ctx, { kind: "webhook", id: params.id }, params.delivery_id)),
  ),
});
