// GET|PATCH|DELETE /api/v1/accounts/{account_id}/agent_bots/{id}
import { deleteAccountAgentBot, findVisibleAgentBot, presentAccountBot, updateAccountAgentBot } from "@/lib/agent-bots/agent-bots";
import { deleteAgentBotOp, showAgentBotOp, updateAgentBotOp } from "@/lib/agent-bots/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showAgentBotOp, async ({ ctx, params }) => presentAccountBot(ctx, await findVisibleAgentBot(ctx, params.id))),
  PATCH: accountRoute(updateAgentBotOp, async ({ ctx, params, body }) =>
    presentAccountBot(ctx, await updateAccountAgentBot(ctx, params.id, body)),
  ),
  DELETE: accountRoute(deleteAgentBotOp, async ({ ctx, params }) => deleteAccountAgentBot(ctx, params.id)),
});
