import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

const batchSize = 5_000;

/** `EVENT_RETENTION_DAYS` (7): how long events are kept once nothing is pending for them. */
export const retentionDays = () => {
  const value = Number(process.env.EVENT_RETENTION_DAYS);
  return Number.isFinite(value) && value > 0 ? value : 7;
};

/**
 * Deletes events older than the retention with no delivery still pending (their deliveries and
 * attempt logs go with them), in batches so no one statement holds many locks.
 */
export const pruneEvents = async (db: DbOrTx, now = new Date()) => {
  const before = new Date(now.getTime() - retentionDays() * 24 * 60 * 60_000).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await db.execute<{ id: number }>(sql`
      delete from events where id in (
        select e.id from events e
        where e.created_at < ${before}::timestamptz
          and not exists (select 1 from event_deliveries d where d.event_id = e.id and d.status = 'pending')
        limit ${batchSize}
      ) returning id`);
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
};
