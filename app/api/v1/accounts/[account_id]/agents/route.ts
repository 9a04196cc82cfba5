// GET|POST /api/v1/accounts/{account_id}/agents
import { createAgent, listAgents, presentAgent } from "@/lib/agents/agents";
import { createAgentOp, listAgentsOp } from "@/lib/agents/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listAgentsOp, async ({ ctx }) => (await listAgents(ctx)).map(presentAgent)),
  POST: accountRoute(createAgentOp, async ({ ctx, body }) => presentAgent(await createAgent(ctx, body))),
});
