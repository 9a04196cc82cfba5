// POST /api/v1/accounts/{account_id}/agent_bots/{id}/reset_access_token
import { presentAccountBot, resetAgentBotToken } from "@/lib/agent-bots/agent-bots";
import { resetAgentBotTokenOp } from "@/lib/agent-bots/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(resetAgentBotTokenOp, async ({ ctx, params }) => presentAccountBot(ctx, await resetAgentBotToken(ctx, params.id))),
});
