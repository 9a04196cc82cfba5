/** Spans of time in words a person reads at a glance; no React, no server imports. */

const durationUnits: readonly [string, number][] = [
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
  ["s", 1],
];

/** 42 → "42s", 750 → "12m 30s", 8040 → "2h 14m", 273600 → "3d 4h"; two units at most. */
export const formatDuration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const index = durationUnits.findIndex(([, size]) => total >= size);
  if (index === -1) return "0s";
  const [label, size] = durationUnits[index]!;
  const first = Math.floor(total / size);
  const next = durationUnits[index + 1];
  const second = next ? Math.floor((total - first * size) / next[1]) : 0;
  return next && second > 0 ? `${first}${label} ${second}${next[0]}` : `${first}${label}`;
};

/** The change from `previous` to `current` as a whole percentage, or null when there was nothing before. */
export const percentChange = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
