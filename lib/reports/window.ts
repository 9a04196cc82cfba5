/** A report window [since, until] in unix seconds; missing ends default to the last 30 days. */
export type ReportWindow = { since: Date; until: Date };

const DAY = 86_400;

export const reportWindow = (query: { since?: number; until?: number }, now = new Date()): ReportWindow => {
  const until = query.until ?? Math.floor(now.getTime() / 1000);
  const since = query.since ?? until - 30 * DAY;
  return { since: new Date(since * 1000), until: new Date(until * 1000) };
};

/** The equal-length window just before: what summary's `previous` compares against. */
export const previousWindow = (window: ReportWindow): ReportWindow => {
  const length = window.until.getTime() - window.since.getTime();
  return { since: new Date(window.since.getTime() - length), until: new Date(window.since.getTime()) };
};

/** Both windows at once: the span a summary reads in one pass. */
export const spanOf = (current: ReportWindow, previous: ReportWindow): ReportWindow => ({ since: previous.since, until: current.until });

/**
 * Where buckets are cut: a named IANA zone when the caller gives `timezone` (its DST applies
 * inside the range), else `timezone_offset` hours as a fixed offset. Chatwoot maps the offset
 * to the first named zone with that offset today; a fixed offset is what the number says.
 */
export type ReportZone = { name: string; offsetMinutes?: undefined } | { name?: undefined; offsetMinutes: number };

export const reportZone = (query: { timezone?: string; timezone_offset?: number }): ReportZone =>
  query.timezone ? { name: query.timezone } : { offsetMinutes: Math.round((query.timezone_offset ?? 0) * 60) };

/** Chatwoot's limit on the channel summary: the range's UTC dates at most six months (6.months = 15,778,476 s) apart. */
const SIX_MONTHS_SECONDS = 15_778_476;
const utcDay = (date: Date) => Math.floor(date.getTime() / 1000 / DAY);
export const exceedsSixMonths = (window: ReportWindow) => (utcDay(window.until) - utcDay(window.since)) * DAY > SIX_MONTHS_SECONDS;
