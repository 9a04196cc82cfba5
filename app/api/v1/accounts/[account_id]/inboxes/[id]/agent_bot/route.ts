// GET /api/v1/accounts/{account_id}/inboxes/{id}/agent_bot
import { presentAccountBot } from "@/lib/agent-bots/agent-bots";
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxAgentBot } from "@/lib/inboxes/inboxes";
import { inboxAgentBotOp } from "@/lib/inboxes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(inboxAgentBotOp, async ({ ctx, params }) => {
    const bot = await inboxAgentBot(ctx, params.id);
    return { agent_bot: bot ? await presentAccountBot(ctx, bot) : {} };
  }),
});
