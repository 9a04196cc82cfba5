import type { AccountCtx } from "@/lib/auth/caller";
import { listAllocations } from "@/lib/planning/allocations/allocations";
import { presentAllocationView } from "@/lib/planning/allocations/present";
import type { AllocationWindow } from "@/lib/planning/allocations/schemas";
import { eventSummaries, type EventSummary } from "@/lib/planning/events/events";
import type { Space } from "@/lib/planning/spaces/present";
import { listSpaces } from "@/lib/planning/spaces/spaces";

/** What the planner's calendar reads: the spaces (its rows), the allocations of the visible window and their events' names. */

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
export type CalendarAllocation = ReturnType<typeof presentAllocationView>;
export type CalendarEvent = EventSummary;
export type CalendarWindow = { spaces: CalendarSpace[]; allocations: CalendarAllocation[]; events: CalendarEvent[] };

const toCalendarSpace = (space: Space): CalendarSpace => ({
  id: space.id,
  name: space.name,
  parent_id: space.parentId,
  position: space.position,
  active: space.active,
  timezone: space.timezone,
  working_hours_enabled: space.workingHoursEnabled,
  schedule: (space.schedule ?? {}) as CalendarSpace["schedule"],
});

export const calendarSpaces = async (ctx: AccountCtx): Promise<CalendarSpace[]> => (await listSpaces(ctx)).map(toCalendarSpace);

/**
 * The spaces, the allocations meeting the window, and the names of their events (only those on
 * screen, in one query). A page that has just read the spaces passes them along.
 */
export const calendarWindow = async (ctx: AccountCtx, window: AllocationWindow, spaces?: CalendarSpace[]): Promise<CalendarWindow> => {
  const [listed, rows] = await Promise.all([spaces ?? calendarSpaces(ctx), listAllocations(ctx, window)]);
  const events = await eventSummaries(
    ctx,
    rows.flatMap((row) => (row.eventId === null ? [] : [row.eventId])),
  );
  return { spaces: listed, allocations: rows.map(presentAllocationView), events };
};

