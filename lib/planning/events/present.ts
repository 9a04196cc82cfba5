import type { planningEvents } from "@/db/schema";

export type PlanningEvent = typeof planningEvents.$inferSelect;
/** An event with what its allocations say about it, and the display id of the conversation it was started from. */
export type EventView = PlanningEvent & { allocationIds: string[]; startAt: Date | null; endAt: Date | null; conversationDisplayId: number | null };
export type EventPage = { events: EventView[]; count: number; page: number };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentEvent = (event: EventView) => ({
  id: event.id,
  name: event.name,
  description: event.description,
  status: event.status,
  contact_id: event.contactId,
  company_id: event.companyId,
  conversation_id: event.conversationDisplayId,
  attendees_count: event.attendeesCount,
  currency: event.currency,
  pricing_plan_id: event.pricingPlanId,
  notes: event.notes,
  custom_attributes: event.customAttributes,
  allocation_ids: event.allocationIds,
  start_at: iso(event.startAt),
  end_at: iso(event.endAt),
  created_at: event.createdAt.toISOString(),
  updated_at: event.updatedAt.toISOString(),
});

export const presentEventPage = (page: EventPage) => ({
  events: page.events.map(presentEvent),
  meta: { count: page.count, current_page: page.page },
});
