import { ApiError } from "@/lib/http/errors";
import type { AccountCtx } from "./caller";
import { decide, decidePermission, type AdminAction, type Decision, type Permission } from "./permissions";

const enforce = (decision: Decision) => {
  if (!decision.allowed) throw new ApiError(decision.code, decision.message);
};

/** Services call these before doing anything an ordinary member may not. */
export const requireAdmin = (ctx: AccountCtx, action: AdminAction) => enforce(decide(ctx.membership, action));
export const requirePermission = (ctx: AccountCtx, permission: Permission) => enforce(decidePermission(ctx.membership, permission));
