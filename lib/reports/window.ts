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
