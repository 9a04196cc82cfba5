import { sql } from "drizzle-orm";
import { allocations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { recordAllocationEvent } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { fieldError } from "@/lib/http/errors";
import { planningNow } from "../clock";
import { holdExpiry } from "../rules";
import { writeOccupancies } from "./occupancies";
import { ensureEvent, plainField, resolveTarget, settlePlacement, touchEvents, type FieldName } from "./placement";
import type { AllocationRow, AllocationWarning } from "./present";
import type { CreateAllocationInput } from "./schemas";

export type AllocationWrite = { allocation: AllocationRow; warnings: AllocationWarning[] };

/**
 * Books (or holds) a space for a window. A hold gets its rank among overlapping holds and
 * lapses after the space's `tentative_expiry_minutes`. Runs in a transaction of its own, or
 * as a savepoint of the caller's (event creation books several at once).
 */
export const createAllocation = async (
  ctx: AccountCtx,
  input: CreateAllocationInput,
  options: { eventId?: string; field?: FieldName } = {},
): Promise<AllocationWrite> => {
  requirePermission(ctx, "planning_manage");
  const field = options.field ?? plainField;
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const space = await resolveTarget(tx, input, field);
    if (!space.active) throw fieldError(field("space_id"), "is not active");
    const eventId = options.eventId ?? input.event_id ?? null;
    if (!options.eventId && input.event_id) await ensureEvent(tx, input.event_id, field);
    const status = input.status ?? "tentative";
    const now = planningNow();
    const window = {
      startAt: input.start_at,
      endAt: input.end_at,
      bufferBeforeMin: input.buffer_before_min ?? 0,
      bufferAfterMin: input.buffer_after_min ?? 0,
    };
    const placed =
      status === "cancelled"
        ? { resources: [], sequence: input.sequence ?? null, warnings: [] }
        : await settlePlacement(db, ctx.account.id, { space, window, status, sequence: input.sequence ?? null, selfId: null, now, field });
    const [allocation] = await db
      .insert(allocations)
      .values({
        accountId: ctx.account.id,
        spaceId: space.id,
        resourceId: space.resourceId,
        eventId,
        ...window,
        title: input.title ?? null,
        description: input.description ?? null,
        category: input.category ?? null,
        status,
        stage: input.stage ?? null,
        sequence: placed.sequence,
        metadata: input.metadata ?? {},
        expiresAt: status === "tentative" ? holdExpiry(space, now) : null,
        // The same instant as created_at (one transaction's now()): hold conversion tells a
        // booking made outright from a hold by it.
        confirmedAt: status === "confirmed" ? sql`now()` : null,
        statusChangedAt: status === "tentative" ? null : sql`now()`,
      })
      .returning();
    await writeOccupancies(db, allocation!, placed.resources);
    await touchEvents(db, [eventId]);
    await recordAllocationEvent(db, { name: "allocation_created", allocation: allocation!, actor: actorOf(ctx.caller) });
    return { allocation: allocation!, warnings: placed.warnings };
  });
};
