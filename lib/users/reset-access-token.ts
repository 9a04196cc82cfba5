import { issueToken } from "@/lib/auth/access-tokens";
import type { Ctx, UserCaller } from "@/lib/auth/caller";
import { refuseThroughOAuth } from "@/lib/auth/authorize";

/**
 * Rotates the caller's token; the previous value is dead once this returns. Only the user
 * themselves (their token or session) may: an OAuth client would take over the personal token.
 */
export const resetAccessToken = (ctx: Ctx<UserCaller>) => {
  refuseThroughOAuth(ctx, "reset the user's personal access token");
  return issueToken(ctx.db, "User", ctx.caller.user.id);
};
