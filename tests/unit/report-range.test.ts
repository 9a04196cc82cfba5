import { describe, expect, it } from "vitest";
import { formatDuration, percentChange } from "@/lib/format/durations";
import { readReportRange } from "@/lib/portal/loaders/reports";

const now = new Date("2026-11-23T22:30:00Z");

describe("readReportRange", () => {
  it.each([
    // params, zone, preset, from, to, days, since, until, corrected
    [{}, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), false],
    [{ range: "7d" }, "UTC", "7d", "2026-11-17", "2026-11-23", 7, "2026-11-17T00:00:00.000Z", now.toISOString(), false],
    // 22:30Z is already the 24th in Auckland (UTC+13 in November): "today" is the venue's.
    [{ range: "7d" }, "Pacific/Auckland", "7d", "2026-11-18", "2026-11-24", 7, "2026-11-17T11:00:00.000Z", now.toISOString(), false],
    [{ range: "90d" }, "UTC", "90d", "2026-08-26", "2026-11-23", 90, "2026-08-26T00:00:00.000Z", now.toISOString(), false],
    // This month runs to now; in Auckland it is already the 24th and the 1st began at 11:00Z the day before.
    [{ range: "this_month" }, "UTC", "this_month", "2026-11-01", "2026-11-23", 23, "2026-11-01T00:00:00.000Z", now.toISOString(), false],
    [{ range: "this_month" }, "Pacific/Auckland", "this_month", "2026-11-01", "2026-11-24", 24, "2026-10-31T11:00:00.000Z", now.toISOString(), false],
    // Last month in Amsterdam begins in summer time (+2) and ends in winter time (+1): clocks went back on 25 Oct.
    [{ range: "last_month" }, "Europe/Amsterdam", "last_month", "2026-10-01", "2026-10-31", 31, "2026-09-30T22:00:00.000Z", "2026-10-31T22:59:59.000Z", false],
    // Whole local days, the last one included; Amsterdam leaves summer time on 25 Oct 2026.
    [{ from: "2026-10-24", to: "2026-10-25" }, "Europe/Amsterdam", "custom", "2026-10-24", "2026-10-25", 2, "2026-10-23T22:00:00.000Z", "2026-10-25T22:59:59.000Z", false],
    // A range running into the future stops at now.
    [{ from: "2026-11-20", to: "2026-12-31" }, "UTC", "custom", "2026-11-20", "2026-12-31", 42, "2026-11-20T00:00:00.000Z", now.toISOString(), false],
    [{ range: "1y" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-02-30", to: "2026-03-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-03-02", to: "2026-03-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-12-01", to: "2026-12-02" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2024-01-01", to: "2026-01-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-01-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", 30, "2026-10-25T00:00:00.000Z", now.toISOString(), true],
  ] as const)("%j in %s → %s %s…%s", (params, zone, preset, from, to, days, since, until, corrected) => {
    const range = readReportRange(params, zone, now);
    expect({ ...range, since: range.since.toISOString(), until: range.until.toISOString() }).toEqual({
      preset,
      from,
      to,
      days,
      timeZone: zone,
      since,
      until,
      corrected,
    });
  });

  it("starts the last 7 days at the venue's midnight before a spring-forward, an hour earlier in UTC than after it", () => {
    // Amsterdam moves to summer time on 29 Mar 2026: the 25th starts at 23:00Z, the 31st at 22:00Z.
    const range = readReportRange({ range: "7d" }, "Europe/Amsterdam", new Date("2026-03-31T10:00:00Z"));
    expect([range.from, range.to, range.since.toISOString()]).toEqual(["2026-03-25", "2026-03-31", "2026-03-24T23:00:00.000Z"]);
  });

  it("takes last month across a year end", () => {
    const range = readReportRange({ range: "last_month" }, "UTC", new Date("2026-01-10T12:00:00Z"));
    expect([range.from, range.to, range.days, range.since.toISOString(), range.until.toISOString()]).toEqual([
      "2025-12-01",
      "2025-12-31",
      31,
      "2025-12-01T00:00:00.000Z",
      "2025-12-31T23:59:59.000Z",
    ]);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0s"],
    [0.4, "0s"],
    [42, "42s"],
    [60, "1m"],
    [750, "12m 30s"],
    [3600, "1h"],
    [3601, "1h"],
    [8040, "2h 14m"],
    [86_400, "1d"],
    [273_600, "3d 4h"],
    [-5, "0s"],
  ])("%s seconds → %s", (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe("percentChange", () => {
  it.each([
    [10, 0, null],
    [0, 0, null],
    [15, 10, 50],
    [5, 10, -50],
    [10, 10, 0],
    [1, 3, -67],
  ])("%s after %s → %s", (current, previous, change) => expect(percentChange(current, previous)).toBe(change));
});
