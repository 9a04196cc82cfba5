import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** The NOTIFY channel that tells the live hubs (lib/live/hub.ts) events got sequence numbers; the payload is the highest. */
export const liveChannel = "vd_live";

/** One sequencer at a time across every process (`pg_try_advisory_xact_lock` key). */
const sequencerLock = 7_462_001;
const batch = 1_000;

export type SequenceRun = { sequenced: number; maxSeq: number | null } | "busy";

/**
 * Gives committed events their `seq`, the live streams' cursor, in the order they became visible.
 *
 * Event ids are taken when a transaction inserts, but transactions commit in any order: a cursor
 * on ids could pass an id whose transaction commits later, and that event would never be read.
 * An event without a seq that this statement sees is committed; one still uncommitted is not
 * seen, and gets its seq in a later run. Runs hold one advisory lock, and the lock is released
 * only after a run's commit is visible, so each run's numbers (from a sequence, so growing) are
 * above every earlier run's and every number a reader sees is committed together with all
 * smaller ones: reading `seq > last` never skips an event. The notify goes out at commit.
 *
 * `"busy"` when another run holds the lock: it may have looked before our event committed, so
 * the caller tries again shortly.
 */
export const sequenceEvents = (db: Db): Promise<SequenceRun> =>
  db.transaction(async (tx) => {
    const [lock] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${sequencerLock}) as locked`)) as unknown as { locked: boolean }[];
    if (!lock?.locked) return "busy";
    // Numbered in id order (volatile functions run after the ORDER BY), so one transaction's events keep their order.
    const rows = (await tx.execute(sql`
      update events set seq = numbered.seq
      from (
        select id, nextval('events_seq') as seq
        from (select id from events where seq is null order by id limit ${batch}) as waiting
        order by id
      ) as numbered
      where events.id = numbered.id
      returning events.seq`)) as unknown as { seq: string | number }[];
    if (rows.length === 0) return { sequenced: 0, maxSeq: null };
    const maxSeq = Math.max(...rows.map((row) => Number(row.seq)));
    await tx.execute(sql`select pg_notify(${liveChannel}, ${String(maxSeq)})`);
    return { sequenced: rows.length, maxSeq };
  });

/** Runs until nothing is waiting (a burst may be more than one batch). */
export const sequenceAll = async (db: Db): Promise<SequenceRun> => {
  let total = 0;
  let maxSeq: number | null = null;
  for (;;) {
    const run = await sequenceEvents(db);
    if (run === "busy") return total ? { sequenced: total, maxSeq } : "busy";
    total += run.sequenced;
    maxSeq = run.maxSeq ?? maxSeq;
    if (run.sequenced < batch) return { sequenced: total, maxSeq };
  }
};
