import { describe, expect, it } from "vitest";
import { chatwootDuration } from "@/lib/reports/time-format";

describe("chatwootDuration (Reports::TimeFormatPresenter)", () => {
  it.each([
    // seconds, text
    [null, "N/A"],
    [undefined, "N/A"],
    [0, "N/A"],
    // Ruby's to_i truncates: under a second is no value.
    [0.9, "N/A"],
    [1, "1 second"],
    [45, "45 seconds"],
    [59.99, "59 seconds"],
    [60, "1 minute"],
    [61, "1 minute 1 second"],
    [125, "2 minutes 5 seconds"],
    [3600, "1 hour"],
    [3900, "1 hour 5 minutes"],
    // Two units at most: the seconds of 1 h 5 min 30 s are dropped, not rounded.
    [3930, "1 hour 5 minutes"],
    [7201, "2 hours 1 second"],
    [86_400, "1 day"],
    [90_000, "1 day 1 hour"],
    // The two largest non-zero units, not two adjacent ones.
    [86_700, "1 day 5 minutes"],
    [86_401, "1 day 1 second"],
    [2 * 86_400 + 3 * 3600 + 59, "2 days 3 hours"],
    [400 * 86_400, "400 days"],
    [1800.7, "30 minutes"],
    // Ruby's flooring divmod on a negative figure (a clock skew): -1 day, then the rest forward.
    [-5, "-1 days 23 hours"],
  ])("%s → %s", (seconds, text) => {
    expect(chatwootDuration(seconds)).toBe(text);
  });
});
