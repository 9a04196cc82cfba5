// GET|POST /api/v1/accounts/{account_id}/agent_bots
import { createAccountAgentBot, listAccountAgentBots, presentAccountBot, presentAccountBots } from "@/lib/agent-bots/agent-bots";
import { createAgentBotOp, listAgentBotsOp } from "@/lib/agent-bots/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listAgentBotsOp, async ({ ctx }) => presentAccountBots(ctx, await listAccountAgentBots(ctx))),
  POST: accountRoute(createAgentBotOp, async ({ ctx, body }) => presentAccountBot(ctx, await createAccountAgentBot(ctx, body))),
});
