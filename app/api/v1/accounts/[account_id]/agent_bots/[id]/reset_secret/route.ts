// POST /api/v1/accounts/{account_id}/agent_bots/{id}/reset_secret
import { presentAccountBot, resetAgentBotSecret } from "@/lib/agent-bots/agent-bots";
import { resetAgentBotSecretOp } from "@/lib/agent-bots/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(resetAgentBotSecretOp, async ({ ctx, params }) => presentAccountBot(ctx, await resetAgentBotSecret(ctx, params.id))),
});
