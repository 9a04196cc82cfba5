import { and, asc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { allocations, spaces } from "@/db/schema";
import { formatLongDateTime } from "@/lib/format/dates";
import { recordAllocationChange } from "@/lib/events/planning-payloads";
import type { Actor } from "@/lib/events/record";
import { ApiError } from "@/lib/http/errors";
import { planningNow } from "../clock";
import { writeOccupancies } from "./occupancies";
import { plainField, settlePlacement } from "./placement";


/**
 * Turns an accepted quote's holds into bookings, inside the caller's transaction (the quote
 * acceptance): each hold — lapsed ones too, if their time is still free — passes the booking
 * rules and becomes confirmed; bookings stay; cancelled ones stay cancelled. A hold whose time
 * has been taken refuses the whole acceptance with 409 in words a customer understands (and
 * nothing is recorded: its `allocation_updated` events roll back with it). Called
 * for the account that owns the quote; no member permission is involved (the customer accepts).
 */
export const confirmHolds = async (db: DbOrTx, accountId: number, allocationIds: string[], actor: Actor) => {
  if (allocationIds.length === 0) return;
  const rows = await db
    .select({ allocation: allocations, space: spaces })
    .from(allocations)
    .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
    .where(and(eq(allocations.accountId, accountId), anyOf(allocations.id, allocationIds), anyOf(allocations.status, ["tentative", "expired"])))
    .orderBy(asc(allocations.startAt))
    .for("update", { of: allocations });
  const now = planningNow();
  for (const { allocation, space } of rows) {
    const window = { startAt: allocation.startAt, endAt: allocation.endAt, bufferBeforeMin: allocation.bufferBeforeMin, bufferAfterMin: allocation.bufferAfterMin };
    let placed;
    try {
      placed = await settlePlacement(db, accountId, { space, window, status: "confirmed", sequence: allocation.sequence, selfId: allocation.id, now, field: plainField });
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict") {
        throw new ApiError(
          "conflict",
          `Sorry, ${space.name} is no longer available on ${formatLongDateTime(allocation.startAt, space.timezone)}. Please contact us and we will find another option.`,
          { errors: [{ field: "allocation_ids", message: `allocation ${allocation.id} can no longer be confirmed`, code: "conflict" }], details: error.details },
        );
      }
      throw error;
    }
    const [confirmed] = await db
      .update(allocations)
      .set({ status: "confirmed", expiresAt: null, confirmedAt: sql`now()`, statusChangedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(allocations.id, allocation.id))
      .returning();
    await writeOccupancies(db, confirmed!, placed.resources);
    await recordAllocationChange(db, { before: allocation, after: confirmed!, actor });
  }
};
