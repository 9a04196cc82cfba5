import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { recordEventCreated } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { ApiError, fieldError } from "@/lib/http/errors";
import { findAllocation } from "../allocations/allocations";
import { createAllocation } from "../allocations/create-allocation";
import { updateAllocation } from "../allocations/update-allocation";
import { findEvent, insertEvent } from "./events";
import type { EventView } from "./present";
import type { CreateEventRequest } from "./schemas";

/**
 * Attaches an existing allocation to the new event as `PATCH allocations/{id}` with `event_id`
 * does, after two checks of its own that PATCH does not need: a body's reference is named by its
 * field (422, not the 404 of a URL), and an allocation of another event is left there: moving it
 * is a PATCH a caller asks for by name, never a side effect of creating an event.
 */
const attachAllocation = async (tx: AccountCtx, eventId: string, id: string, field: string) => {
  // Locked until the transaction ends, so no one attaches it elsewhere in between.
  const current = await findAllocation(tx, id, { forUpdate: true }).catch((error: unknown) => {
    throw error instanceof ApiError && error.code === "not_found" ? fieldError(field, "is not an allocation of this account") : error;
  });
  if (current.eventId !== null && current.eventId !== eventId) throw fieldError(field, `belongs to another event (${current.eventId})`, "taken");
  await updateAllocation(tx, id, { event_id: eventId });
};

/**
 * `POST planning/events` with `allocations` and `allocation_ids` beside `event`: the event, every
 * new allocation and the existing ones attached to it in one transaction, or nothing. A failing
 * allocation names its index (`allocations.2.start_at`, `allocation_ids.0`).
 */
export const createEventWithAllocations = async (ctx: AccountCtx, input: CreateEventRequest): Promise<EventView> => {
  requirePermission(ctx, "planning_manage");
  const { allocations = [], allocation_ids: attached = [], ...eventInput } = input;
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const inserted = await insertEvent(tx, eventInput);
    for (const [index, id] of attached.entries()) await attachAllocation(tx, inserted.id, id, `allocation_ids.${index}`);
    for (const [index, allocation] of allocations.entries()) {
      await createAllocation(tx, allocation, { eventId: inserted.id, field: (name) => `allocations.${index}.${name}` });
    }
    const event = allocations.length > 0 || attached.length > 0 ? await findEvent(tx, inserted.id) : inserted;
    // Recorded last, so the payload lists the allocations (each sent its own allocation_created / allocation_updated).
    await recordEventCreated(db, { view: event, actor: actorOf(ctx.caller) });
    return event;
  });
};
