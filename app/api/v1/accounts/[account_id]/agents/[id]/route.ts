// PATCH|DELETE /api/v1/accounts/{account_id}/agents/{id}
import { deleteAgent, presentAgent, updateAgent } from "@/lib/agents/agents";
import { deleteAgentOp, updateAgentOp } from "@/lib/agents/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(updateAgentOp, async ({ ctx, params, body }) => presentAgent(await updateAgent(ctx, params.id, body))),
  DELETE: accountRoute(deleteAgentOp, async ({ ctx, params }) => deleteAgent(ctx, params.id)),
});
