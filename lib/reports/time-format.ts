/**
 * Chatwoot's Reports::TimeFormatPresenter (4.10 develop; unchanged through the later sources
 * read): a duration in seconds as its two largest non-zero units in English ("1 day 5 minutes",
 * "2 hours 1 second"), "N/A" when there is no value or it is under a second. Seconds are
 * truncated to a whole number (Ruby's `to_i`); units split with Ruby's flooring `divmod`.
 */
const units = [
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
] as const;

/** Ruby's Integer#divmod: the quotient rounds down, the remainder takes the divisor's sign. */
const divmod = (value: number, divisor: number): [number, number] => {
  const quotient = Math.floor(value / divisor);
  return [quotient, value - quotient * divisor];
};

/** Rails' English pluralisation (`time_units.*`: one / other). */
const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;

export const chatwootDuration = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "N/A";
  let rest = Math.trunc(seconds);
  if (rest === 0) return "N/A";
  const parts: string[] = [];
  for (const [name, size] of units) {
    const [count, remainder] = divmod(rest, size);
    rest = remainder;
    if (count !== 0) parts.push(unit(count, name));
  }
  return parts.slice(0, 2).join(" ");
};
