import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { createAllocation } from "../allocations/create-allocation";
import { createEvent, findEvent } from "./events";
import type { EventView } from "./present";
import type { CreateEventRequest } from "./schemas";

/**
 * `POST planning/events` with `allocations` beside `event`: the event and every allocation in
 * one transaction, or nothing. A failing allocation names its index (`allocations.2.start_at`).
 */
export const createEventWithAllocations = async (ctx: AccountCtx, input: CreateEventRequest): Promise<EventView> => {
  requirePermission(ctx, "planning_manage");
  const { allocations = [], ...eventInput } = input;
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const event = await createEvent(tx, eventInput);
    for (const [index, allocation] of allocations.entries()) {
      await createAllocation(tx, allocation, { eventId: event.id, field: (name) => `allocations.${index}.${name}` });
    }
    return allocations.length > 0 ? findEvent(tx, event.id) : event;
  });
};
