"use server";

import { z } from "zod";
import { deleteAllocation } from "@/lib/planning/allocations/allocations";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { findAvailableSlots } from "@/lib/planning/allocations/find-available-slots";
import { presentAllocation } from "@/lib/planning/allocations/present";
import { ZAllocationWindow, ZCreateAllocation, ZFindSlots, ZUpdateAllocation, ZUuid } from "@/lib/planning/allocations/schemas";
import { updateAllocation } from "@/lib/planning/allocations/update-allocation";
import { listEvents } from "@/lib/planning/events/events";
import { portalAction } from "@/lib/portal/action";
import { calendarWindow } from "@/lib/portal/loaders/calendar";

/*
 * The planner's calendar: what it polls and what it writes. The allocation services apply the
 * API's rules (planning_manage for writes, conflicts, hold limits); a booking in the way comes
 * back as a refusal whose message the server wrote in the space's time zone, with the bookings
 * as `conflicts`. The calendar keeps its own cache, so nothing is revalidated.
 */

/** The spaces (rows of the calendar), the allocations meeting the window, and their events' names. */
export const calendarWindowAction = portalAction({
  name: "calendar window",
  read: true,
  args: [ZAllocationWindow],
  run: (ctx, window) => calendarWindow(ctx, window),
});

/** Events to attach an allocation to: the newest first, narrowed by part of the name. */
export const calendarEventsAction = portalAction({
  name: "calendar events",
  read: true,
  args: [z.string().trim().max(255)],
  run: async (ctx, q) => {
    const page = await listEvents(ctx, { page: 1, q: q === "" ? undefined : q });
    return { events: page.events.map((event) => ({ id: event.id, name: event.name, status: event.status })) };
  },
});

const written = (result: Awaited<ReturnType<typeof createAllocation>>) => ({ allocation: presentAllocation(result.allocation), warnings: result.warnings });

export const createAllocationAction = portalAction({
  name: "create allocation",
  args: [ZCreateAllocation],
  run: async (ctx, input) => written(await createAllocation(ctx, input)),
});

/** Moves, resizes, edits, confirms or cancels; the same rules as creation. */
export const updateAllocationAction = portalAction({
  name: "update allocation",
  args: [ZUuid, ZUpdateAllocation],
  ids: 1,
  run: async (ctx, allocationId, input) => written(await updateAllocation(ctx, allocationId, input)),
});

export const deleteAllocationAction = portalAction({
  name: "delete allocation",
  args: [ZUuid],
  ids: 1,
  run: async (ctx, allocationId) => {
    await deleteAllocation(ctx, allocationId);
    return {};
  },
});

export const findSlotsAction = portalAction({
  name: "find slots",
  args: [ZFindSlots],
  run: async (ctx, input) => ({ slots: (await findAvailableSlots(ctx, input)).slots }),
});
