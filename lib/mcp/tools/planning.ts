import { z } from "zod";
import { listAllocations } from "@/lib/planning/allocations/allocations";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { findAvailableSlots } from "@/lib/planning/allocations/find-available-slots";
import {
  createAllocationOp,
  findAvailableSlotsOp,
  listAllocationsOp,
  updateAllocationOp,
  validateAllocationOp,
} from "@/lib/planning/allocations/operations";
import { presentAllocationList, presentAllocationWrite } from "@/lib/planning/allocations/present";
import { updateAllocation } from "@/lib/planning/allocations/update-allocation";
import { validateAllocation } from "@/lib/planning/allocations/validate-allocation";
import { createEventWithAllocations } from "@/lib/planning/events/create-event-with-allocations";
import { findEvent, listEvents } from "@/lib/planning/events/events";
import { createEventOp, listEventsOp, showEventOp } from "@/lib/planning/events/operations";
import { presentEvent, presentEventPage } from "@/lib/planning/events/present";
import { eventsPerPage } from "@/lib/planning/events/schemas";
import { listSpacesOp, showSpaceOp } from "@/lib/planning/spaces/operations";
import { presentSpace } from "@/lib/planning/spaces/present";
import { findSpace, listSpaces } from "@/lib/planning/spaces/spaces";
import { showQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { listQuotes } from "@/lib/quotes/quotes";
import { adds, decodeCursor, defineTool, encodeCursor, reads, removes, sets, ZCursor } from "../tool";
import { outputOf, toolInput, ZNextCursor } from "./input";

/*
 * Planning: spaces, availability, allocations (holds and bookings) and events. Reading is open to
 * every member; the allocation and event services ask writers for planning_manage.
 */

const instant = "ISO 8601 with a time zone offset, e.g. 2026-06-13T18:00:00+02:00 (the space's local time and its offset) or 2026-06-13T16:00:00Z";
const allocationId = updateAllocationOp.params.shape.allocation_id.describe("The allocation's id (UUID), from place_hold, list_allocations or get_event's allocation_ids");
const eventId = showEventOp.params.shape.event_id.describe("The planning event's id (UUID), from list_events, create_event or get_contact's story");

const slots = findAvailableSlotsOp.body.shape;
const validation = validateAllocationOp.body.shape;
const window = listAllocationsOp.query.shape;
const allocation = createAllocationOp.body.shape;
const event = createEventOp.body.shape;

/** What a hold takes: the allocation's fields but its status, which place_hold fixes. */
const holdFields = {
  space_id: allocation.space_id.describe("The space to hold (`id` from list_spaces or `space_id` from find_available_slots)"),
  resource_id: allocation.resource_id.describe("Instead of space_id: the space's resource_id"),
  event_id: allocation.event_id.describe(
    "The planning event the hold is for (from create_event or list_events); leave it out when there is no event yet, and pass the hold's id to create_event's allocation_ids",
  ),
  start_at: allocation.start_at.describe(`Start, ${instant}`),
  end_at: allocation.end_at.describe(`End (after start_at), ${instant}`),
  buffer_before_min: allocation.buffer_before_min.describe("Minutes blocked before start_at (set-up); default 0"),
  buffer_after_min: allocation.buffer_after_min.describe("Minutes blocked after end_at (tear-down); default 0"),
  title: allocation.title,
  description: allocation.description,
  category: allocation.category,
  stage: allocation.stage.describe("e.g. setup, event, teardown"),
  metadata: allocation.metadata,
};

/** The event's quotes as the quotes list route answers them (each open, as outputOf explains). */
const ZEventWithQuotes = z.object({ event: showEventOp.response, quotes: z.object({ payload: z.array(outputOf(showQuoteOp.response)) }) });

export const planningTools = [
  defineTool({
    name: "list_spaces",
    title: "List spaces",
    description:
      "Lists the venue's spaces (rooms, halls; parent_id/venue_id give the hierarchy: booking a hall blocks the spaces inside it and the one containing it) ordered by position, " +
      "with capacities per layout (theater, banquet, standing, max_capacity_seated …), IANA timezone, working hours (schedule, in that time zone) and whether active. " +
      "Returns {spaces, meta: {count}}; a space's `id` is what find_available_slots' space_ids, place_hold and validate_allocation take.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: outputOf(listSpacesOp.response),
    run: async (ctx) => {
      const spaces = (await listSpaces(ctx)).map(presentSpace);
      return { spaces, meta: { count: spaces.length } };
    },
  }),

  defineTool({
    name: "get_space",
    title: "Get a space",
    description:
      "Returns one space: capacities per layout, square meters, IANA timezone, schedule (weekday -> open/close HH:MM in that time zone, when working_hours_enabled), " +
      "its parent and venue, and whether it is active.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({ space_id: showSpaceOp.params.shape.space_id.describe("The space's id (UUID), from list_spaces") }),
    output: outputOf(showSpaceOp.response),
    run: async (ctx, { space_id }) => presentSpace(await findSpace(ctx, space_id)),
  }),

  defineTool({
    name: "find_available_slots",
    title: "Find available slots",
    description:
      "Finds start times when spaces are free for `duration_minutes`: candidate starts step by interval_minutes from start_time to end_time on each date from start_date " +
      "to end_date (at most 92 days), all in each space's own time zone; they must lie inside the space's working hours and bookable dates, fit attendees_count, and " +
      "(with the buffers) overlap no confirmed booking, parent and child spaces included. Returns {slots: [{space_id, start_at, end_at, tentative_overlaps}]} earliest " +
      "first, times in ISO 8601 UTC; tentative_overlaps counts other parties' holds on that time (still bookable, but not first in line). For given days of the week pass " +
      "weekdays, e.g. Saturdays next month: start_date and end_date the month's first and last day, weekdays [\"saturday\"]. Next: place_hold, then create_event " +
      "with allocation_ids [the hold's id].",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput(
      {
        duration_minutes: slots.duration_minutes.describe("Length of the booking in minutes (buffers not included)"),
        start_date: slots.start_date.describe("First date to search, YYYY-MM-DD, in each space's time zone"),
        end_date: slots.end_date.describe("Last date to search (inclusive), YYYY-MM-DD, at most 92 days after start_date"),
        start_time: slots.start_time.describe("Earliest start each day, HH:MM in the space's time zone; default 00:00"),
        end_time: slots.end_time.describe("Latest end each day, HH:MM in the space's time zone (24:00 = midnight); default 24:00"),
        space_ids: slots.space_ids.describe("Only these spaces (ids from list_spaces); default every active space"),
        attendees_count: slots.attendees_count.describe("Number of guests: only spaces whose largest capacity figure holds them"),
        max_results: slots.max_results.describe("At most this many slots; default 50, at most 500"),
        interval_minutes: slots.interval_minutes.describe("Step between candidate starts in minutes; default 30"),
        buffer_before_min: slots.buffer_before_min.describe("Minutes that must also be free before the start (set-up); default 0"),
        buffer_after_min: slots.buffer_after_min.describe("Minutes that must also be free after the end (tear-down); default 0"),
        weekdays: slots.weekdays.describe(
          "Only slots starting on these days of the week, lowercase English names: monday, tuesday, wednesday, thursday, friday, saturday, sunday; " +
            "e.g. [\"saturday\"] for Saturdays, [\"friday\", \"saturday\"] for Fridays and Saturdays. The day is the space's local day. Default every day",
        ),
      },
      findAvailableSlotsOp.body,
    ),
    output: outputOf(findAvailableSlotsOp.response),
    run: (ctx, input) => findAvailableSlots(ctx, input),
  }),

  defineTool({
    name: "validate_allocation",
    title: "Check a booking window",
    description:
      "Checks whether a space could be held or booked for a window without booking it: {valid, conflicts: [confirmed allocations in the way, with their times], " +
      "warnings: [{code, message}] (outside working hours, hold limit reached, others' holds first in line …)}. A hold (status tentative, the default) is also " +
      "invalid when the space's hold limit is reached.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput(
      {
        space_id: validation.space_id.describe("The space (from list_spaces)"),
        resource_id: validation.resource_id.describe("Instead of space_id: the space's resource_id"),
        start_at: validation.start_at.describe(`Start, ${instant}`),
        end_at: validation.end_at.describe(`End, ${instant}`),
        buffer_before_min: validation.buffer_before_min.describe("Minutes blocked before the start; default 0"),
        buffer_after_min: validation.buffer_after_min.describe("Minutes blocked after the end; default 0"),
        allocation_id: validation.allocation_id.describe("When moving an existing allocation: its id, so it does not conflict with itself"),
        status: validation.status.describe("tentative (a hold, default) or confirmed (a booking)"),
      },
      validateAllocationOp.body,
    ),
    output: outputOf(validateAllocationOp.response),
    run: (ctx, input) => validateAllocation(ctx, input),
  }),

  defineTool({
    name: "list_allocations",
    title: "List allocations in a window",
    description:
      "Lists the holds and bookings that meet a time window (at most 100 days), earliest first, optionally for one space, one event or one status " +
      "(tentative = hold, confirmed = booking, cancelled, expired). Returns {allocations, meta: {count}} with times in ISO 8601 UTC; a hold's expires_at says when it lapses.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput(
      {
        start_at: window.start_at.describe(`Window start, ${instant}`),
        end_at: window.end_at.describe(`Window end, ${instant}; at most 100 days after start_at`),
        space_id: window.space_id.describe("Only this space's allocations"),
        event_id: window.event_id.describe("Only this planning event's allocations"),
        status: window.status.describe("tentative, confirmed, cancelled, or expired"),
      },
      listAllocationsOp.query,
    ),
    output: outputOf(listAllocationsOp.response),
    run: async (ctx, query) => presentAllocationList(await listAllocations(ctx, query)),
  }),

  defineTool({
    name: "place_hold",
    title: "Place a hold on a space",
    description:
      "Places a tentative allocation (a hold) on a space for a window: it blocks nobody's confirmed booking, ranks among overlapping holds (`sequence`: 1 = first " +
      "option) and lapses at expires_at unless confirmed. Refused (409) when a confirmed booking is in the way (buffers and parent/child spaces included) or the " +
      "space's hold limit is reached. Returns the allocation with `warnings`. Next: create_event with allocation_ids [its id] when it has no event yet, " +
      "confirm_allocation to book it, cancel_allocation to release it.",
    access: "planning_manage",
    scope: "write",
    annotations: adds,
    input: toolInput(holdFields, createAllocationOp.body),
    output: outputOf(createAllocationOp.response),
    run: async (ctx, input) => presentAllocationWrite(await createAllocation(ctx, { ...input, status: "tentative" })),
  }),

  defineTool({
    name: "confirm_allocation",
    title: "Confirm an allocation",
    description:
      "Turns a hold into a confirmed booking. Refused (409, naming the conflict) when a confirmed booking overlaps it (buffers and parent/child spaces included); " +
      "confirming while an earlier hold is first in line is allowed with a `jumping_the_queue` warning. Returns the allocation with `warnings`.",
    access: "planning_manage",
    scope: "write",
    annotations: sets,
    input: toolInput({ allocation_id: allocationId }),
    output: outputOf(updateAllocationOp.response),
    run: async (ctx, { allocation_id }) => presentAllocationWrite(await updateAllocation(ctx, allocation_id, { status: "confirmed" })),
  }),

  defineTool({
    name: "cancel_allocation",
    title: "Cancel an allocation",
    description:
      "Cancels a hold or a booking: its time is free again at once. The allocation stays listed with status cancelled. Returns the allocation with `warnings`.",
    access: "planning_manage",
    scope: "write",
    annotations: removes,
    input: toolInput({ allocation_id: allocationId }),
    output: outputOf(updateAllocationOp.response),
    run: async (ctx, { allocation_id }) => presentAllocationWrite(await updateAllocation(ctx, allocation_id, { status: "cancelled" })),
  }),

  defineTool({
    name: "list_events",
    title: "List planning events",
    description:
      "Lists planning events (a customer's wedding, conference …), newest first, 25 a page, optionally by status (lead, tentative, definite, lost, cancelled) or part of " +
      "the name. Each has its contact_id, attendees_count, currency, allocation_ids and span (start_at/end_at, ISO 8601 UTC). Returns {events, meta: {count, current_page}}; " +
      "pass next_cursor back as cursor for the next page.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      status: listEventsOp.query.shape.status.describe("lead, tentative, definite, lost, or cancelled"),
      q: listEventsOp.query.shape.q.describe("Part of the event's name, any case"),
      cursor: ZCursor,
    }),
    output: listEventsOp.response.extend({ next_cursor: ZNextCursor }),
    run: async (ctx, { cursor, ...query }) => {
      const page = decodeCursor(cursor);
      const body = presentEventPage(await listEvents(ctx, { ...query, page }));
      return { ...body, next_cursor: page * eventsPerPage < body.meta.count ? encodeCursor(page + 1) : null };
    },
  }),

  defineTool({
    name: "get_event",
    title: "Get a planning event and its quotes",
    description:
      "Returns a planning event as `event` (status, contact, attendees, currency, allocation_ids, span in ISO 8601 UTC) and its quotes as `quotes` (every version, " +
      "newest first: status, totals, breakdown, public_url). Use list_allocations with event_id for the allocations' times and statuses.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({ event_id: eventId }),
    output: ZEventWithQuotes,
    run: async (ctx, { event_id }) => {
      const [found, quotes] = await Promise.all([findEvent(ctx, event_id), listQuotes(ctx, event_id)]);
      return { event: presentEvent(found), quotes: { payload: quotes.map(presentQuote) } };
    },
  }),

  defineTool({
    name: "create_event",
    title: "Create a planning event",
    description:
      "Creates a planning event (status lead by default) and, in the same transaction, its allocations: holds already placed with place_hold, by id in " +
      "allocation_ids (attached to the event), and new ones in allocations. All succeed or nothing is saved: a new allocation in conflict (409) is named " +
      "allocations.<index>; an id that is not the account's allocation, or one already belonging to another event, is refused as allocation_ids.<index>. " +
      "New allocations are holds unless status confirmed is given. Returns the event with allocation_ids and its span. Next: create_quote with the event's id.",
    access: "planning_manage",
    scope: "write",
    annotations: adds,
    input: toolInput({
      ...event,
      name: event.name.describe("The event's name, e.g. \"Wedding Jansen\""),
      contact_id: event.contact_id.describe("The customer (contact id from search_contacts or create_contact)"),
      conversation_id: event.conversation_id.describe("The conversation it was started from (its id in list_conversations)"),
      attendees_count: event.attendees_count.describe("Number of guests; prices per person use it"),
      currency: event.currency.describe("ISO 4217 code, e.g. EUR; default the account's currency"),
      pricing_plan_id: event.pricing_plan_id.describe("A pricing plan (from list_pricing_plans) to price every quote with, whatever the dates"),
      allocation_ids: event.allocation_ids.describe(
        "Ids of holds or bookings already placed (place_hold's `id`) to attach to this event; each must not belong to another event",
      ),
      allocations: event.allocations.describe(
        `The event's holds or bookings: each {space_id, start_at, end_at (${instant}), buffer_before_min, buffer_after_min, status (tentative by default, or confirmed), title, stage}`,
      ),
    }),
    output: outputOf(createEventOp.response),
    run: async (ctx, input) => presentEvent(await createEventWithAllocations(ctx, input)),
  }),
];
