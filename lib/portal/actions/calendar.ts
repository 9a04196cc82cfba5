"use server";

import { and, eq, inArray } from "drizzle-orm";
import { planningEvents } from "@/db/schema";
import { portalContext } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { parseInput } from "@/lib/http/validation";
import { deleteAllocation, listAllocations } from "@/lib/planning/allocations/allocations";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { findAvailableSlots } from "@/lib/planning/allocations/find-available-slots";
import { presentAllocation, type AllocationWarning } from "@/lib/planning/allocations/present";
import { ZAllocationWindow, ZCreateAllocation, ZFindSlots, ZUpdateAllocation, ZUuid } from "@/lib/planning/allocations/schemas";
import { updateAllocation } from "@/lib/planning/allocations/update-allocation";
import { listEvents } from "@/lib/planning/events/events";
import { ZEventListQuery } from "@/lib/planning/events/schemas";
import { listSpaces } from "@/lib/planning/spaces/spaces";
import { failure } from "@/lib/portal/form-input";

/*
 * The planner's calendar: what it reads (the spaces, the allocations of the visible window and
 * the names of their events) and what it writes. Every action builds the signed-in user's
 * account context, so the allocation services apply the API's rules (planning_manage for
 * writes, conflicts, hold limits); a refusal comes back as a message, never a thrown error.
 */

export type CalendarSpace = {
  id: string;
  name: string;
  parent_id: string | null;
  position: number;
  active: boolean;
  timezone: string;
  working_hours_enabled: boolean;
  schedule: Record<string, { open: string; close: string }>;
};
export type CalendarAllocation = ReturnType<typeof presentAllocation>;
export type CalendarEvent = { id: string; name: string; status: string };
export type CalendarWindow = { spaces: CalendarSpace[]; allocations: CalendarAllocation[]; events: CalendarEvent[] };

/** A write's answer: the allocation with the planner's warnings, or why not (409s keep the server's words). */
export type AllocationResult =
  | { ok: true; allocation: CalendarAllocation; warnings: AllocationWarning[] }
  | { ok: false; conflict: boolean; message: string; errors: Record<string, string> };
export type SlotResult =
  | { ok: true; slots: { space_id: string; start_at: string; end_at: string; tentative_overlaps: number }[] }
  | { ok: false; message: string; errors: Record<string, string> };
export type DeleteResult = { ok: true } | { ok: false; message: string };

const allocationFields = ["title", "description", "space_id", "start_at", "end_at", "buffer_before_min", "buffer_after_min", "status", "event_id"];
const slotFields = [
  "duration_minutes",
  "start_date",
  "end_date",
  "start_time",
  "end_time",
  "space_ids",
  "attendees_count",
  "interval_minutes",
  "buffer_before_min",
  "buffer_after_min",
];

/** A conflict is about the whole window, not one field: its description is the message. */
const refusal = (error: unknown, fields: string[]) => {
  if (error instanceof ApiError && error.code === "conflict") return { ok: false as const, conflict: true, message: error.message, errors: {} };
  const state = failure(error, fields);
  return { ok: false as const, conflict: false, message: state.message ?? "Something went wrong. Please try again.", errors: state.errors };
};

const toCalendarSpace = (space: Awaited<ReturnType<typeof listSpaces>>[number]): CalendarSpace => ({
  id: space.id,
  name: space.name,
  parent_id: space.parentId,
  position: space.position,
  active: space.active,
  timezone: space.timezone,
  working_hours_enabled: space.workingHoursEnabled,
  schedule: (space.schedule ?? {}) as CalendarSpace["schedule"],
});

/** The spaces (rows of the calendar), the allocations meeting the window, and their events' names. */
export const calendarWindowAction = async (accountId: number, window: { start_at: string; end_at: string }): Promise<CalendarWindow> => {
  const ctx = await portalContext(accountId);
  const query = parseInput(ZAllocationWindow, window);
  const [spaces, rows] = await Promise.all([listSpaces(ctx), listAllocations(ctx, query)]);
  const eventIds = [...new Set(rows.map((row) => row.eventId).filter((id): id is string => id !== null))];
  // Only the names the blocks show, for the events on screen: one query rather than an event page each.
  const events =
    eventIds.length === 0
      ? []
      : await ctx.db
          .select({ id: planningEvents.id, name: planningEvents.name, status: planningEvents.status })
          .from(planningEvents)
          .where(and(eq(planningEvents.accountId, ctx.account.id), inArray(planningEvents.id, eventIds)));
  return { spaces: spaces.map(toCalendarSpace), allocations: rows.map(presentAllocation), events };
};

/** Events to attach an allocation to: the newest first, narrowed by part of the name. */
export const calendarEventsAction = async (accountId: number, q: string): Promise<CalendarEvent[]> => {
  const ctx = await portalContext(accountId);
  const page = await listEvents(ctx, parseInput(ZEventListQuery, { page: 1, q: q.trim() === "" ? undefined : q }));
  return page.events.map((event) => ({ id: event.id, name: event.name, status: event.status }));
};

export const createAllocationAction = async (accountId: number, input: Record<string, unknown>): Promise<AllocationResult> => {
  try {
    const result = await createAllocation(await portalContext(accountId), parseInput(ZCreateAllocation, input));
    return { ok: true, allocation: presentAllocation(result.allocation), warnings: result.warnings };
  } catch (error) {
    return refusal(error, allocationFields);
  }
};

/** Moves, resizes, edits, confirms or cancels; the same rules as creation. */
export const updateAllocationAction = async (accountId: number, allocationId: string, input: Record<string, unknown>): Promise<AllocationResult> => {
  try {
    const ctx = await portalContext(accountId);
    const result = await updateAllocation(ctx, parseInput(ZUuid, allocationId), parseInput(ZUpdateAllocation, input));
    return { ok: true, allocation: presentAllocation(result.allocation), warnings: result.warnings };
  } catch (error) {
    return refusal(error, allocationFields);
  }
};

export const deleteAllocationAction = async (accountId: number, allocationId: string): Promise<DeleteResult> => {
  try {
    await deleteAllocation(await portalContext(accountId), parseInput(ZUuid, allocationId));
    return { ok: true };
  } catch (error) {
    return { ok: false, message: refusal(error, []).message };
  }
};

export const findSlotsAction = async (accountId: number, input: Record<string, unknown>): Promise<SlotResult> => {
  try {
    const result = await findAvailableSlots(await portalContext(accountId), parseInput(ZFindSlots, input));
    return { ok: true, slots: result.slots };
  } catch (error) {
    const { message, errors } = refusal(error, slotFields);
    return { ok: false, message, errors };
  }
};
