import { describe, expect, it } from "vitest";
import { hoursOf, monthsBetween, openSpans, rangeInstants, ratio, topsOf, weeksBetween, weekSpan, type OpeningSpace } from "@/lib/reports/planning/calendar";

const london = (overrides: Partial<OpeningSpace> = {}): OpeningSpace => ({
  timezone: "Europe/London",
  workingHoursEnabled: false,
  schedule: {},
  availableFrom: null,
  availableUntil: null,
  ...overrides,
});
const hours = (spans: [number, number][]) => spans.reduce((total, [start, end]) => total + (end - start), 0) / 3_600_000;
const weekdaysNineToFive = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday"].map((day) => [day, { open: "09:00", close: "17:00" }]));

describe("open hours of a week", () => {
  it.each([
    ["an ordinary week is open around the clock", london(), "2026-03-16", 168],
    ["the week the clocks go forward (29 March 2026) has 167 hours", london(), "2026-03-23", 167],
    ["the week the clocks go back (25 October 2026) has 169 hours", london(), "2026-10-19", 169],
    ["UTC never changes", london({ timezone: "UTC" }), "2026-03-23", 168],
    ["weekdays 09:00-17:00 are 40 hours", london({ workingHoursEnabled: true, schedule: weekdaysNineToFive }), "2026-03-23", 40],
    ["a malformed or inverted entry is a closed day", london({ workingHoursEnabled: true, schedule: { monday: { open: "9am", close: "17:00" }, tuesday: { open: "18:00", close: "08:00" }, sunday: { open: "10:00", close: "24:00" } } }), "2026-03-23", 14],
    ["working hours on with no schedule is closed all week", london({ workingHoursEnabled: true }), "2026-03-23", 0],
    ["days outside available_from/until are closed", london({ availableFrom: "2026-03-18", availableUntil: "2026-03-20" }), "2026-03-16", 72],
  ])("%s", (_name, space, monday, expected) => {
    expect(hours(openSpans(space, monday))).toBe(expected);
  });

  it("reads the schedule on the space's own clock", () => {
    const [first] = openSpans(london({ timezone: "America/New_York", workingHoursEnabled: true, schedule: { monday: { open: "09:00", close: "17:00" } } }), "2026-03-23");
    // 09:00 EDT is 13:00 UTC.
    expect(new Date(first![0]).toISOString()).toBe("2026-03-23T13:00:00.000Z");
  });
});

describe("report calendar", () => {
  it("turns local dates into instants in the zone, the last day included", () => {
    const { from, to } = rangeInstants("2026-03-01", "2026-03-31", "Europe/London");
    expect([from.toISOString(), to.toISOString()]).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-31T23:00:00.000Z"]);
  });

  it.each([
    ["2026-03-15", "2026-03-20", ["2026-03"]],
    ["2025-11-30", "2026-02-01", ["2025-11", "2025-12", "2026-01", "2026-02"]],
  ])("lists the months from %s to %s", (since, until, months) => {
    expect(monthsBetween(since, until)).toEqual(months);
  });

  it("widens a range to whole ISO weeks, Monday first", () => {
    // 2026-03-25 is a Wednesday, 2026-04-05 a Sunday.
    expect(weeksBetween("2026-03-25", "2026-04-05")).toEqual(["2026-03-23", "2026-03-30"]);
    expect(weeksBetween("2026-03-23", "2026-03-23")).toEqual(["2026-03-23"]);
  });

  it("bounds a week Monday to Monday on the local clock", () => {
    const [start, end] = weekSpan("2026-03-23", "Europe/London");
    expect((end - start) / 3_600_000).toBe(167);
  });

  it("finds each space's top within the set, however deep", () => {
    const tops = topsOf([
      { id: "grand", parentId: null },
      { id: "a", parentId: "grand" },
      { id: "a1", parentId: "a" },
      { id: "b", parentId: "grand" },
      { id: "annex", parentId: "elsewhere" },
    ]);
    expect(Object.fromEntries(tops)).toEqual({ grand: "grand", a: "grand", a1: "grand", b: "grand", annex: "annex" });
    // Filtered to Hall A's subtree, Hall A is the top.
    expect(Object.fromEntries(topsOf([{ id: "a", parentId: "grand" }, { id: "a1", parentId: "a" }]))).toEqual({ a: "a", a1: "a" });
  });

  it.each([
    [8, 40, 0.2],
    [1, 3, 0.3333],
    [0, 0, null],
  ])("%d of %d is %s", (part, whole, expected) => {
    expect(ratio(part, whole)).toBe(expected);
  });

  it("writes seconds as hours to the hundredth", () => {
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(1000)).toBe(0.28);
  });
});
