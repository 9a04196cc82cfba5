// GET /api/v1/accounts/{account_id}/webhooks/{id}/deliveries
import { listDeliveries, presentDeliveryList } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { webhookDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(webhookDeliveryOps.list, async ({ ctx, params, query }) =>
    presentDeliveryList(await listDeliveries(ctx, { kind: "webhook", id: params.id }, query)),
  ),
});
