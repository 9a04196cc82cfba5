import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError } from "@/lib/http/errors";
import { planningNow } from "../clock";
import { findAllocation } from "./allocations";
import { blockedResources } from "./occupancies";
import { conflictData, confirmedConflicts, jumpingTheQueue, liveHolds, placementWarnings, plainField, resolveTarget } from "./placement";
import type { ValidateAllocationInput } from "./schemas";

/**
 * Would this window work on this resource? The same rules as a write, answered without one:
 * `valid` is false when a confirmed allocation is in the way (or, for a hold, when the space's
 * hold limit is reached); warnings carry the rest.
 */
export const validateAllocation = async (ctx: AccountCtx, input: ValidateAllocationInput) => {
  const space = await resolveTarget(ctx, input, plainField);
  // The allocation being moved must be one of the account's: any other id is a mistake, not "none".
  if (input.allocation_id !== undefined) {
    await findAllocation(ctx, input.allocation_id).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "not_found") throw fieldError("allocation_id", "is not an allocation of this account");
      throw error;
    });
  }
  const window = {
    startAt: input.start_at,
    endAt: input.end_at,
    bufferBeforeMin: input.buffer_before_min ?? 0,
    bufferAfterMin: input.buffer_after_min ?? 0,
  };
  const resources = await blockedResources(ctx.db, ctx.account.id, space.id);
  const selfId = input.allocation_id ?? null;
  const [conflicts, holds] = await Promise.all([
    confirmedConflicts(ctx.db, resources, window, selfId),
    liveHolds(ctx.db, resources, window, selfId, planningNow()),
  ]);
  const warnings = placementWarnings(space, window);
  if (!space.active) warnings.push({ code: "space_inactive", message: `${space.name} is not active` });
  const status = input.status ?? "tentative";
  const limit = space.maxTentativeAllocations;
  const overLimit = status === "tentative" && limit !== null && holds.length >= limit;
  if (overLimit) warnings.push({ code: "hold_limit_reached", message: `${space.name} already has ${limit} holds for this time, its limit` });
  else if (holds.length > 0) {
    warnings.push(status === "confirmed" ? jumpingTheQueue(space) : { code: "tentative_overlap", message: `${holds.length} other hold(s) overlap this time` });
  }
  return {
    valid: conflicts.length === 0 && !overLimit && space.active,
    conflicts: conflicts.map(conflictData),
    warnings,
  };
};
