import { ZId } from "@/lib/http/schemas";
import { portalLoader } from "@/lib/portal/loader";
import { showTeam } from "@/lib/teams/teams";

/** The team, marked with whether the caller belongs to it, or the 404 page. */
export const loadTeam = portalLoader({ ids: [ZId], load: (ctx, id) => showTeam(ctx, id) });
