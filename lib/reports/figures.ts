/** Pure rules of the reports' figures (no I/O): shared by the SQL that applies them and their unit tests. */

const HOUR = 3600;

/** Chatwoot's first-response buckets, each up to (not including) its bound in seconds. */
export const distributionBounds = [
  ["0-1h", HOUR],
  ["1-4h", 4 * HOUR],
  ["4-8h", 8 * HOUR],
  ["8-24h", 24 * HOUR],
  ["24h+", Infinity],
] as const;
export type DistributionBucket = (typeof distributionBounds)[number][0];
export const distributionBuckets = distributionBounds.map(([bucket]) => bucket);

export const distributionBucket = (seconds: number): DistributionBucket => distributionBounds.find(([, bound]) => seconds < bound)![0];

/** Whole percent, truncated as Chatwoot's `to_i` does; a share of nothing is 0. */
export const wholePercent = (part: number, whole: number) => (whole === 0 ? 0 : Math.trunc((part / whole) * 100));
