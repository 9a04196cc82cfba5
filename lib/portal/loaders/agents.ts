import { findAgent } from "@/lib/agents/agents";
import { ZId } from "@/lib/http/schemas";
import { portalLoader } from "@/lib/portal/loader";

/** The agent (a member of the account) by user id, or the 404 page. */
export const loadAgent = portalLoader({ ids: [ZId], load: (ctx, userId) => findAgent(ctx, userId) });
