import type { AllocationStatus } from "@/db/schema";
import { changedKeys, type ChangedAttributes } from "@/lib/events/changes";

/*
 * Which planning events a change sends (pure). As Chatwoot sends `conversation_status_changed`
 * beside `conversation_updated`, an allocation whose status becomes cancelled or expired sends
 * `allocation_cancelled` / `allocation_expired` beside `allocation_updated`. A write that changed
 * nothing but `updated_at` is no change (Rails would not have saved it): it sends nothing.
 */

/** Something besides the `updated_at` every write sets. */
export const changedSomething = (changes: ChangedAttributes) => changedKeys(changes).some((key) => key !== "updated_at");

export type AllocationChangeEvent = "allocation_updated" | "allocation_cancelled" | "allocation_expired";

const statusEvents: Partial<Record<AllocationStatus, AllocationChangeEvent>> = {
  cancelled: "allocation_cancelled",
  expired: "allocation_expired",
};

/** The events an edit of an allocation sends, given its status before and after and what changed. */
export const allocationChangeEvents = (before: AllocationStatus, after: AllocationStatus, changes: ChangedAttributes): AllocationChangeEvent[] => {
  if (!changedSomething(changes)) return [];
  const statusEvent = before === after ? undefined : statusEvents[after];
  return statusEvent ? ["allocation_updated", statusEvent] : ["allocation_updated"];
};
