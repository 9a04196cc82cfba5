// GET|POST /platform/api/v1/agent_bots
import { handlers, platformRoute } from "@/lib/http/route";
import {
  createPlatformAgentBot,
  listPlatformAgentBots,
  presentPlatformAgentBot,
  presentPlatformAgentBots,
} from "@/lib/platform/agent-bots";
import { createPlatformAgentBotOp, listPlatformAgentBotsOp } from "@/lib/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(listPlatformAgentBotsOp, async ({ ctx }) => presentPlatformAgentBots(ctx.db, await listPlatformAgentBots(ctx))),
  POST: platformRoute(createPlatformAgentBotOp, async ({ ctx, body }) =>
    presentPlatformAgentBot(ctx.db, await createPlatformAgentBot(ctx, body)),
  ),
});
