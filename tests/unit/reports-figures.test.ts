import { describe, expect, it } from "vitest";
import { distributionBucket, wholePercent } from "@/lib/reports/figures";
import { exceedsSixMonths, previousWindow, reportWindow, reportZone } from "@/lib/reports/window";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("distributionBucket", () => {
  it.each([
    [0, "0-1h"],
    [3599, "0-1h"],
    [3600, "1-4h"],
    [14_399, "1-4h"],
    [14_400, "4-8h"],
    [28_800, "8-24h"],
    [86_399, "8-24h"],
    [86_400, "24h+"],
    [10_000_000, "24h+"],
  ])("puts %i seconds in %s", (seconds, bucket) => {
    expect(distributionBucket(seconds)).toBe(bucket);
  });
});

describe("wholePercent", () => {
  it.each([
    [1, 3, 33],
    [2, 3, 66],
    [2, 5, 40],
    [3, 3, 100],
    [0, 0, 0],
    [0, 7, 0],
  ])("%i of %i is %i %", (part, whole, percent) => {
    expect(wholePercent(part, whole)).toBe(percent);
  });
});

describe("reportZone", () => {
  it.each([
    [{}, { offsetMinutes: 0 }],
    [{ timezone_offset: 5.5 }, { offsetMinutes: 330 }],
    [{ timezone_offset: -3.75 }, { offsetMinutes: -225 }],
    [{ timezone_offset: 1, timezone: "Europe/London" }, { name: "Europe/London" }],
  ])("reads %j as %j", (query, zone) => {
    expect(reportZone(query)).toEqual(zone);
  });
});

describe("report windows", () => {
  it("defaults to the last 30 days and compares with the 30 before", () => {
    const window = reportWindow({}, new Date("2026-10-31T00:00:00Z"));
    expect(window).toEqual({ since: day("2026-10-01"), until: day("2026-10-31") });
    expect(previousWindow(window)).toEqual({ since: day("2026-09-01"), until: day("2026-10-01") });
  });

  it.each([
    ["2026-03-01", "2026-08-30", false],
    ["2026-03-01", "2026-08-31", true],
    ["2026-01-01", "2026-01-01", false],
  ])("from %s to %s is over six months: %s", (since, until, over) => {
    expect(exceedsSixMonths({ since: day(since), until: day(until) })).toBe(over);
  });
});
