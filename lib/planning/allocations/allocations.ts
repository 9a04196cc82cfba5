import { and, eq, sql, type SQL } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { allocations } from "@/db/schema";
import { isoText } from "@/db/time";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { recordAllocationEvent } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { touchEvents } from "./placement";
import type { AllocationRow, AllocationView } from "./present";
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

/**
 * Allocations meeting the window (`start_at < window end` and `end_at > window start`), earliest
 * first. A week of a busy venue is hundreds of rows: they come back as the plain objects the list
 * shows (named as AllocationView names them, times as the API's text), with nothing mapped per value.
 */
export const listAllocations = async (ctx: AccountCtx, window: AllocationWindow): Promise<AllocationView[]> => {
  const filters: SQL[] = [];
  if (window.space_id) filters.push(sql`and a.space_id = ${window.space_id}`);
  if (window.event_id) filters.push(sql`and a.event_id = ${window.event_id}`);
  if (window.status) filters.push(sql`and a.status = ${window.status}`);
  return ctx.db.execute<AllocationView>(sql`
    select a.id, a.space_id as "spaceId", a.resource_id as "resourceId", a.event_id as "eventId",
      ${isoText(sql`a.start_at`)} as "startAt", ${isoText(sql`a.end_at`)} as "endAt",
      a.buffer_before_min as "bufferBeforeMin", a.buffer_after_min as "bufferAfterMin",
      a.title, a.description, a.category, a.status, a.stage, a.sequence, a.metadata,
      ${isoText(sql`a.expires_at`)} as "expiresAt", ${isoText(sql`a.created_at`)} as "createdAt", ${isoText(sql`a.updated_at`)} as "updatedAt"
    from ${allocations} a
    where a.account_id = ${ctx.account.id}
      and tstzrange(a.start_at, a.end_at) && tstzrange(${window.start_at.toISOString()}::timestamptz, ${window.end_at.toISOString()}::timestamptz)
      ${sql.join(filters, sql` `)}
    order by a.start_at, a.id`);
};

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
