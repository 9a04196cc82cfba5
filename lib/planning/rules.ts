/**
 * The planning rules, written once. A `confirmed` allocation always counts (blocks its space,
 * is priced, is in the feed); a `tentative` one, a hold, counts until its `expires_at` (always,
 * when that is null); `expired` and `cancelled` ones never count. A hold stops counting at its
 * `expires_at` at once, whether or not the sweeper has marked it `expired` yet.
 *
 * No imports, so client components can use it too; the same rule for queries, and the advisory
 * locks, are in ./rules-sql.ts.
 */

/** Statuses that can count at all: only these have occupancy rows. */
export const liveStatuses = ["tentative", "confirmed"] as const;
export type LiveStatus = (typeof liveStatuses)[number];

/** A time as a `Date`, an ISO 8601 string (the API's JSON) or epoch milliseconds. */
export type Instant = Date | string | number;

export type Countable = { status: string; expiresAt: Instant | null };

const epoch = (instant: Instant) => (instant instanceof Date ? instant.getTime() : typeof instant === "string" ? Date.parse(instant) : instant);

export const isLiveStatus = (status: string): status is LiveStatus => status === "tentative" || status === "confirmed";

/** A hold at or past its `expires_at`: it no longer counts, swept or not. */
export const isLapsed = (allocation: Countable, now: Instant) =>
  allocation.status === "tentative" && allocation.expiresAt !== null && epoch(allocation.expiresAt) <= epoch(now);

/** Whether the allocation counts at `now`: a booking, or a hold that has not lapsed. */
export const countsAt = (allocation: Countable, now: Instant) =>
  allocation.status === "confirmed" || (allocation.status === "tentative" && !isLapsed(allocation, now));

/** When a hold placed on the space at `now` lapses: `tentative_expiry_minutes` later, or never (null). */
export const holdExpiry = (space: { tentativeExpiryMinutes: number | null }, now: Date): Date | null =>
  space.tentativeExpiryMinutes === null ? null : new Date(now.getTime() + space.tentativeExpiryMinutes * 60_000);
