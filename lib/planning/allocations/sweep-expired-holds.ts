import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { allocations } from "@/db/schema";
import { planningNow } from "../clock";
import { lapsedAt } from "../rules-sql";

/**
 * Marks lapsed holds `expired` and drops their occupancy rows (every account: a system job).
 * Lapsed holds already stop counting at their `expires_at`; this makes their status say so.
 */
export const sweepExpiredHolds = async (db: DbOrTx, now: Date = planningNow()): Promise<number> => {
  const swept = await db.execute<{ id: string }>(sql`
    with lapsed as (
      update allocations set status = 'expired', updated_at = now()
      where ${lapsedAt(allocations, now)}
      returning id, event_id
    ), freed as (
      delete from allocation_occupancies o using lapsed where o.allocation_id = lapsed.id
    ), touched as (
      update planning_events e set updated_at = now() from lapsed where e.id = lapsed.event_id
    )
    select id from lapsed`);
  return swept.length;
};
