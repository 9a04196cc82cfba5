import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { planningEvents, type QuoteRow } from "@/db/schema";
import { allocationChangeEvents, changedSomething } from "@/lib/planning/change-events";
import { presentAllocation, type AllocationRow } from "@/lib/planning/allocations/present";
import { presentEvent, type EventView } from "@/lib/planning/events/present";
import { presentQuote } from "@/lib/quotes/present";
import { changedAttributes, type ChangedAttributes } from "./changes";
import { accountData } from "./payloads";
import { recordEvent, type Actor } from "./record";
import { notifyBlockedHolds, notifyQuote } from "@/lib/notifications/triggers";

/*
 * Our planning and quote events, Chatwoot style: the resource as the API answers it, flat at the
 * top level, with `account: {id, name}` (and `event`, added by recordEvent). Each is recorded on
 * the writing transaction and rendered only when a webhook subscribed to it.
 */

/** Every attribute of a presented resource, so `changed_attributes` covers what the API shows (`updated_at` included, as Chatwoot's). */
const diff = <T extends Record<string, unknown>>(before: T, after: T): ChangedAttributes =>
  changedAttributes(before, after, Object.keys(after) as (keyof T & string)[]);

type AllocationEvent = { name: "allocation_created" | "allocation_updated" | "allocation_cancelled" | "allocation_expired"; allocation: AllocationRow; actor: Actor };

/** `allocation_*`: the allocation JSON (+ `changed_attributes` after an edit, `deleted` on allocation_cancelled). */
export const recordAllocationEvent = async (db: DbOrTx, event: AllocationEvent & { changes?: ChangedAttributes; deleted?: boolean }) => {
  await recordEvent(db, {
    accountId: event.allocation.accountId,
    name: event.name,
    subject: { type: "Allocation", id: event.allocation.id },
    actor: event.actor,
    live: { planningEventId: event.allocation.eventId },
    render: async () => ({
      ...presentAllocation(event.allocation),
      ...(event.changes ? { changed_attributes: event.changes } : {}),
      ...(event.name === "allocation_cancelled" ? { deleted: event.deleted ?? false } : {}),
      account: await accountData(db, event.allocation.accountId),
    }),
  });
  // A booking made or confirmed over other events' holds: their planners hear the holds are blocked.
  const confirmedNow = event.allocation.status === "confirmed" && (event.name === "allocation_created" || event.changes?.some((change) => "status" in change));
  if (confirmedNow) await notifyBlockedHolds(db, event.allocation, event.actor);
};

/** An edited allocation: `allocation_updated`, and `allocation_cancelled` / `allocation_expired` when its status became one of those. */
export const recordAllocationChange = async (db: DbOrTx, change: { before: AllocationRow; after: AllocationRow; actor: Actor }) => {
  const changes = diff(presentAllocation(change.before), presentAllocation(change.after));
  for (const name of allocationChangeEvents(change.before.status, change.after.status, changes)) {
    await recordAllocationEvent(db, { name, allocation: change.after, actor: change.actor, changes });
  }
};

/** `event_created`: the planning event JSON. */
export const recordEventCreated = (db: DbOrTx, event: { view: EventView; actor: Actor }) =>
  recordEvent(db, {
    accountId: event.view.accountId,
    name: "event_created",
    subject: { type: "PlanningEvent", id: event.view.id },
    actor: event.actor,
    live: { planningEventId: event.view.id },
    render: async () => ({ ...presentEvent(event.view), account: await accountData(db, event.view.accountId) }),
  });

/** `event_updated`: the planning event JSON + `changed_attributes`; nothing when nothing changed. */
export const recordEventChange = async (db: DbOrTx, change: { before: EventView; after: EventView; actor: Actor }) => {
  const after = presentEvent(change.after);
  const changes = diff(presentEvent(change.before), after);
  if (!changedSomething(changes)) return;
  await recordEvent(db, {
    accountId: change.after.accountId,
    name: "event_updated",
    subject: { type: "PlanningEvent", id: change.after.id },
    actor: change.actor,
    live: { planningEventId: change.after.id },
    render: async () => ({ ...after, changed_attributes: changes, account: await accountData(db, change.after.accountId) }),
  });
};

export type QuoteEventName = "quote_sent" | "quote_viewed" | "quote_accepted" | "quote_rejected" | "quote_withdrawn";

/** `quote_*`: the quote JSON + the event it prices, `planning_event: {id, name, status}` (as the transaction left it). */
export const recordQuoteEvent = async (db: DbOrTx, event: { name: QuoteEventName; quote: QuoteRow; actor: Actor }) => {
  await recordEvent(db, {
    accountId: event.quote.accountId,
    name: event.name,
    subject: { type: "Quote", id: event.quote.id },
    actor: event.actor,
    live: { planningEventId: event.quote.planningEventId },
    render: async () => {
      const [[planningEvent], account] = await Promise.all([
        db
          .select({ id: planningEvents.id, name: planningEvents.name, status: planningEvents.status })
          .from(planningEvents)
          .where(eq(planningEvents.id, event.quote.planningEventId)),
        accountData(db, event.quote.accountId),
      ]);
      return { ...presentQuote(event.quote), planning_event: planningEvent!, account };
    },
  });
  await notifyQuote(db, event.name, event.quote, event.actor);
};

/** The customer on `/q/…`: whoever holds the quote's link, not a signed-in contact, so no id. */
export const customerActor: Actor = { kind: "contact" };

/** Jobs (the hold sweeper). */
export const systemActor: Actor = { kind: "system" };
