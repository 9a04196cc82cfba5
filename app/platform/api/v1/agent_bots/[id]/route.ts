// GET|PATCH|DELETE /platform/api/v1/agent_bots/{id}
import { handlers, platformRoute } from "@/lib/http/route";
import {
  deletePlatformAgentBot,
  findPlatformAgentBot,
  presentPlatformAgentBot,
  updatePlatformAgentBot,
} from "@/lib/platform/agent-bots";
import { deletePlatformAgentBotOp, showPlatformAgentBotOp, updatePlatformAgentBotOp } from "@/lib/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(showPlatformAgentBotOp, async ({ ctx, params }) =>
    presentPlatformAgentBot(ctx.db, await findPlatformAgentBot(ctx, params.id)),
  ),
  PATCH: platformRoute(updatePlatformAgentBotOp, async ({ ctx, params, body }) =>
    presentPlatformAgentBot(ctx.db, await updatePlatformAgentBot(ctx, params.id, body)),
  ),
  DELETE: platformRoute(deletePlatformAgentBotOp, async ({ ctx, params }) => deletePlatformAgentBot(ctx, params.id)),
});
