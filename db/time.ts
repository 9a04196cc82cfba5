import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { nativeDate } from "./native-date";

/**
 * A timestamptz as the API writes it — Date#toISOString's form: UTC, milliseconds, `Z` — made by
 * PostgreSQL, for lists that only show their times (no Date to build and format per value).
 * Milliseconds are truncated, as a Date truncates the microseconds PostgreSQL keeps; null stays null.
 */
export const isoText = <T extends string | null = string>(time: AnyColumn | SQL) =>
  sql<T>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const isDigit = (code: number) => code >= 48 && code <= 57;
const daysIn = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

const digitAt = (text: string, at: number) => {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};
const number2 = (text: string, at: number) => digitAt(text, at) * 10 + digitAt(text, at + 1);

/**
 * Epoch milliseconds of a timestamp as PostgreSQL writes it in its ISO style
 * (`2026-11-29 01:22:33.123456`, and `+00` after it for a timestamptz read in UTC), counted out
 * rather than handed to Date's string parser; null for anything else (another offset, BC,
 * infinity, years before 1000 or after 9999), which the parser is left to read. Sub-millisecond
 * digits are dropped, as Date drops them.
 */
export const utcMillisOf = (text: string, withTimezone: boolean): number | null => {
  if (text.length < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return null;
  const year = number2(text, 0) * 100 + number2(text, 2);
  const month = number2(text, 5);
  const day = number2(text, 8);
  const hour = number2(text, 11);
  const minute = number2(text, 14);
  const second = number2(text, 17);
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59)) return null;
  // A day past the month's end (PostgreSQL never writes one) would roll over: left to the parser.
  if (day > 28 && day > daysIn(year, month)) return null;
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === 46) {
    // Up to six digits; the first three are the milliseconds.
    for (at++; at < text.length && at < 26 && isDigit(text.charCodeAt(at)); at++) if (at <= 22) millis += (text.charCodeAt(at) - 48) * 10 ** (22 - at);
    if (at === 20) return null;
  }
  const rest = text.length - at;
  if (withTimezone ? rest !== 3 || !text.endsWith("+00") : rest !== 0) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis);
};

/**
 * A timestamp column's Date from PostgreSQL's text, as drizzle's decoder makes it
 * (`new Date(text)`, with `+0000` after a timestamp without time zone) but counted out where it
 * can be and made with the constructor Next.js did not wrap (db/native-date.ts).
 */
export const timestampFromText = (text: string, withTimezone: boolean): Date => {
  const NativeDate = nativeDate();
  const ms = utcMillisOf(text, withTimezone);
  return new NativeDate(ms ?? (withTimezone ? text : `${text}+0000`));
};

/**
 * A timestamptz as epoch milliseconds, a JavaScript number made by PostgreSQL (float8), for code
 * that computes with instants rather than showing them: no text to parse per value. Truncated to
 * the millisecond, as a Date truncates; exact, since whole milliseconds fit a double.
 */
export const epochMs = (time: AnyColumn | SQL) => sql<number>`round(extract(epoch from date_trunc('milliseconds', ${time})) * 1000)::float8`;
