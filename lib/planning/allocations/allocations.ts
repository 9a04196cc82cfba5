import { and, asc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { allocations } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { recordAllocationEvent } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { touchEvents } from "./placement";
import type { AllocationRow } from "./present";
import type { AllocationWindow } from "./schemas";

/** One of the account's allocations; `forUpdate` holds its row until the transaction ends. */
export const findAllocation = async (ctx: AccountCtx, id: string, options: { forUpdate?: boolean } = {}): Promise<AllocationRow> => {
  if (!isUuid(id)) throw notFound("Allocation");
  const query = ctx.db
    .select()
    .from(allocations)
    .where(and(eq(allocations.accountId, ctx.account.id), eq(allocations.id, id)));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  if (!row) throw notFound("Allocation");
  return row;
};

/** Several of the account's allocations at once, in the order of `ids` (unknown ids left out). */
export const findAllocations = async (ctx: AccountCtx, ids: readonly string[]): Promise<AllocationRow[]> => {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(allocations)
    .where(and(eq(allocations.accountId, ctx.account.id), anyOf(allocations.id, wanted)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** Allocations meeting the window (`start_at < window end` and `end_at > window start`), earliest first. */
export const listAllocations = (ctx: AccountCtx, window: AllocationWindow): Promise<AllocationRow[]> =>
  ctx.db
    .select()
    .from(allocations)
    .where(
      and(
        eq(allocations.accountId, ctx.account.id),
        sql`tstzrange(${allocations.startAt}, ${allocations.endAt}) && tstzrange(${window.start_at.toISOString()}::timestamptz, ${window.end_at.toISOString()}::timestamptz)`,
        window.space_id ? eq(allocations.spaceId, window.space_id) : undefined,
        window.event_id ? eq(allocations.eventId, window.event_id) : undefined,
        window.status ? eq(allocations.status, window.status) : undefined,
      ),
    )
    .orderBy(asc(allocations.startAt), asc(allocations.id));

/** Deleting frees the time at once (occupancies go with the row); the event's ids follow. Announced as `allocation_cancelled` with `deleted: true`. */
export const deleteAllocation = async (ctx: AccountCtx, id: string) => {
  requirePermission(ctx, "planning_manage");
  await ctx.db.transaction(async (db) => {
    const allocation = await findAllocation({ ...ctx, db }, id, { forUpdate: true });
    await db.delete(allocations).where(eq(allocations.id, allocation.id));
    await touchEvents(db, [allocation.eventId]);
    await recordAllocationEvent(db, { name: "allocation_cancelled", allocation, actor: actorOf(ctx.caller), deleted: true });
  });
};
