import { and, eq, sql } from "drizzle-orm";
import { anyOf, arrayLiteral } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { allocationOccupancies, allocations } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { planningNow } from "../clock";
import { isLiveStatus } from "../rules";
import { liveAt } from "../rules-sql";
import type { AllocationRow } from "./present";

/** A PostgreSQL uuid[] literal as one parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${arrayLiteral(ids)}::uuid[]`;

/** The buffered range an allocation blocks: `[start − before, end + after)`. */
export const blockedRange = (row: { startAt: Date; endAt: Date; bufferBeforeMin: number; bufferAfterMin: number }) => ({
  startsAt: new Date(row.startAt.getTime() - row.bufferBeforeMin * 60_000),
  endsAt: new Date(row.endAt.getTime() + row.bufferAfterMin * 60_000),
});

/**
 * The resources a booking of the space blocks: its own and those of every space inside it,
 * however deep (booking Hall AB blocks Hall A and Hall B).
 */
export const blockedResources = async (db: DbOrTx, accountId: number, spaceId: string): Promise<string[]> => {
  const rows = await db.execute<{ resource_id: string }>(sql`
    with recursive inside as (
      select id, resource_id from spaces where id = ${spaceId} and account_id = ${accountId}
      union
      select s.id, s.resource_id from spaces s join inside on s.parent_id = inside.id where s.account_id = ${accountId}
    )
    select resource_id from inside order by resource_id`);
  return rows.map((row) => row.resource_id);
};

/** The spaces that contain the space, nearest first (not the space itself). */
export const ancestorSpaceIds = async (db: DbOrTx, accountId: number, spaceId: string): Promise<string[]> => {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive up as (
      select parent_id as id, 1 as depth from spaces where id = ${spaceId} and account_id = ${accountId}
      union
      select s.parent_id, up.depth + 1 from spaces s join up on s.id = up.id where s.account_id = ${accountId} and up.depth < 100
    )
    select id from up where id is not null order by depth`);
  return rows.map((row) => row.id);
};

/**
 * Serialises writers per resource for the rest of the transaction. Two allocations that could
 * conflict always share a blocked resource, so they queue here; keys are taken in one order
 * so that two writers never wait on each other.
 */
export const lockResources = async (db: DbOrTx, resourceIds: readonly string[]) => {
  if (resourceIds.length === 0) return;
  await db.execute(sql`
    select pg_advisory_xact_lock(k)
    from (select distinct hashtextextended(r::text, 0) as k from unnest(${uuidArray(resourceIds)}) r order by 1) keys`);
};

/** Rewrites the allocation's occupancy rows: one per blocked resource while live, none otherwise. */
export const writeOccupancies = async (db: DbOrTx, allocation: AllocationRow, resourceIds: readonly string[]) => {
  await db.delete(allocationOccupancies).where(eq(allocationOccupancies.allocationId, allocation.id));
  const status = allocation.status;
  if (!isLiveStatus(status)) return;
  const { startsAt, endsAt } = blockedRange(allocation);
  await db.insert(allocationOccupancies).values(
    resourceIds.map((resourceId) => ({
      allocationId: allocation.id,
      resourceId,
      accountId: allocation.accountId,
      status,
      startsAt,
      endsAt,
      expiresAt: status === "tentative" ? allocation.expiresAt : null,
    })),
  );
};

/**
 * After the hierarchy changes, the live allocations of these spaces block a different set of
 * resources: rewrite their rows. A rewrite that would double-book fails on the exclusion
 * constraint (409) and the transaction takes the change back.
 */
export const rebuildOccupancies = async (ctx: AccountCtx, spaceIds: readonly string[]) => {
  if (spaceIds.length === 0) return;
  const live = await ctx.db
    .select()
    .from(allocations)
    .where(
      and(
        eq(allocations.accountId, ctx.account.id),
        anyOf(allocations.spaceId, [...spaceIds]),
        liveAt(allocations, planningNow()),
      ),
    );
  const resources = new Map<string, string[]>();
  for (const spaceId of new Set(live.map((row) => row.spaceId))) resources.set(spaceId, await blockedResources(ctx.db, ctx.account.id, spaceId));
  await lockResources(ctx.db, [...new Set([...resources.values()].flat())]);
  for (const allocation of live) await writeOccupancies(ctx.db, allocation, resources.get(allocation.spaceId)!);
};
