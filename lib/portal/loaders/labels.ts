import type { AccountCtx } from "@/lib/auth/caller";
import { orNotFound } from "@/lib/portal/loaders/records";
import { findLabel } from "@/lib/labels/labels";

export const findPortalLabel = (ctx: AccountCtx, id: number) => orNotFound(findLabel(ctx, id));
