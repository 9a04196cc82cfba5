import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { allocations, planningResources, spaces } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { lockResources, rebuildOccupancies } from "@/lib/planning/allocations/occupancies";
import { planningNow } from "@/lib/planning/clock";
import { liveAt, lockHierarchy } from "@/lib/planning/rules-sql";
import { requireOwnGallery } from "@/lib/knowledge-base/galleries";
import { requireOwnCategory } from "@/lib/knowledge-base/lookup";
import type { Space } from "./present";
import type { CreateSpaceInput, UpdateSpaceInput } from "./schemas";

/** A venue has tens of spaces; the cap only keeps a runaway account from answering megabytes. */
export const maxListedSpaces = 1000;

const inAccount = (ctx: AccountCtx) => eq(spaces.accountId, ctx.account.id);

/** Every member may read the spaces (they plan with them). */
export const listSpaces = (ctx: AccountCtx): Promise<Space[]> =>
  ctx.db.select().from(spaces).where(inAccount(ctx)).orderBy(asc(spaces.position), asc(spaces.name), asc(spaces.id)).limit(maxListedSpaces);

export const findSpace = async (ctx: AccountCtx, id: string): Promise<Space> => {
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(inAccount(ctx), eq(spaces.id, id)));
  if (!space) throw notFound("Space");
  return space;
};

const ensureSpaceOfAccount = async (ctx: AccountCtx, field: "parent_id" | "venue_id", id: string) => {
  const [found] = await ctx.db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(inAccount(ctx), eq(spaces.id, id)));
  if (!found) throw fieldError(field, "is not a space of this account");
};

/** A space's articles and photos are the account's own category and gallery. */
const ensureKnowledgeOfAccount = async (ctx: AccountCtx, input: UpdateSpaceInput) => {
  if (input.knowledgebase_id) await requireOwnCategory(ctx, input.knowledgebase_id, "knowledgebase_id");
  if (input.gallery_knowledgebase_id) await requireOwnGallery(ctx, input.gallery_knowledgebase_id, "gallery_knowledgebase_id");
};

/** The space and every space that contains it. `union` ends the walk even on a loop. */
const selfAndAncestors = async (db: DbOrTx, accountId: number, spaceId: string): Promise<string[]> => {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from spaces where id = ${spaceId} and account_id = ${accountId}
      union
      select s.id, s.parent_id from spaces s join up on s.id = up.parent_id where s.account_id = ${accountId}
    )
    select id from up`);
  return rows.map((row) => row.id);
};

/** Every space inside the space, however deep (not the space itself). */
const descendantsOf = async (db: DbOrTx, accountId: number, spaceId: string): Promise<string[]> => {
  const rows = await db.execute<{ id: string }>(sql`
    with recursive inside(id) as (
      select id from spaces where parent_id = ${spaceId} and account_id = ${accountId}
      union
      select s.id from spaces s join inside on s.parent_id = inside.id where s.account_id = ${accountId}
    )
    select id from inside`);
  return rows.map((row) => row.id);
};

/** A space may not sit inside itself, directly or through its own descendants. */
const ensureNoCycle = async (ctx: AccountCtx, spaceId: string, parentId: string) => {
  if (parentId === spaceId) throw fieldError("parent_id", "can't be the space itself");
  const chain = await selfAndAncestors(ctx.db, ctx.account.id, parentId);
  if (chain.includes(spaceId)) throw fieldError("parent_id", "is inside this space; a space can't contain its own container");
};

const ensureDatesInOrder = (from: string | null, until: string | null) => {
  if (from && until && until < from) throw fieldError("available_until", "must not be before available_from");
};

/** Input fields as columns; undefined leaves a column as it is (PATCH is partial). */
const columns = (input: UpdateSpaceInput) => ({
  name: input.name,
  description: input.description,
  parentId: input.parent_id,
  venueId: input.venue_id,
  knowledgebaseId: input.knowledgebase_id,
  galleryKnowledgebaseId: input.gallery_knowledgebase_id,
  position: input.position,
  active: input.active,
  availableFrom: input.available_from,
  availableUntil: input.available_until,
  squareMeters: input.square_meters,
  theater: input.theater,
  classroom: input.classroom,
  standing: input.standing,
  banquet: input.banquet,
  boardroom: input.boardroom,
  uShape: input.u_shape,
  concert: input.concert,
  cocktail: input.cocktail,
  maxCapacitySeated: input.max_capacity_seated,
  maxCapacityStanding: input.max_capacity_standing,
  workingHoursEnabled: input.working_hours_enabled,
  timezone: input.timezone,
  outOfOfficeMessage: input.out_of_office_message,
  maxTentativeAllocations: input.max_tentative_allocations,
  tentativeExpiryMinutes: input.tentative_expiry_minutes,
  customAttributes: input.custom_attributes,
  schedule: input.schedule,
});

/** The space and its planning resource are written together: a space always has one. */
export const createSpace = async (ctx: AccountCtx, input: CreateSpaceInput): Promise<Space> => {
  requirePermission(ctx, "planning_manage");
  ensureDatesInOrder(input.available_from ?? null, input.available_until ?? null);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    if (input.parent_id || input.venue_id) await lockHierarchy(db, ctx.account.id);
    if (input.parent_id) await ensureSpaceOfAccount(tx, "parent_id", input.parent_id);
    if (input.venue_id) await ensureSpaceOfAccount(tx, "venue_id", input.venue_id);
    await ensureKnowledgeOfAccount(tx, input);
    const [resource] = await db
      .insert(planningResources)
      .values({ accountId: ctx.account.id, kind: "space" })
      .returning({ id: planningResources.id });
    const [space] = await db
      .insert(spaces)
      .values({ ...columns(input), name: input.name, accountId: ctx.account.id, resourceId: resource!.id })
      .returning();
    // The containers' live bookings now block the new space too.
    if (input.parent_id) await rebuildOccupancies(tx, await selfAndAncestors(db, ctx.account.id, input.parent_id));
    return space!;
  });
};

/**
 * Moving a space changes which resources the bookings around it block: the containers it
 * leaves and joins gain or lose it among their insides. Their live allocations' occupancy
 * rows are rewritten in the same transaction (a move that would double-book fails with 409).
 */
export const updateSpace = async (ctx: AccountCtx, id: string, input: UpdateSpaceInput): Promise<Space> => {
  requirePermission(ctx, "planning_manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const moves = input.parent_id !== undefined || input.venue_id !== undefined;
    if (moves) await lockHierarchy(db, ctx.account.id);
    const current = await findSpace(tx, id);
    ensureDatesInOrder(
      input.available_from !== undefined ? input.available_from : current.availableFrom,
      input.available_until !== undefined ? input.available_until : current.availableUntil,
    );
    if (input.venue_id === id) throw fieldError("venue_id", "can't be the space itself");
    if (input.venue_id) await ensureSpaceOfAccount(tx, "venue_id", input.venue_id);
    await ensureKnowledgeOfAccount(tx, input);
    const newParent = input.parent_id !== undefined && input.parent_id !== current.parentId ? input.parent_id : undefined;
    if (newParent) {
      await ensureSpaceOfAccount(tx, "parent_id", newParent);
      await ensureNoCycle(tx, id, newParent);
    }
    const oldContainers = newParent !== undefined ? await selfAndAncestors(db, ctx.account.id, id) : [];
    const [space] = await db
      .update(spaces)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(inAccount(ctx), eq(spaces.id, id)))
      .returning();
    if (newParent !== undefined) {
      const newContainers = newParent ? await selfAndAncestors(db, ctx.account.id, newParent) : [];
      const inside = await descendantsOf(db, ctx.account.id, id);
      await rebuildOccupancies(tx, [...new Set([...oldContainers, ...newContainers, ...inside])]);
    }
    return space!;
  });
};

/** Holds and bookings that still block the space: tentative ones only until they lapse. */
const liveAllocationCount = async (ctx: AccountCtx, spaceId: string) => {
  const now = planningNow();
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(allocations)
    .where(
      and(
        eq(allocations.accountId, ctx.account.id),
        eq(allocations.spaceId, spaceId),
        sql`${allocations.endAt} > ${now.toISOString()}::timestamptz`,
        liveAt(allocations, now),
      ),
    );
  return row?.count ?? 0;
};

/**
 * Refused while other spaces sit inside it (or name it as their venue) or while it has live
 * allocations. Otherwise its past and cancelled allocations go with it, then the space, then
 * its planning resource (and with it the rows its containers' bookings held on it), in one
 * transaction.
 */
export const deleteSpace = async (ctx: AccountCtx, id: string) => {
  requirePermission(ctx, "planning_manage");
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockHierarchy(db, ctx.account.id);
    const space = await findSpace(tx, id);
    const children = await db
      .select({ name: spaces.name })
      .from(spaces)
      .where(and(inAccount(ctx), ne(spaces.id, id), or(eq(spaces.parentId, id), eq(spaces.venueId, id))))
      .orderBy(asc(spaces.position), asc(spaces.name));
    if (children.length > 0) {
      throw new ApiError("conflict", `${space.name} contains other spaces: ${children.map((child) => child.name).join(", ")}`);
    }
    // Allocation writers queue on the resource: none can book the space between count and delete.
    await lockResources(db, [space.resourceId]);
    const live = await liveAllocationCount(tx, id);
    if (live > 0) {
      throw new ApiError("conflict", `${space.name} has ${live} live allocation${live === 1 ? "" : "s"} (tentative or confirmed, not yet over)`);
    }
    await db.delete(allocations).where(and(eq(allocations.accountId, ctx.account.id), eq(allocations.spaceId, id)));
    await db.delete(spaces).where(and(inAccount(ctx), eq(spaces.id, id)));
    await db.delete(planningResources).where(and(eq(planningResources.accountId, ctx.account.id), eq(planningResources.id, space.resourceId)));
  });
};

