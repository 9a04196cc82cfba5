import { z } from "zod";
import { planningEventStatuses } from "@/db/schema";
import { ZAccountParams, ZBodyId, ZName, ZObject } from "@/lib/http/schemas";
import { ZCreateAllocation, ZUuid } from "../allocations/schemas";

const currencies = new Set(Intl.supportedValuesOf("currency"));
export const isCurrency = (code: string) => currencies.has(code);

export const ZCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, { message: "must be an ISO 4217 code (three upper-case letters)" })
  .refine(isCurrency, { message: "is not a known ISO 4217 currency" });

const ZText = (max: number) => z.preprocess((value) => (value === "" ? null : value), z.string().max(max).nullable()).optional();

const eventFields = {
  name: ZName,
  description: ZText(10_000),
  status: z.enum(planningEventStatuses).optional().meta({ description: "lead when omitted" }),
  contact_id: ZBodyId.nullable().optional().meta({ description: "A contact of the account" }),
  company_id: ZBodyId.nullable().optional().meta({ description: "A company of the account" }),
  conversation_id: ZBodyId.nullable()
    .optional()
    .meta({ description: "The conversation the event was started from, by its display id (as the conversations API names it); one the caller may see" }),
  attendees_count: z.int().min(0).max(10_000_000).nullable().optional(),
  currency: ZCurrency.optional().meta({ description: "ISO 4217; the account's settings.currency (else EUR) when omitted" }),
  pricing_plan_id: ZBodyId.nullable().optional().meta({ description: "A pricing plan of the account: its quotes use it whatever the dates" }),
  notes: ZText(100_000),
  custom_attributes: ZObject.optional(),
};

export const ZCreateEvent = z.object(eventFields).meta({ id: "PlanningEventCreate" });
export type CreateEventInput = z.output<typeof ZCreateEvent>;
/** The create request: the event, and optionally its allocations (sent beside `event`). */
export const ZCreateEventRequest = z
  .object({
    ...eventFields,
    allocations: z
      .array(ZCreateAllocation)
      .max(50)
      .optional()
      .meta({ description: "Allocations created with the event, in one transaction (sent beside `event`, not inside it)" }),
    allocation_ids: z
      .array(ZUuid)
      .max(50)
      .optional()
      .meta({
        description:
          "Existing allocations of the account (holds placed before the event) attached to it in the same transaction, as a PATCH of their `event_id` would (sent beside `event`). One that is not the account's, or belongs to another event already, is a 422 naming `allocation_ids.<index>`",
      }),
  })
  .meta({ id: "PlanningEventCreateRequest" });
export type CreateEventRequest = z.output<typeof ZCreateEventRequest>;
export const ZUpdateEvent = z.object(eventFields).partial().meta({ id: "PlanningEventUpdate" });
export type UpdateEventInput = z.output<typeof ZUpdateEvent>;

export const ZEventParams = ZAccountParams.extend({ event_id: z.uuid() });

export const eventsPerPage = 25;

export const ZEventListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: `1-based page (${eventsPerPage} per page)` }),
  status: z.enum(planningEventStatuses).optional(),
  q: z.string().trim().max(255).optional().meta({ description: "Part of the name, any case" }),
});
export type EventListQuery = z.output<typeof ZEventListQuery>;

export const ZPlanningEvent = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(planningEventStatuses),
    contact_id: z.int().nullable(),
    company_id: z.int().nullable(),
    conversation_id: z
      .int()
      .nullable()
      .meta({ description: "Display id of the conversation the event was started from; null when none or the conversation was deleted" }),
    attendees_count: z.int().nullable(),
    currency: z.string(),
    pricing_plan_id: z.int().nullable(),
    notes: z.string().nullable(),
    custom_attributes: ZObject,
    allocation_ids: z.array(z.uuid()).meta({ description: "The event's allocations, earliest first (read-only)" }),
    start_at: z.string().nullable().meta({ description: "Earliest start of its live allocations (read-only)" }),
    end_at: z.string().nullable().meta({ description: "Latest end of its live allocations (read-only)" }),
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "PlanningEvent" });

export const ZPlanningEventList = z
  .object({
    events: z.array(ZPlanningEvent),
    meta: z.object({ count: z.int().meta({ description: "Events matching, all pages" }), current_page: z.int() }),
  })
  .meta({ id: "PlanningEventList" });
