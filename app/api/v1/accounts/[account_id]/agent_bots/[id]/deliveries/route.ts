// GET /api/v1/accounts/{account_id}/agent_bots/{id}/deliveries
import { listDeliveries, presentDeliveryList } from "@/lib/events/deliveries";
import { accountRoute, handlers } from "@/lib/http/route";
import { agentBotDeliveryOps } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(agentBotDeliveryOps.list, async ({ ctx, params, query }) =>
    presentDeliveryList(await listDeliveries(ctx, { kind: "agent_bot", id: params.id }, query)),
  ),
});
