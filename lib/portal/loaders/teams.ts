import type { AccountCtx } from "@/lib/auth/caller";
import { orNotFound } from "@/lib/portal/loaders/records";
import { showTeam } from "@/lib/teams/teams";

/** The team, marked with whether the caller belongs to it, or the 404 page. */
export const findPortalTeam = (ctx: AccountCtx, id: number) => orNotFound(showTeam(ctx, id));
