import { findVisibleAgentBot, presentAccountBot } from "@/lib/agent-bots/agent-bots";
import { ZId } from "@/lib/http/schemas";
import { portalLoader } from "@/lib/portal/loader";

/** One of the account's bots or a system bot, as the API presents it to this caller, or the 404 page. */
export const loadAgentBot = portalLoader({ ids: [ZId], load: async (ctx, id) => presentAccountBot(ctx, await findVisibleAgentBot(ctx, id)) });
