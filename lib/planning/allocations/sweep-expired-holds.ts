import { sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { allocations } from "@/db/schema";
import { recordAllocationEvent, systemActor } from "@/lib/events/planning-payloads";
import { planningNow } from "../clock";
import { lapsedAt } from "../rules-sql";

/**
 * Marks lapsed holds `expired` and drops their occupancy rows (every account: a system job), and
 * announces each with `allocation_expired`, in one transaction. Lapsed holds already stop counting
 * at their `expires_at`; this makes their status say so. Sweepers running at once each get
 * different rows: the update re-checks `status = 'tentative'` after waiting for another's lock.
 */
export const sweepExpiredHolds = async (db: DbOrTx, now: Date = planningNow()): Promise<number> =>
  db.transaction(async (tx) => {
    const swept = await tx.execute<{ id: string }>(sql`
      with lapsed as (
        update allocations set status = 'expired', status_changed_at = now(), updated_at = now()
        where ${lapsedAt(allocations, now)}
        returning id, event_id
      ), freed as (
        delete from allocation_occupancies o using lapsed where o.allocation_id = lapsed.id
      ), touched as (
        update planning_events e set updated_at = now() from lapsed where e.id = lapsed.event_id
      )
      select id from lapsed`);
    if (swept.length === 0) return 0;
    // This transaction's own update: the rows as it left them (and still holds their locks).
    const expired = await tx
      .select()
      .from(allocations)
      .where(
        anyOf(
          allocations.id,
          swept.map((row) => row.id),
        ),
      );
    for (const allocation of expired) await recordAllocationEvent(tx, { name: "allocation_expired", allocation, actor: systemActor });
    return swept.length;
  });
