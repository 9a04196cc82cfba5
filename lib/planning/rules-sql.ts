import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";

/**
 * The rules of ./rules.ts as drizzle SQL fragments, and the planning advisory locks. Times are
 * compared with the planning clock's `now` (never SQL `now()`), so one request sees one instant.
 */

/** The status and expiry columns of `allocations` or `allocation_occupancies` (or `sql` naming them under an alias). */
export type StatusColumns = { status: SQLWrapper; expiresAt: SQLWrapper };

const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** `countsAt` in SQL: the hold rows that still count at `now`. */
export const liveHoldAt = (t: StatusColumns, now: Date): SQL =>
  sql`(${t.status} = 'tentative' and (${t.expiresAt} is null or ${t.expiresAt} > ${instant(now)}))`;

/** `countsAt` in SQL: bookings, and holds that have not lapsed at `now`. */
export const liveAt = (t: StatusColumns, now: Date): SQL => sql`(${t.status} = 'confirmed' or ${liveHoldAt(t, now)})`;

/** `isLapsed` in SQL (the form the partial index `allocations_expiry_idx` serves). */
export const lapsedAt = (t: StatusColumns, now: Date): SQL => sql`(${t.status} = 'tentative' and ${t.expiresAt} <= ${instant(now)})`;

/**
 * Hierarchy changes of one account queue on this key for the rest of the transaction, so two
 * moves cannot each pass the cycle check and together close a loop, and a space cannot gain a
 * child while it is being deleted. Allocation writers take it shared: the hierarchy they read
 * stays true until they commit. (The two-key form does not share key space with the one-key
 * per-resource locks of `lockResources` in ./allocations/occupancies.ts.)
 */
const hierarchyKey = (accountId: number) => sql`hashtext('spaces.hierarchy'), ${accountId}`;

/** Taken by whoever changes the hierarchy (moving or deleting spaces). */
export const lockHierarchy = (db: DbOrTx, accountId: number) => db.execute(sql`select pg_advisory_xact_lock(${hierarchyKey(accountId)})`);

/** Taken by allocation writers, which read the hierarchy. */
export const lockHierarchyShared = (db: DbOrTx, accountId: number) => db.execute(sql`select pg_advisory_xact_lock_shared(${hierarchyKey(accountId)})`);
