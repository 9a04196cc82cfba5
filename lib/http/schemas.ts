import { z } from "zod";

/** Path ids: positive integers. A malformed one is answered 404 by the wrapper. */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
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
export const ZObject = z.record(z.string(), z.unknown());

export const ZUnixTime = z.number().int().meta({ description: "Unix time, seconds" });

export const unixTime = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** UUID path ids: anything else is answered 404 like an unknown id (never a database error). */
export const isUuid = (value: string) => uuidPattern.test(value);
export const ZUuidParam = z.string().max(64);
/** A UUID in a body (spaces, events, allocations). */
export const ZUuid = z.uuid({ message: "is not a valid id" });
