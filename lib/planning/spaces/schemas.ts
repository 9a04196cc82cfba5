import { z } from "zod";
import { ZAccountParams, ZBool, ZDate, ZName, ZObject, ZTimeZone, ZUuid } from "@/lib/http/schemas";
import { weekdays } from "../time";

export { weekdays };
const isWeekday = (key: string) => (weekdays as readonly string[]).includes(key);

const maxInt = 2_147_483_647;
const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Form bodies send every value as a string: "" clears a field, digits are numbers. */
const fromForm = (value: unknown) => {
  if (value === "") return null;
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value);
  return value;
};
const nullable = <S extends z.ZodType>(schema: S) => z.preprocess(fromForm, schema.nullable());
const required = <S extends z.ZodType>(schema: S) => z.preprocess(fromForm, schema);

const ZCount = z.int().min(0).max(maxInt);
const ZText = (max: number) => z.preprocess((value) => (value === "" ? null : value), z.string().max(max).nullable());

const ZOpeningHours = z
  .object({
    open: z.string().regex(clockPattern, { message: "must be a time of day (HH:MM, 00:00 to 23:59)" }),
    close: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: "must be a time of day (HH:MM, 00:00 to 24:00)" }),
  })
  .superRefine((hours, ctx) => {
    // Both are zero-padded HH:MM, so they compare as strings; a malformed one was reported already.
    if (!clockPattern.test(hours.open) || hours.open < hours.close) return;
    ctx.addIssue({ code: "custom", path: ["close"], message: "must be after open (windows across midnight are not supported)" });
  });

/** Opening hours per weekday, in the space's time zone. */
export const ZSchedule = z
  .record(z.string().refine(isWeekday), ZOpeningHours, {
    error: (issue) => (issue.code === "invalid_key" ? "is not a weekday name (monday to sunday)" : undefined),
  })
  .meta({ description: "Weekday name (monday … sunday) → {open, close} as HH:MM; close may be 24:00" });

const spaceFields = {
  name: ZName,
  description: ZText(10_000).optional(),
  parent_id: nullable(ZUuid).optional().meta({ description: "The containing space (Hall AB contains Hall A)" }),
  venue_id: nullable(ZUuid).optional().meta({ description: "The top-level venue" }),
  knowledgebase_id: nullable(z.int().min(1).max(maxInt))
    .optional()
    .meta({ description: "A help-center category of articles about the space (facilities, AV, accessibility, house rules)" }),
  gallery_knowledgebase_id: nullable(z.int().min(1).max(maxInt)).optional().meta({ description: "The space's photo gallery" }),
  position: required(z.int().min(-maxInt).max(maxInt)).optional(),
  active: ZBool.optional(),
  available_from: nullable(ZDate).optional(),
  available_until: nullable(ZDate).optional(),
  square_meters: nullable(ZCount).optional(),
  theater: nullable(ZCount).optional(),
  classroom: nullable(ZCount).optional(),
  standing: nullable(ZCount).optional(),
  banquet: nullable(ZCount).optional(),
  boardroom: nullable(ZCount).optional(),
  u_shape: nullable(ZCount).optional(),
  concert: nullable(ZCount).optional(),
  cocktail: nullable(ZCount).optional(),
  max_capacity_seated: nullable(ZCount).optional(),
  max_capacity_standing: nullable(ZCount).optional(),
  working_hours_enabled: ZBool.optional(),
  timezone: ZTimeZone.optional().meta({ description: "IANA time zone; UTC when omitted" }),
  out_of_office_message: ZText(10_000).optional(),
  max_tentative_allocations: nullable(z.int().min(1).max(maxInt))
    .optional()
    .meta({ description: "Live holds that may overlap at once; null is no limit" }),
  tentative_expiry_minutes: nullable(z.int().min(1).max(maxInt))
    .optional()
    .meta({ description: "Minutes until a hold lapses unless confirmed; null is never" }),
  custom_attributes: ZObject.optional(),
  schedule: ZSchedule.optional(),
};

export const ZCreateSpace = z.object(spaceFields).meta({ id: "SpaceCreate" });
export type CreateSpaceInput = z.output<typeof ZCreateSpace>;
export const ZUpdateSpace = z.object(spaceFields).partial().meta({ id: "SpaceUpdate" });
export type UpdateSpaceInput = z.output<typeof ZUpdateSpace>;

export const ZSpaceParams = ZAccountParams.extend({ space_id: z.uuid() });

const capacity = z.int().nullable();

export const ZSpace = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    resource_id: z.uuid(),
    parent_id: z.uuid().nullable(),
    venue_id: z.uuid().nullable(),
    knowledgebase_id: z.int().nullable(),
    gallery_knowledgebase_id: z.int().nullable(),
    position: z.int(),
    active: z.boolean(),
    square_meters: capacity,
    theater: capacity,
    classroom: capacity,
    standing: capacity,
    banquet: capacity,
    boardroom: capacity,
    u_shape: capacity,
    concert: capacity,
    cocktail: capacity,
    max_capacity_seated: capacity,
    max_capacity_standing: capacity,
    timezone: z.string(),
    working_hours_enabled: z.boolean(),
    schedule: z.record(z.string(), z.object({ open: z.string(), close: z.string() })),
    custom_attributes: ZObject,
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "Space" });

export const ZSpaceList = z.object({ spaces: z.array(ZSpace), meta: z.object({ count: z.int() }) }).meta({ id: "SpaceList" });
