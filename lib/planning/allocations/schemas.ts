import { z } from "zod";
import { allocationStatuses } from "@/db/schema";
import { bothDates, ZDate, ZObject, ZTimestamp, ZUuid } from "@/lib/http/schemas";
import { weekdays } from "../time";

export { ZUuid };
const ZInstant = ZTimestamp;
const ZMinutes = z.int().min(0).max(24 * 60);
const ZText = (max: number) => z.string().trim().max(max).nullable().optional();
/** What a caller may set: `expired` is the sweeper's word alone. */
const ZSettableStatus = z.enum(["tentative", "confirmed", "cancelled"]);

const allocationFields = {
  space_id: ZUuid.optional(),
  resource_id: ZUuid.optional(),
  event_id: ZUuid.nullable().optional(),
  start_at: ZInstant,
  end_at: ZInstant,
  buffer_before_min: ZMinutes.optional(),
  buffer_after_min: ZMinutes.optional(),
  title: ZText(255),
  description: ZText(10_000),
  category: ZText(100),
  status: ZSettableStatus.optional(),
  stage: ZText(100),
  sequence: z.int().min(1).max(1000).nullable().optional(),
  metadata: ZObject.optional(),
};

/** Only compares ends that parsed: a field's own error already names it. */
const windowInOrder = (value: { start_at?: unknown; end_at?: unknown }) => {
  const window = bothDates(value.start_at, value.end_at);
  return !window || window[1] > window[0];
};
const windowIssue = { message: "must be after start_at", path: ["end_at"] };

export const ZCreateAllocation = z
  .object(allocationFields)
  .refine((value) => value.space_id !== undefined || value.resource_id !== undefined, {
    message: "space_id or resource_id is required",
    path: ["space_id"],
  })
  .refine(windowInOrder, windowIssue)
  .meta({ id: "AllocationCreate" });
export type CreateAllocationInput = z.output<typeof ZCreateAllocation>;

export const ZUpdateAllocation = z
  .object(allocationFields)
  .partial()
  .refine(windowInOrder, windowIssue)
  .meta({ id: "AllocationUpdate" });
export type UpdateAllocationInput = z.output<typeof ZUpdateAllocation>;

/** The longest window the list answers at once (a calendar quarter and a bit). */
export const maxListDays = 100;

export const ZAllocationWindow = z
  .object({
    start_at: ZInstant,
    end_at: ZInstant,
    space_id: ZUuid.optional(),
    event_id: ZUuid.optional(),
    status: z.enum(allocationStatuses).optional(),
  })
  .refine(windowInOrder, windowIssue)
  .refine((value) => {
    const window = bothDates(value.start_at, value.end_at);
    return !window || window[1].getTime() - window[0].getTime() <= maxListDays * 86_400_000;
  }, {
    message: `must be at most ${maxListDays} days after start_at`,
    path: ["end_at"],
  });
export type AllocationWindow = z.output<typeof ZAllocationWindow>;

export const ZValidateAllocation = z
  .object({
    resource_id: ZUuid.optional(),
    space_id: ZUuid.optional(),
    start_at: ZInstant,
    end_at: ZInstant,
    buffer_before_min: ZMinutes.optional(),
    buffer_after_min: ZMinutes.optional(),
    /** The allocation being moved, left out of its own conflicts. */
    allocation_id: ZUuid.optional(),
    status: z.enum(["tentative", "confirmed"]).optional(),
  })
  .refine((value) => value.space_id !== undefined || value.resource_id !== undefined, {
    message: "resource_id or space_id is required",
    path: ["resource_id"],
  })
  .refine(windowInOrder, windowIssue)
  .meta({ id: "AllocationValidateRequest" });
export type ValidateAllocationInput = z.output<typeof ZValidateAllocation>;

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: "must be a time (HH:MM)" });
const bothText = (a: unknown, b: unknown) => typeof a === "string" && typeof b === "string";
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The longest date range one search covers. */
export const maxSearchDays = 92;

export const ZFindSlots = z
  .object({
    duration_minutes: z.int().min(5).max(24 * 60),
    start_date: ZDate,
    end_date: ZDate,
    start_time: ZClock.optional().default("00:00"),
    end_time: ZClock.optional().default("24:00"),
    space_ids: z.array(ZUuid).max(500).optional(),
    attendees_count: z.int().min(1).max(1_000_000).nullable().optional(),
    max_results: z.int().min(1).max(500).optional().default(50),
    interval_minutes: z.int().min(5).max(24 * 60).optional().default(30),
    buffer_before_min: ZMinutes.optional().default(0),
    buffer_after_min: ZMinutes.optional().default(0),
    weekdays: z
      .array(z.enum(weekdays))
      .min(1)
      .max(7)
      .optional()
      .meta({
        description:
          "Only slots starting on these days of the week, as lowercase English names (`monday` … `sunday`, the keys of a space's schedule), e.g. `[\"saturday\"]`; each slot's day is read in its space's own time zone. Every day when omitted",
      }),
  })
  // Refinements run even when a field failed its own check: each compares only what parsed.
  .refine((value) => !bothText(value.start_date, value.end_date) || value.end_date >= value.start_date, {
    message: "must not be before start_date",
    path: ["end_date"],
  })
  .refine(
    (value) => !bothText(value.start_date, value.end_date) || (Date.parse(value.end_date) - Date.parse(value.start_date)) / 86_400_000 < maxSearchDays,
    { message: `must be within ${maxSearchDays} days of start_date`, path: ["end_date"] },
  )
  .refine((value) => !bothText(value.start_time, value.end_time) || minutesOf(value.end_time) > minutesOf(value.start_time), {
    message: "must be after start_time (windows across midnight are not supported)",
    path: ["end_time"],
  })
  .meta({ id: "FindSlotsRequest" });
export type FindSlotsInput = z.output<typeof ZFindSlots>;

export const ZAllocationWarning = z.object({ code: z.string(), message: z.string() });

export const ZAllocation = z
  .object({
    id: z.uuid(),
    space_id: z.uuid(),
    resource_id: z.uuid(),
    event_id: z.uuid().nullable(),
    start_at: z.string(),
    end_at: z.string(),
    buffer_before_min: z.int(),
    buffer_after_min: z.int(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    category: z.string().nullable(),
    status: z.enum(allocationStatuses),
    stage: z.string().nullable(),
    sequence: z.int().nullable(),
    metadata: ZObject,
    expires_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Allocation" });

export const ZAllocationWrite = ZAllocation.extend({ warnings: z.array(ZAllocationWarning) }).meta({ id: "AllocationWrite" });
export const ZAllocationList = z.object({ allocations: z.array(ZAllocation), meta: z.object({ count: z.int() }) });

export const ZConflict = z.object({
  allocation_id: z.uuid(),
  space_id: z.uuid(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(allocationStatuses),
});
export const ZValidation = z.object({ valid: z.boolean(), conflicts: z.array(ZConflict), warnings: z.array(ZAllocationWarning) });
export const ZSlotList = z.object({
  slots: z.array(z.object({ space_id: z.uuid(), start_at: z.string(), end_at: z.string(), tentative_overlaps: z.int() })),
});
