// POST /api/v1/accounts/{account_id}/agent_bots/{id}/deliveries/{delivery_id}/redeliver
import { presentDelivery, redeliver } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { agentBotDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(agentBotDeliveryOps.redeliver, async ({ ctx, params }) =>
    presentDelivery(await redeliver(ctx, { kind: "agent_bot", id: params.id }, params.delivery_id)),
  ),
});
