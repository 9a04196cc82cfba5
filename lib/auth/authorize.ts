import { ApiError } from "@/lib/http/errors";
import type { AccountCtx, Ctx } from "./caller";
import { decide, decidePermission, isAdministrator, type AdminAction, type Decision, type Permission } from "./permissions";

const enforce = (decision: Decision) => {
  if (!decision.allowed) throw new ApiError(decision.code, decision.message);
};

/** Services call these before doing anything an ordinary member may not. */
export const requireAdmin = (ctx: AccountCtx, action: AdminAction) => enforce(decide(ctx.membership, action));
export const requirePermission = (ctx: AccountCtx, permission: Permission) => enforce(decidePermission(ctx.membership, permission));

const throughOAuth = (ctx: Ctx) => ctx.caller.kind === "user" && ctx.caller.oauth !== undefined;

/**
 * Long-lived credentials (bot tokens, inbox secrets and HMAC tokens) are shown to administrators,
 * and never through an OAuth access token: a client must not copy out a secret that outlives
 * its grant (and turns `read` into a bot's writes).
 */
export const seesCredentials = (ctx: AccountCtx) => ctx.membership !== null && isAdministrator(ctx.membership) && !throughOAuth(ctx);

/** Issuing or resetting a credential, or changing how the user signs in: refused through OAuth. */
export const refuseThroughOAuth = (ctx: Ctx, what: string) => {
  if (throughOAuth(ctx)) throw new ApiError("forbidden", `An OAuth access token cannot ${what}`);
};
