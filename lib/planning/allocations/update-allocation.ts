import { eq, sql } from "drizzle-orm";
import { allocations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { recordAllocationChange } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { fieldError } from "@/lib/http/errors";
import { planningNow } from "../clock";
import { holdExpiry, isLapsed, isLiveStatus } from "../rules";
import { findAllocation } from "./allocations";
import type { AllocationWrite } from "./create-allocation";
import { writeOccupancies } from "./occupancies";
import { ensureEvent, plainField, resolveTarget, settlePlacement, touchEvents } from "./placement";
import type { UpdateAllocationInput } from "./schemas";

/**
 * Moves, resizes, re-targets, confirms, re-holds or cancels an allocation. Whenever the result
 * is live it passes the same rules as a new one (its own rows left out); a lapsed hold coming
 * back is a new hold: new rank, new expiry.
 */
export const updateAllocation = async (ctx: AccountCtx, id: string, input: UpdateAllocationInput): Promise<AllocationWrite> => {
  requirePermission(ctx, "planning_manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const current = await findAllocation(tx, id, { forUpdate: true });
    const now = planningNow();
    const retargeted = input.space_id !== undefined || input.resource_id !== undefined;
    const space = await resolveTarget(tx, retargeted ? input : { space_id: current.spaceId }, plainField);
    if (retargeted && !space.active) throw fieldError("space_id", "is not active");
    if (input.event_id) await ensureEvent(tx, input.event_id, plainField);
    const window = {
      startAt: input.start_at ?? current.startAt,
      endAt: input.end_at ?? current.endAt,
      bufferBeforeMin: input.buffer_before_min ?? current.bufferBeforeMin,
      bufferAfterMin: input.buffer_after_min ?? current.bufferAfterMin,
    };
    if (window.endAt <= window.startAt) throw fieldError("end_at", "must be after start_at");
    const lapsed = isLapsed(current, now) || current.status === "expired";
    const status = input.status ?? (lapsed ? "expired" : current.status);
    const stillHeld = current.status === "tentative" && !lapsed;
    const live = isLiveStatus(status);
    const requested = input.sequence !== undefined ? input.sequence : stillHeld || status === "confirmed" ? current.sequence : null;
    const placed = live
      ? await settlePlacement(db, ctx.account.id, { space, window, status, sequence: requested, selfId: current.id, now, field: plainField })
      : { resources: [], sequence: requested, warnings: [] };
    const expiresAt = status === "tentative" ? (stillHeld ? current.expiresAt : holdExpiry(space, now)) : status === "expired" ? current.expiresAt : null;
    const [allocation] = await db
      .update(allocations)
      .set({
        spaceId: space.id,
        resourceId: space.resourceId,
        eventId: input.event_id !== undefined ? input.event_id : current.eventId,
        ...window,
        title: input.title !== undefined ? input.title : current.title,
        description: input.description !== undefined ? input.description : current.description,
        category: input.category !== undefined ? input.category : current.category,
        status,
        stage: input.stage !== undefined ? input.stage : current.stage,
        sequence: placed.sequence,
        metadata: input.metadata ?? current.metadata,
        expiresAt,
        ...(status === current.status ? {} : { statusChangedAt: sql`now()`, ...(status === "confirmed" ? { confirmedAt: sql`now()` } : {}) }),
        updatedAt: new Date(),
      })
      .where(eq(allocations.id, current.id))
      .returning();
    await writeOccupancies(db, allocation!, placed.resources);
    await touchEvents(db, [current.eventId, allocation!.eventId]);
    await recordAllocationChange(db, { before: current, after: allocation!, actor: actorOf(ctx.caller) });
    return { allocation: allocation!, warnings: placed.warnings };
  });
};
