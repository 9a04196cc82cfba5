import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * A timestamptz as the API writes it — Date#toISOString's form: UTC, milliseconds, `Z` — made by
 * PostgreSQL, for lists that only show their times (no Date to build and format per value).
 * Milliseconds are truncated, as a Date truncates the microseconds PostgreSQL keeps; null stays null.
 */
export const isoText = <T extends string | null = string>(time: AnyColumn | SQL) =>
  sql<T>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
