import { describe, expect, it } from "vitest";
import { formatDuration, percentChange } from "@/lib/format/durations";
import { readReportRange } from "@/lib/portal/loaders/reports";

const now = new Date("2026-11-23T22:30:00Z");

describe("readReportRange", () => {
  it.each([
    // params, zone, preset, from, to, since, until, corrected
    [{}, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), false],
    [{ range: "7d" }, "UTC", "7d", "2026-11-17", "2026-11-23", "2026-11-17T00:00:00.000Z", now.toISOString(), false],
    // 22:30Z is already the 24th in Auckland (UTC+13 in November): "today" is the venue's.
    [{ range: "7d" }, "Pacific/Auckland", "7d", "2026-11-18", "2026-11-24", "2026-11-17T11:00:00.000Z", now.toISOString(), false],
    [{ range: "90d" }, "UTC", "90d", "2026-08-26", "2026-11-23", "2026-08-26T00:00:00.000Z", now.toISOString(), false],
    // Whole local days, the last one included; Amsterdam leaves summer time on 25 Oct 2026.
    [{ from: "2026-10-24", to: "2026-10-25" }, "Europe/Amsterdam", "custom", "2026-10-24", "2026-10-25", "2026-10-23T22:00:00.000Z", "2026-10-25T23:00:00.000Z", false],
    // A range running into the future stops at now.
    [{ from: "2026-11-20", to: "2026-12-31" }, "UTC", "custom", "2026-11-20", "2026-12-31", "2026-11-20T00:00:00.000Z", now.toISOString(), false],
    [{ range: "1y" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-02-30", to: "2026-03-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-03-02", to: "2026-03-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-12-01", to: "2026-12-02" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2024-01-01", to: "2026-01-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
    [{ from: "2026-01-01" }, "UTC", "30d", "2026-10-25", "2026-11-23", "2026-10-25T00:00:00.000Z", now.toISOString(), true],
  ] as const)("%j in %s → %s %s…%s", (params, zone, preset, from, to, since, until, corrected) => {
    const range = readReportRange(params, zone, now);
    expect({ ...range, since: range.since.toISOString(), until: range.until.toISOString() }).toEqual({
      preset,
      from,
      to,
      timeZone: zone,
      since,
      until,
      corrected,
    });
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
