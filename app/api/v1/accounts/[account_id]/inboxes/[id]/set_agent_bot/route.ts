// POST /api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot
import { accountRoute, handlers } from "@/lib/http/route";
import { setInboxAgentBot } from "@/lib/inboxes/inboxes";
import { setInboxAgentBotOp } from "@/lib/inboxes/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(setInboxAgentBotOp, async ({ ctx, params, body }) => setInboxAgentBot(ctx, params.id, body.agent_bot)),
});
