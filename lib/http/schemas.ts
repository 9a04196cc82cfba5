import { z } from "zod";
import { jsonValueProblem } from "./input";

/** The largest id a record can have (PostgreSQL's integer). */
export const maxRecordId = 2_147_483_647;
/** Path ids: positive integers. A malformed one is answered 404 by the wrapper. */
export const ZId = z.coerce.number().int().positive().max(maxRecordId);
export const ZAccountParams = z.object({ account_id: ZId });
export const ZAccountRecordParams = z.object({ account_id: ZId, id: ZId });
export const ZRecordParams = z.object({ id: ZId });
/** An id in a body: a number (or digit string, from forms); absent is `required`, not NaN. */
export const ZBodyId = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
  z.int().positive().max(2_147_483_647),
);

/** Booleans as JSON sends them, or as form fields and query strings spell them. */
export const ZBool = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]);

export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
export const ZTimeZone = z.string().refine(isTimeZone, { message: "is not a known IANA time zone" });

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email({ message: "is not a valid email address" }));
export const ZName = z.string().trim().min(1, { message: "can't be blank" }).max(255);
export const ZUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });
const withinJsonLimits = (value: unknown, ctx: z.RefinementCtx) => {
  const problem = jsonValueProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
};
/** A free-form JSON object (custom_attributes, ui_settings, metadata…), within `jsonLimits`. */
export const ZObject = z.record(z.string(), z.unknown()).superRefine(withinJsonLimits);
/** Any JSON value a client may store as it is (a custom attribute's default), within `jsonLimits`. */
export const ZJsonValue = z.unknown().superRefine(withinJsonLimits);

export const ZUnixTime = z.number().int().meta({ description: "Unix time, seconds" });

/*
 * Every date and time a request carries goes through one of these: calendar-valid, never
 * rolled over (2026-02-30 is refused, not stored as 2 March), zoned where it is an instant.
 */

/** A calendar date, YYYY-MM-DD, that exists (leap years included). */
export const ZDate = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });
/** An instant: ISO 8601 with a zone (`Z` or `±hh:mm`), as a Date. */
export const ZTimestamp = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 timestamp with a time zone (e.g. 2026-05-01T18:00:00Z)" })
  .transform((value) => new Date(value));
/** The latest Unix second we take (the year 3000): later ones are mistakes, not dates. */
export const maxUnixSeconds = 32_503_680_000;
const unixMessage = "must be Unix time in whole seconds";
/** Unix seconds as Chatwoot takes them: a JSON integer or a string of digits (query strings). */
export const ZUnixSeconds = z.union(
  [z.int().min(0).max(maxUnixSeconds), z.string().regex(/^\d{1,11}$/).transform(Number).pipe(z.int().max(maxUnixSeconds))],
  { error: unixMessage },
);
/** Chatwoot's time inputs (`snoozed_until`): Unix seconds or an ISO 8601 timestamp, as a Date. */
export const ZTimeInput = z.union([ZUnixSeconds.transform((seconds) => new Date(seconds * 1000)), ZTimestamp], {
  error: "must be Unix time in seconds or an ISO 8601 timestamp with a time zone",
});
/** Whether both ends of a window parsed (refinements run even when a field failed). */
export const bothDates = (start: unknown, end: unknown): [Date, Date] | null =>
  start instanceof Date && end instanceof Date ? [start, end] : null;

export const unixTime = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** UUID path ids: anything else is answered 404 like an unknown id (never a database error). */
export const isUuid = (value: string) => uuidPattern.test(value);
export const ZUuidParam = z.string().max(64);
/** A UUID in a body (spaces, events, allocations). */
export const ZUuid = z.uuid({ message: "is not a valid id" });
