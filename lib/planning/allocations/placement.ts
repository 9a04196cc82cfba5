import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { allocationOccupancies, allocations, planningEvents, spaces } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { formatWindow, zoneLabel } from "@/lib/format/dates";
import { ApiError, fieldError } from "@/lib/http/errors";
import { blockedRange, blockedResources, lockResources, uuidArray } from "./occupancies";
import type { AllocationWarning } from "./present";
import { toSlotSpace } from "./slot-spaces";
import { withinAvailability, withinWorkingHours } from "../availability";
import { liveHoldAt, lockHierarchyShared } from "../rules-sql";

export type SpaceRow = typeof spaces.$inferSelect;
/** Names a field in errors; event creation prefixes `allocations[i].`. */
export type FieldName = (name: string) => string;
export const plainField: FieldName = (name) => name;

type Window = { startAt: Date; endAt: Date; bufferBeforeMin: number; bufferAfterMin: number };
export type Conflict = {
  id: string;
  spaceId: string;
  spaceName: string;
  /** The zone of the space booked: the conflict's times are told in it. */
  timezone: string;
  title: string | null;
  startAt: Date;
  endAt: Date;
  status: "confirmed";
};

const rangeOverlaps = (window: Window) => {
  const { startsAt, endsAt } = blockedRange(window);
  return sql`tstzrange(${allocationOccupancies.startsAt}, ${allocationOccupancies.endsAt}) && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`;
};

const notSelf = (selfId: string | null) => (selfId ? sql`${allocationOccupancies.allocationId} <> ${selfId}` : undefined);

/** Confirmed allocations whose blocked range meets the window's on any of these resources. */
export const confirmedConflicts = async (db: DbOrTx, resourceIds: string[], window: Window, selfId: string | null): Promise<Conflict[]> => {
  const rows = await db
    .selectDistinct({
      id: allocations.id,
      spaceId: allocations.spaceId,
      spaceName: spaces.name,
      timezone: spaces.timezone,
      title: allocations.title,
      startAt: allocations.startAt,
      endAt: allocations.endAt,
    })
    .from(allocationOccupancies)
    .innerJoin(allocations, eq(allocations.id, allocationOccupancies.allocationId))
    .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
    .where(
      and(
        sql`${allocationOccupancies.resourceId} = any(${uuidArray(resourceIds)})`,
        eq(allocationOccupancies.status, "confirmed"),
        rangeOverlaps(window),
        notSelf(selfId),
      ),
    )
    .orderBy(allocations.startAt);
  return rows.map((row) => ({ ...row, status: "confirmed" as const }));
};

/** Holds that still count (not lapsed at `now`) overlapping the window on these resources. */
export const liveHolds = (db: DbOrTx, resourceIds: string[], window: Window, selfId: string | null, now: Date) =>
  db
    .selectDistinct({ id: allocations.id, sequence: allocations.sequence })
    .from(allocationOccupancies)
    .innerJoin(allocations, eq(allocations.id, allocationOccupancies.allocationId))
    .where(
      and(
        sql`${allocationOccupancies.resourceId} = any(${uuidArray(resourceIds)})`,
        liveHoldAt(allocationOccupancies, now),
        rangeOverlaps(window),
        notSelf(selfId),
      ),
    );

/** A conflict as the API's 409 lists it (`conflicts[]`), for clients to act on. */
export const conflictData = (conflict: Conflict) => ({
  allocation_id: conflict.id,
  space_id: conflict.spaceId,
  start_at: conflict.startAt.toISOString(),
  end_at: conflict.endAt.toISOString(),
  status: conflict.status,
});

/** "Hall A is already booked Tue, 10 Mar 2026, 10:00–12:00 (Europe/Amsterdam) for Wedding": the space's own clock. */
export const conflictMessage = (conflict: Conflict) =>
  `${conflict.spaceName} is already booked ${formatWindow(conflict.startAt, conflict.endAt, conflict.timezone)} (${zoneLabel(conflict.timezone)})${
    conflict.title ? ` for ${conflict.title}` : ""
  }`;

/**
 * 409 naming the bookings in the way: the first in words a planner (or a customer) understands,
 * written once here in the space's time zone for the API and the portal alike, and all of them
 * as data (`conflicts`).
 */
export const conflictError = (conflicts: [Conflict, ...Conflict[]], field: FieldName) =>
  new ApiError("conflict", conflictMessage(conflicts[0]), {
    errors: [{ field: field("start_at"), message: `overlaps confirmed allocation ${conflicts[0].id}`, code: "conflict" }],
    details: { conflicts: conflicts.map(conflictData) },
  });

export const holdLimitError = (space: SpaceRow, field: FieldName) =>
  new ApiError("conflict", `${space.name} already has ${space.maxTentativeAllocations} holds for this time, its limit`, {
    errors: [{ field: field("start_at"), message: "would exceed the space's max_tentative_allocations", code: "conflict" }],
  });

/** Planner-facing notes that never block: outside hours or bookable dates, jumping the queue. */
export const placementWarnings = (space: SpaceRow, window: Window): AllocationWarning[] => {
  const warnings: AllocationWarning[] = [];
  const slotSpace = toSlotSpace(space);
  if (!withinWorkingHours(slotSpace, window.startAt, window.endAt)) {
    warnings.push({ code: "outside_working_hours", message: `${space.name} is not open for the whole of this time` });
  }
  if (!withinAvailability(slotSpace, window.startAt, window.endAt)) {
    warnings.push({ code: "outside_availability", message: `${space.name} is not bookable on these dates` });
  }
  return warnings;
};

export const jumpingTheQueue = (space: SpaceRow): AllocationWarning => ({
  code: "jumping_the_queue",
  message: `An earlier hold on ${space.name} overlaps this time; confirming this one passes it over`,
});

type Settle = { space: SpaceRow; window: Window; status: "tentative" | "confirmed"; sequence: number | null; selfId: string | null; now: Date; field: FieldName };

/**
 * The rules every live allocation write passes, under the per-resource lock: no confirmed
 * allocation in the way (holds included: there is nothing to hold on booked time), at most
 * `max_tentative_allocations` live holds at once, and a warning when a confirmation passes an
 * earlier hold. Returns the blocked resources, the hold rank and the warnings.
 */
export const settlePlacement = async (db: DbOrTx, accountId: number, input: Settle) => {
  // Shared with other bookings, exclusive with moving spaces: the hierarchy read below stays true
  // until this transaction ends.
  await lockHierarchyShared(db, accountId);
  const resources = await blockedResources(db, accountId, input.space.id);
  await lockResources(db, resources);
  const [conflict, ...more] = await confirmedConflicts(db, resources, input.window, input.selfId);
  if (conflict) throw conflictError([conflict, ...more], input.field);
  const holds = await liveHolds(db, resources, input.window, input.selfId, input.now);
  const warnings = placementWarnings(input.space, input.window);
  let sequence = input.sequence;
  if (input.status === "tentative") {
    const limit = input.space.maxTentativeAllocations;
    if (limit !== null && holds.length >= limit) throw holdLimitError(input.space, input.field);
    sequence ??= holds.length + 1;
  } else if (holds.some((hold) => hold.sequence !== null && (sequence === null || hold.sequence < sequence))) {
    warnings.push(jumpingTheQueue(input.space));
  }
  return { resources, sequence, warnings };
};

/** The space an allocation names by `space_id` or `resource_id` (both must agree). */
export const resolveTarget = async (ctx: AccountCtx, input: { space_id?: string; resource_id?: string }, field: FieldName): Promise<SpaceRow> => {
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(
      and(
        eq(spaces.accountId, ctx.account.id),
        input.space_id !== undefined ? eq(spaces.id, input.space_id) : undefined,
        input.resource_id !== undefined ? eq(spaces.resourceId, input.resource_id) : undefined,
      ),
    );
  if (space) return space;
  if (input.space_id !== undefined && input.resource_id !== undefined) throw fieldError(field("resource_id"), "does not belong to space_id");
  throw fieldError(field(input.space_id !== undefined ? "space_id" : "resource_id"), "does not exist");
};

export const ensureEvent = async (ctx: AccountCtx, eventId: string, field: FieldName) => {
  const [event] = await ctx.db
    .select({ id: planningEvents.id })
    .from(planningEvents)
    .where(and(eq(planningEvents.accountId, ctx.account.id), eq(planningEvents.id, eventId)));
  if (!event) throw fieldError(field("event_id"), "does not exist");
};

/** An event's `allocation_ids` and span change with its allocations: its `updated_at` follows. */
export const touchEvents = async (db: DbOrTx, eventIds: (string | null)[]) => {
  const ids = [...new Set(eventIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  await db.execute(sql`update planning_events set updated_at = now() where id = any(${uuidArray(ids)})`);
};
