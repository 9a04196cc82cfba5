import { issueToken } from "@/lib/auth/access-tokens";
import type { Ctx, UserCaller } from "@/lib/auth/caller";

/** Rotates the caller's token; the previous value is dead once this returns. */
export const resetAccessToken = (ctx: Ctx<UserCaller>) => issueToken(ctx.db, "User", ctx.caller.user.id);
