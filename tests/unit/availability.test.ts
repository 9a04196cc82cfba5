import { describe, expect, it } from "vitest";
import {
  findAvailableSlots,
  type Interval,
  type Schedule,
  type Slot,
  type SlotQuery,
  type SlotSpace,
  sortNumbers,
  spaceCapacity,
  withinAvailability,
  withinWorkingHours,
} from "@/lib/planning/availability";
import { addDays, instantAt, localDateOf, parseClock, type Weekday, weekdayOf } from "@/lib/planning/time";

const AMS = "Europe/Amsterdam";
const NY = "America/New_York";

const makeSpace = (overrides: Partial<SlotSpace> = {}): SlotSpace => ({
  id: "a",
  position: 0,
  name: "A",
  timezone: "UTC",
  active: true,
  workingHoursEnabled: false,
  schedule: {},
  availableFrom: null,
  availableUntil: null,
  capacity: 100,
  ...overrides,
});

// 2026-06-01 is a Monday.
const makeQuery = (overrides: Partial<SlotQuery> = {}): SlotQuery => ({
  durationMinutes: 60,
  startDate: "2026-06-01",
  endDate: "2026-06-01",
  startTime: "09:00",
  endTime: "12:00",
  maxResults: 50,
  intervalMinutes: 30,
  bufferBeforeMin: 0,
  bufferAfterMin: 0,
  ...overrides,
});

const at = (iso: string) => Date.parse(iso);
/** For the checks that take instants as Dates (an allocation's). */
const date = (iso: string) => new Date(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const interval = (spaceId: string, start: string, end: string): Interval => ({ spaceId, start: at(start), end: at(end) });
const starts = (slots: Slot[]) => slots.map((slot) => iso(slot.start).slice(0, 16));
const describeSlots = (slots: Slot[]) => slots.map((slot) => `${slot.spaceId} ${iso(slot.start).slice(0, 16)}–${iso(slot.end).slice(11, 16)}`);
const everyDay = (open: string, close: string): Schedule => ({
  monday: { open, close },
  tuesday: { open, close },
  wednesday: { open, close },
  thursday: { open, close },
  friday: { open, close },
  saturday: { open, close },
  sunday: { open, close },
});

describe("spaceCapacity", () => {
  it.each([
    [{}, null],
    [{ theater: null, classroom: null }, null],
    [{ theater: 100, standing: 250, banquet: 80 }, 250],
    [{ uShape: 30 }, 30],
    [{ u_shape: 40, boardroom: 12 }, 40],
    [{ maxCapacitySeated: 300, concert: 280 }, 300],
    [{ max_capacity_standing: 500, cocktail: 450 }, 500],
    [{ maxCapacityStanding: 90, classroom: undefined }, 90],
    [{ theater: 0 }, 0],
    [{ theater: Number.NaN, cocktail: 20 }, 20],
  ])("%j → %s", (fields, expected) => {
    expect(spaceCapacity(fields)).toBe(expected);
  });

  it("reads a full space row and ignores its other numeric columns", () => {
    const row = { id: "x", name: "Hall", position: 99, squareMeters: 5000, theater: 120, uShape: null, cocktail: 150 };
    expect(spaceCapacity(row)).toBe(150);
  });
});

describe("sortNumbers", () => {
  const descending = Array.from({ length: 40 }, (_, i) => 40 - i);
  it.each([
    ["nothing", [], []],
    ["one value", [5], [5]],
    ["a short run with ties and negatives", [3, -1, 3, 0, -7, 2], [-7, -1, 0, 2, 3, 3]],
    ["a short run already sorted", [1, 2, 3, 4], [1, 2, 3, 4]],
    ["32 values in reverse (the longest run sorted by insertion)", descending.slice(8), descending.slice(8).reverse()],
    ["40 values in reverse (past it: the engine sorts)", descending, [...descending].reverse()],
    ["epoch milliseconds, numerically, not as text", [1_767_225_600_000, 999_999_999_999, 1_000_000_000_000], [999_999_999_999, 1_000_000_000_000, 1_767_225_600_000]],
  ])("%s", (_, input, expected) => {
    const values = [...input];
    expect(sortNumbers(values)).toBe(values);
    expect(values).toEqual(expected);
  });
});

describe("findAvailableSlots: stepping", () => {
  it.each([
    [30, 60, ["09:00", "09:30", "10:00", "10:30", "11:00"]],
    [45, 60, ["09:00", "09:45", "10:30"]],
    [60, 90, ["09:00", "10:00"]],
    [60, 180, ["09:00"]],
    [30, 181, []],
    [15, 150, ["09:00", "09:15", "09:30"]],
  ])("every %s minutes, %s minutes long → %j", (intervalMinutes, durationMinutes, expected) => {
    const slots = findAvailableSlots([makeSpace()], [], [], makeQuery({ intervalMinutes, durationMinutes }));
    expect(starts(slots)).toEqual(expected.map((time) => `2026-06-01T${time}`));
    for (const slot of slots) expect(slot.end - slot.start).toBe(durationMinutes * 60_000);
  });

  it("walks each day of the range", () => {
    const slots = findAvailableSlots([makeSpace()], [], [], makeQuery({ endDate: "2026-06-03", durationMinutes: 180 }));
    expect(starts(slots)).toEqual(["2026-06-01T09:00", "2026-06-02T09:00", "2026-06-03T09:00"]);
  });

  it("allows a window ending at 24:00", () => {
    const slots = findAvailableSlots([makeSpace()], [], [], makeQuery({ startTime: "22:00", endTime: "24:00", durationMinutes: 60, intervalMinutes: 60 }));
    expect(describeSlots(slots)).toEqual(["a 2026-06-01T22:00–23:00", "a 2026-06-01T23:00–00:00"]);
  });

  it.each([
    ["overnight window", { startTime: "22:00", endTime: "02:00" }],
    ["empty window", { startTime: "10:00", endTime: "10:00" }],
    ["malformed start time", { startTime: "9:00" }],
    ["end date before start date", { startDate: "2026-06-02", endDate: "2026-06-01" }],
    ["malformed date", { startDate: "2026-02-30" }],
    ["zero interval", { intervalMinutes: 0 }],
    ["zero duration", { durationMinutes: 0 }],
    ["zero max results", { maxResults: 0 }],
    ["negative buffer", { bufferBeforeMin: -5 }],
  ])("returns [] for an %s", (_label, overrides) => {
    expect(findAvailableSlots([makeSpace()], [], [], makeQuery(overrides))).toEqual([]);
  });
});

describe("findAvailableSlots: working hours", () => {
  it.each<[string, Partial<SlotSpace>, string[]]>([
    ["schedule inside the window", { workingHoursEnabled: true, schedule: { monday: { open: "10:00", close: "11:30" } } }, ["10:00", "10:30", "11:00"]],
    // Steps stay anchored at the query's start time, not at the opening time.
    ["opening off the step grid", { workingHoursEnabled: true, schedule: { monday: { open: "10:15", close: "12:00" } } }, ["10:30", "11:00", "11:30"]],
    ["schedule wider than the window", { workingHoursEnabled: true, schedule: { monday: { open: "06:00", close: "23:00" } } }, ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]],
    ["no entry for the weekday", { workingHoursEnabled: true, schedule: { tuesday: { open: "00:00", close: "24:00" } } }, []],
    ["an empty schedule", { workingHoursEnabled: true, schedule: {} }, []],
    ["a schedule closing before it opens", { workingHoursEnabled: true, schedule: { monday: { open: "18:00", close: "02:00" } } }, []],
    ["a schedule outside the window", { workingHoursEnabled: true, schedule: { monday: { open: "13:00", close: "17:00" } } }, []],
    ["working hours switched off", { workingHoursEnabled: false, schedule: {} }, ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]],
  ])("%s", (_label, overrides, expected) => {
    const slots = findAvailableSlots([makeSpace(overrides)], [], [], makeQuery({ durationMinutes: 30 }));
    expect(starts(slots)).toEqual(expected.map((time) => `2026-06-01T${time}`));
  });
});

describe("findAvailableSlots: DST days", () => {
  it.each([
    // Amsterdam: Saturday before and Sunday of each change; 09:00 local moves by an hour in UTC.
    [AMS, "2026-03-28", "2026-03-29", ["2026-03-28T08:00", "2026-03-29T07:00"]],
    [AMS, "2026-10-24", "2026-10-25", ["2026-10-24T07:00", "2026-10-25T08:00"]],
    [NY, "2026-03-07", "2026-03-08", ["2026-03-07T14:00", "2026-03-08T13:00"]],
    [NY, "2026-10-31", "2026-11-01", ["2026-10-31T13:00", "2026-11-01T14:00"]],
  ])("a 09:00–17:00 schedule in %s keeps 09:00 local on %s and %s", (timezone, startDate, endDate, firstStarts) => {
    const space = makeSpace({ timezone, workingHoursEnabled: true, schedule: everyDay("09:00", "17:00") });
    const slots = findAvailableSlots([space], [], [], makeQuery({ startDate, endDate, startTime: "00:00", endTime: "24:00", intervalMinutes: 60 }));
    expect(slots).toHaveLength(16);
    expect(starts([slots[0] as Slot, slots[8] as Slot])).toEqual(firstStarts);
  });

  it.each([
    // The gap swallows 02:00 and 02:30, and the window is two real hours long.
    [30, ["00:00–00:30", "00:30–01:00", "01:00–01:30", "01:30–02:00"]],
    [120, ["00:00–02:00"]],
    [150, []],
  ])("a 01:00–04:00 window on Amsterdam spring-forward day, %s minutes long", (durationMinutes, expected) => {
    const space = makeSpace({ timezone: AMS });
    const query = makeQuery({ startDate: "2026-03-29", endDate: "2026-03-29", startTime: "01:00", endTime: "04:00", durationMinutes });
    expect(describeSlots(findAvailableSlots([space], [], [], query)).map((text) => text.slice(13))).toEqual(expected);
  });

  it.each([
    // 00:00–04:00 on fall-back day lasts five real hours (22:00Z–03:00Z).
    [300, 60, ["2026-10-24T22:00–03:00"]],
    [301, 1, []],
    [270, 30, ["2026-10-24T22:00–02:30", "2026-10-24T22:30–03:00"]],
    [240, 60, ["2026-10-24T22:00–02:00", "2026-10-24T23:00–03:00"]],
    // Repeated wall times start at their earlier instant only: 02:00 and 02:30 are 00:00Z and 00:30Z.
    [60, 30, ["2026-10-24T22:00–23:00", "2026-10-24T22:30–23:30", "2026-10-24T23:00–00:00", "2026-10-24T23:30–00:30", "2026-10-25T00:00–01:00", "2026-10-25T00:30–01:30", "2026-10-25T02:00–03:00"]],
  ])("a 00:00–04:00 window on Amsterdam fall-back day, %s minutes every %s", (durationMinutes, intervalMinutes, expected) => {
    const space = makeSpace({ timezone: AMS });
    const query = makeQuery({ startDate: "2026-10-25", endDate: "2026-10-25", startTime: "00:00", endTime: "04:00", durationMinutes, intervalMinutes });
    expect(describeSlots(findAvailableSlots([space], [], [], query)).map((text) => text.slice(2))).toEqual(expected);
  });

  it("a 01:00–04:00 window on New York spring-forward day skips 02:xx", () => {
    const query = makeQuery({ startDate: "2026-03-08", endDate: "2026-03-08", startTime: "01:00", endTime: "04:00", durationMinutes: 30 });
    expect(starts(findAvailableSlots([makeSpace({ timezone: NY })], [], [], query))).toEqual([
      "2026-03-08T06:00",
      "2026-03-08T06:30",
      "2026-03-08T07:00",
      "2026-03-08T07:30",
    ]);
  });

  it("a 00:00–03:00 window on New York fall-back day lasts four hours", () => {
    const query = makeQuery({ startDate: "2026-11-01", endDate: "2026-11-01", startTime: "00:00", endTime: "03:00", durationMinutes: 240 });
    expect(describeSlots(findAvailableSlots([makeSpace({ timezone: NY })], [], [], query))).toEqual(["a 2026-11-01T04:00–08:00"]);
  });

  it("opening hours that start inside the gap open when the clocks jump", () => {
    const space = makeSpace({ timezone: AMS, workingHoursEnabled: true, schedule: { sunday: { open: "02:30", close: "05:00" } } });
    const query = makeQuery({ startDate: "2026-03-29", endDate: "2026-03-29", startTime: "00:00", endTime: "06:00", durationMinutes: 60, intervalMinutes: 60 });
    expect(starts(findAvailableSlots([space], [], [], query))).toEqual(["2026-03-29T01:00", "2026-03-29T02:00"]);
  });
});

describe("findAvailableSlots: weekdays", () => {
  it.each<[string, Weekday[] | null | undefined, string[]]>([
    ["every day when absent", undefined, ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14"]],
    ["every day when null", null, ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14"]],
    ["Saturdays", ["saturday"], ["06", "13"]],
    ["the weekend", ["saturday", "sunday"], ["06", "07", "13", "14"]],
    ["in any order, repeats ignored", ["sunday", "saturday", "sunday"], ["06", "07", "13", "14"]],
    ["Mondays, the range's first day", ["monday"], ["01", "08"]],
    ["every day named", ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14"]],
  ])("%s", (_label, weekdays, days) => {
    // June 1–14, 2026: Monday to Sunday, twice.
    const query = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-14", durationMinutes: 180, weekdays });
    expect(starts(findAvailableSlots([makeSpace()], [], [], query))).toEqual(days.map((day) => `2026-06-${day}T09:00`));
  });

  it.each<[string, string, string, string, string, string, Weekday[], string[]]>([
    // Saturday 23:00 in New York is already Sunday in UTC; Sunday 23:00 there is Monday in UTC.
    ["New York, Saturday late evening", NY, "2026-06-05", "2026-06-08", "23:00", "24:00", ["saturday"], ["2026-06-07T03:00"]],
    ["New York, Sunday late evening", NY, "2026-06-05", "2026-06-08", "23:00", "24:00", ["sunday"], ["2026-06-08T03:00"]],
    // Kiritimati is UTC+14: its Saturday morning is Friday evening in UTC.
    ["Kiritimati (UTC+14), Saturday morning", "Pacific/Kiritimati", "2026-06-05", "2026-06-07", "09:00", "10:00", ["saturday"], ["2026-06-05T19:00"]],
    ["Kiritimati (UTC+14), Friday morning", "Pacific/Kiritimati", "2026-06-05", "2026-06-07", "09:00", "10:00", ["friday"], ["2026-06-04T19:00"]],
    // Pago Pago is UTC-11: its Saturday evening is Sunday morning in UTC.
    ["Pago Pago (UTC-11), Saturday evening", "Pacific/Pago_Pago", "2026-06-05", "2026-06-07", "20:00", "21:00", ["saturday"], ["2026-06-07T07:00"]],
    // Amsterdam springs forward on Sunday 29 March 2026 at 02:00: Sunday's 02:00 does not exist.
    ["Amsterdam spring-forward Saturday", AMS, "2026-03-27", "2026-03-30", "01:00", "04:00", ["saturday"], ["2026-03-28T00:00", "2026-03-28T01:00", "2026-03-28T02:00"]],
    ["Amsterdam spring-forward Sunday", AMS, "2026-03-27", "2026-03-30", "01:00", "04:00", ["sunday"], ["2026-03-29T00:00", "2026-03-29T01:00"]],
    // New York falls back on Sunday 1 November 2026: Saturday 23:00 is EDT (UTC-4), Sunday 23:00 EST (UTC-5).
    ["New York fall-back weekend", NY, "2026-10-30", "2026-11-02", "23:00", "24:00", ["saturday", "sunday"], ["2026-11-01T03:00", "2026-11-02T04:00"]],
  ])("%s", (_label, timezone, startDate, endDate, startTime, endTime, weekdays, expected) => {
    const query = makeQuery({ startDate, endDate, startTime, endTime, durationMinutes: 60, intervalMinutes: 60, weekdays });
    expect(starts(findAvailableSlots([makeSpace({ timezone })], [], [], query))).toEqual(expected);
  });

  it("reads each space's weekday in its own zone, even when the UTC days differ", () => {
    // Saturday 6 June 09:00: 13:00Z in New York, Friday 21:00Z in Auckland.
    const pair = [makeSpace({ id: "ny", timezone: NY, position: 0 }), makeSpace({ id: "akl", timezone: "Pacific/Auckland", position: 1 })];
    const query = makeQuery({ startDate: "2026-06-04", endDate: "2026-06-08", startTime: "09:00", endTime: "10:00", weekdays: ["saturday"] });
    expect(describeSlots(findAvailableSlots(pair, [], [], query))).toEqual(["akl 2026-06-05T21:00–22:00", "ny 2026-06-06T13:00–14:00"]);
  });

  it("finds nothing when no date of the range is one of the weekdays", () => {
    const query = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-05", weekdays: ["saturday", "sunday"] });
    expect(findAvailableSlots([makeSpace()], [], [], query)).toEqual([]);
  });

  it("keeps to working hours: a Saturday filter finds nothing in a space closed on Saturdays", () => {
    const space = makeSpace({ workingHoursEnabled: true, schedule: { friday: { open: "09:00", close: "17:00" }, sunday: { open: "09:00", close: "17:00" } } });
    const query = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-14", weekdays: ["saturday"] });
    expect(findAvailableSlots([space], [], [], query)).toEqual([]);
  });
});

describe("findAvailableSlots: busy intervals and buffers", () => {
  const busy = [interval("a", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z"), interval("b", "2026-06-01T09:00:00Z", "2026-06-01T13:00:00Z")];

  it.each([
    // Touching a busy interval is fine (half-open ranges); any overlap, buffers included, is not.
    [0, 0, ["09:00", "11:00", "12:00"]],
    [0, 15, ["11:00", "12:00"]],
    [15, 0, ["09:00", "12:00"]],
    [15, 15, ["12:00"]],
    [60, 0, ["09:00", "12:00"]],
    [61, 0, ["09:00"]],
  ])("buffer before %s, after %s → %j", (bufferBeforeMin, bufferAfterMin, expected) => {
    const query = makeQuery({ startTime: "09:00", endTime: "13:00", intervalMinutes: 60, bufferBeforeMin, bufferAfterMin });
    const slots = findAvailableSlots([makeSpace()], busy, [], query);
    expect(starts(slots)).toEqual(expected.map((time) => `2026-06-01T${time}`));
    // Buffers widen what must be free, never the slot itself.
    for (const slot of slots) expect(slot.end - slot.start).toBe(3_600_000);
  });

  it("only the space's own busy intervals block it", () => {
    const slots = findAvailableSlots([makeSpace(), makeSpace({ id: "b", name: "B" })], busy, [], makeQuery({ startTime: "09:00", endTime: "14:00", intervalMinutes: 60 }));
    expect(describeSlots(slots)).toEqual([
      "a 2026-06-01T09:00–10:00",
      "a 2026-06-01T11:00–12:00",
      "a 2026-06-01T12:00–13:00",
      "a 2026-06-01T13:00–14:00",
      "b 2026-06-01T13:00–14:00",
    ]);
  });

  it("ignores empty and inverted intervals", () => {
    const odd = [interval("a", "2026-06-01T10:00:00Z", "2026-06-01T10:00:00Z"), interval("a", "2026-06-01T11:00:00Z", "2026-06-01T10:00:00Z")];
    expect(starts(findAvailableSlots([makeSpace()], odd, [], makeQuery({ intervalMinutes: 60 })))).toEqual(["2026-06-01T09:00", "2026-06-01T10:00", "2026-06-01T11:00"]);
  });
});

describe("findAvailableSlots: tentative overlaps", () => {
  const holds = [
    interval("a", "2026-06-01T09:30:00Z", "2026-06-01T10:30:00Z"),
    interval("a", "2026-06-01T10:59:00Z", "2026-06-01T12:00:00Z"),
    interval("a", "2026-06-01T11:00:00Z", "2026-06-01T12:00:00Z"),
    interval("a", "2026-06-01T08:00:00Z", "2026-06-01T10:00:00Z"),
    interval("b", "2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z"),
  ];

  it.each([
    // The 10:00–11:00 slot meets the 09:30 and 10:59 holds; the 11:00 one and the 08:00 one only touch it.
    [0, 0, 2],
    // A buffer after reaches the 11:00 hold, a buffer before the 08:00 one.
    [0, 30, 3],
    [30, 0, 3],
    [30, 30, 4],
  ])("buffer before %s, after %s → %s holds", (bufferBeforeMin, bufferAfterMin, expected) => {
    const query = makeQuery({ startTime: "10:00", endTime: "11:00", bufferBeforeMin, bufferAfterMin });
    const slots = findAvailableSlots([makeSpace()], [], holds, query);
    expect(slots).toHaveLength(1);
    expect(slots[0]?.tentativeOverlaps).toBe(expected);
  });

  it("holds never block", () => {
    const slots = findAvailableSlots([makeSpace()], [], holds, makeQuery({ intervalMinutes: 60 }));
    expect(slots.map((slot) => slot.tentativeOverlaps)).toEqual([2, 2, 2]);
  });
});

describe("findAvailableSlots: availability dates", () => {
  it.each<[string | null, string | null, string[]]>([
    [null, null, ["01", "02", "03", "04", "05"]],
    ["2026-06-02", null, ["02", "03", "04", "05"]],
    [null, "2026-06-03", ["01", "02", "03"]],
    ["2026-06-02", "2026-06-04", ["02", "03", "04"]],
    ["2026-06-03", "2026-06-03", ["03"]],
    ["2026-06-06", null, []],
    [null, "2026-05-31", []],
  ])("from %s until %s → June %j", (availableFrom, availableUntil, days) => {
    const query = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-05", durationMinutes: 180 });
    const slots = findAvailableSlots([makeSpace({ availableFrom, availableUntil })], [], [], query);
    expect(starts(slots)).toEqual(days.map((day) => `2026-06-${day}T09:00`));
  });

  it("bounds are local dates of the space", () => {
    // 20:00–23:00 in New York on June 1 is June 2 in UTC, still bookable until June 1.
    const space = makeSpace({ timezone: NY, availableUntil: "2026-06-01" });
    const query = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-02", startTime: "20:00", endTime: "23:00", durationMinutes: 180 });
    expect(describeSlots(findAvailableSlots([space], [], [], query))).toEqual(["a 2026-06-02T00:00–03:00"]);
  });
});

describe("findAvailableSlots: capacity and activity", () => {
  const spaces = [
    makeSpace({ id: "small", name: "Small", capacity: 10 }),
    makeSpace({ id: "large", name: "Large", capacity: 50 }),
    makeSpace({ id: "unknown", name: "Unknown", capacity: null }),
    makeSpace({ id: "closed", name: "Closed", capacity: 500, active: false }),
  ];

  it.each<[number | null | undefined, string[]]>([
    [undefined, ["large", "small", "unknown"]],
    [null, ["large", "small", "unknown"]],
    [10, ["large", "small"]],
    [11, ["large"]],
    [50, ["large"]],
    [51, []],
  ])("%s attendees → %j", (attendeesCount, expected) => {
    const slots = findAvailableSlots(spaces, [], [], makeQuery({ attendeesCount, durationMinutes: 180 }));
    expect(slots.map((slot) => slot.spaceId)).toEqual(expected);
  });
});

describe("findAvailableSlots: ordering and max_results", () => {
  // June 1, 09:00–11:00 local, hourly: Amsterdam (UTC+2) 07:00Z and 08:00Z, London (UTC+1) 08:00Z and
  // 09:00Z, New York (UTC-4) 13:00Z and 14:00Z; two UTC spaces tie on position and on name.
  const spaces = [
    makeSpace({ id: "ams", name: "Amstel", position: 2, timezone: AMS }),
    makeSpace({ id: "lon", name: "Thames", position: 1, timezone: "Europe/London" }),
    makeSpace({ id: "ny", name: "Hudson", position: 0, timezone: NY }),
    makeSpace({ id: "utc-2", name: "Zulu", position: 3, timezone: "UTC" }),
    makeSpace({ id: "utc-1", name: "Zulu", position: 3, timezone: "UTC" }),
    makeSpace({ id: "utc-0", name: "Alpha", position: 3, timezone: "UTC" }),
  ];
  const query = makeQuery({ startTime: "09:00", endTime: "11:00", intervalMinutes: 60 });
  const expected = [
    "ams 2026-06-01T07:00–08:00",
    "lon 2026-06-01T08:00–09:00",
    "ams 2026-06-01T08:00–09:00",
    "lon 2026-06-01T09:00–10:00",
    "utc-0 2026-06-01T09:00–10:00",
    "utc-1 2026-06-01T09:00–10:00",
    "utc-2 2026-06-01T09:00–10:00",
    "utc-0 2026-06-01T10:00–11:00",
    "utc-1 2026-06-01T10:00–11:00",
    "utc-2 2026-06-01T10:00–11:00",
    "ny 2026-06-01T13:00–14:00",
    "ny 2026-06-01T14:00–15:00",
  ];

  it("orders by start, then position, name and id, whatever the input order", () => {
    expect(describeSlots(findAvailableSlots(spaces, [], [], query))).toEqual(expected);
    expect(describeSlots(findAvailableSlots([...spaces].reverse(), [], [], query))).toEqual(expected);
  });

  it.each([1, 2, 3, 5, 11, 12, 13])("max_results %s keeps the earliest", (maxResults) => {
    expect(describeSlots(findAvailableSlots(spaces, [], [], { ...query, maxResults }))).toEqual(expected.slice(0, maxResults));
  });

  it("a later day of one zone does not overtake an earlier instant of another", () => {
    // Auckland's June 2 morning (UTC+12) is June 1 evening in UTC, before New York's June 1 morning.
    const pair = [makeSpace({ id: "ny", timezone: NY, position: 0 }), makeSpace({ id: "akl", timezone: "Pacific/Auckland", position: 1 })];
    const twoDays = makeQuery({ startDate: "2026-06-01", endDate: "2026-06-02", startTime: "09:00", endTime: "10:00", maxResults: 3 });
    expect(describeSlots(findAvailableSlots(pair, [], [], twoDays))).toEqual([
      "akl 2026-05-31T21:00–22:00",
      "ny 2026-06-01T13:00–14:00",
      "akl 2026-06-01T21:00–22:00",
    ]);
  });
});

describe("withinWorkingHours", () => {
  const office = makeSpace({ timezone: AMS, workingHoursEnabled: true, schedule: { monday: { open: "09:00", close: "17:00" } } });
  const allDay = makeSpace({ timezone: AMS, workingHoursEnabled: true, schedule: everyDay("00:00", "24:00") });

  it.each<[string, SlotSpace, string, string, boolean]>([
    ["the whole opening", office, "2026-06-01T07:00:00Z", "2026-06-01T15:00:00Z", true],
    ["inside", office, "2026-06-01T08:00:00Z", "2026-06-01T09:00:00Z", true],
    ["starting a minute early", office, "2026-06-01T06:59:00Z", "2026-06-01T09:00:00Z", false],
    ["ending a minute late", office, "2026-06-01T14:00:00Z", "2026-06-01T15:01:00Z", false],
    ["on a closed weekday", office, "2026-06-02T08:00:00Z", "2026-06-02T09:00:00Z", false],
    ["working hours off", { ...office, workingHoursEnabled: false }, "2026-06-02T01:00:00Z", "2026-06-03T01:00:00Z", true],
    ["running to midnight", allDay, "2026-06-01T20:00:00Z", "2026-06-01T22:00:00Z", true],
    ["crossing midnight", allDay, "2026-06-01T20:00:00Z", "2026-06-01T22:01:00Z", false],
    // Fall-back Sunday lasts 25 hours and all of them are open.
    ["the whole 25-hour fall-back day", allDay, "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", true],
    ["the whole 23-hour spring-forward day", allDay, "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", true],
  ])("%s", (_label, space, start, end, expected) => {
    expect(withinWorkingHours(space, date(start), date(end))).toBe(expected);
  });
});

describe("withinAvailability", () => {
  const space = makeSpace({ timezone: NY, availableFrom: "2026-06-01", availableUntil: "2026-06-01" });

  it.each([
    ["inside the local day", "2026-06-01T13:00:00Z", "2026-06-01T14:00:00Z", true],
    ["the evening, already June 2 in UTC", "2026-06-02T00:00:00Z", "2026-06-02T03:00:00Z", true],
    ["ending at local midnight", "2026-06-02T02:00:00Z", "2026-06-02T04:00:00Z", true],
    ["ending a minute past local midnight", "2026-06-02T02:00:00Z", "2026-06-02T04:01:00Z", false],
    ["starting the local day before", "2026-06-01T03:59:00Z", "2026-06-01T05:00:00Z", false],
  ])("%s", (_label, start, end, expected) => {
    expect(withinAvailability(space, date(start), date(end))).toBe(expected);
  });

  it("is always true without bounds", () => {
    expect(withinAvailability(makeSpace(), date("2000-01-01T00:00:00Z"), date("2100-01-01T00:00:00Z"))).toBe(true);
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure reproduces. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The rules written out the slow way: Temporal for every candidate, a scan of every interval, a full sort. */
const referenceSlots = (spaces: SlotSpace[], busy: Interval[], holds: Interval[], query: SlotQuery): Slot[] => {
  const clock = (value: string) => parseClock(value) as number;
  const bySpace = (list: Interval[]) => {
    const grouped = new Map<string, Interval[]>();
    for (const item of list) {
      const group = grouped.get(item.spaceId);
      if (group) group.push(item);
      else grouped.set(item.spaceId, [item]);
    }
    return grouped;
  };
  const busyBySpace = bySpace(busy);
  const holdsBySpace = bySpace(holds);
  const overlaps = (grouped: Map<string, Interval[]>, spaceId: string, from: number, to: number) =>
    (grouped.get(spaceId) ?? []).filter((item) => item.start < to && item.end > from).length;
  const found: { slot: Slot; space: SlotSpace }[] = [];
  for (const space of spaces) {
    if (!space.active) continue;
    if (query.attendeesCount != null && (space.capacity === null || space.capacity < query.attendeesCount)) continue;
    for (let date = query.startDate; date <= query.endDate; date = addDays(date, 1)) {
      if ((space.availableFrom && date < space.availableFrom) || (space.availableUntil && date > space.availableUntil)) continue;
      let open = clock(query.startTime);
      let close = clock(query.endTime);
      if (space.workingHoursEnabled) {
        const hours = space.schedule[weekdayOf(date)];
        if (!hours) continue;
        open = Math.max(open, clock(hours.open));
        close = Math.min(close, clock(hours.close));
      }
      const openAt = instantAt(date, open, space.timezone) as Date;
      const closeAt = instantAt(date, close, space.timezone) as Date;
      for (let minutes = clock(query.startTime); minutes < 1440; minutes += query.intervalMinutes) {
        const start = instantAt(date, minutes, space.timezone);
        if (!start) continue;
        const end = new Date(start.getTime() + query.durationMinutes * 60_000);
        if (start < openAt || end > closeAt) continue;
        const from = start.getTime() - query.bufferBeforeMin * 60_000;
        const to = end.getTime() + query.bufferAfterMin * 60_000;
        if (overlaps(busyBySpace, space.id, from, to) > 0) continue;
        found.push({ space, slot: { spaceId: space.id, start: start.getTime(), end: end.getTime(), tentativeOverlaps: overlaps(holdsBySpace, space.id, from, to) } });
      }
    }
  }
  found.sort((a, b) => a.slot.start - b.slot.start || a.space.position - b.space.position || (a.space.id < b.space.id ? -1 : 1));
  return found.slice(0, query.maxResults).map((item) => item.slot);
};

describe("findAvailableSlots at benchmark size", () => {
  const next = random(20260329);
  const zones = ["UTC", AMS, NY, "Asia/Kolkata", "Pacific/Auckland"];
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const month = { startDate: "2026-03-01", endDate: "2026-03-31" };

  const spaces: SlotSpace[] = Array.from({ length: 50 }, (_, i) => {
    const workingHoursEnabled = next() < 0.5;
    const schedule: Schedule = {};
    // Openings stay clear of the 02:00–03:00 DST gaps so the reference can use instantAt for them.
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const) {
      if (next() < 0.8) schedule[day] = { open: pick(["06:00", "08:00", "09:30"]), close: pick(["17:00", "20:15", "24:00"]) };
    }
    return makeSpace({
      id: `space-${String(i).padStart(2, "0")}`,
      name: `Space ${i}`,
      // Same position for groups of spaces, so ties fall back to name and id.
      position: Math.floor(i / 5),
      timezone: pick(zones),
      workingHoursEnabled,
      schedule,
      availableFrom: next() < 0.2 ? "2026-03-05" : null,
      availableUntil: next() < 0.2 ? "2026-03-25" : null,
      capacity: next() < 0.1 ? null : 20 + Math.floor(next() * 200),
      active: next() < 0.95,
    });
  });
  // Give names that sort like the ids, so the reference's id tie-break is the same order.
  for (const space of spaces) space.name = space.id;

  const base = Date.parse("2026-02-28T00:00:00Z");
  const randomIntervals = (count: number, maxMinutes: number) =>
    Array.from({ length: count }, () => {
      const start = base + Math.floor(next() * 33 * 96) * 15 * 60_000;
      return { spaceId: pick(spaces).id, start, end: start + (15 + Math.floor(next() * maxMinutes)) * 60_000 };
    });
  const busy = randomIntervals(20_000, 180);
  const holds = randomIntervals(3_000, 240);
  const query = makeQuery({
    ...month,
    startTime: "00:30",
    endTime: "23:30",
    durationMinutes: 90,
    intervalMinutes: 30,
    bufferBeforeMin: 15,
    bufferAfterMin: 10,
    attendeesCount: 40,
    maxResults: 100_000,
  });

  it("matches the slow reference in full, across zones and DST days", () => {
    const expected = referenceSlots(spaces, busy, holds, query);
    const actual = findAvailableSlots(spaces, busy, holds, query);
    // The data set must exercise both outcomes: many free slots, many blocked candidates.
    expect(expected.length).toBeGreaterThan(1_000);
    expect(expected.length).toBeLessThan(findAvailableSlots(spaces, [], [], query).length - 1_000);
    expect(expected.some((slot) => slot.tentativeOverlaps > 0)).toBe(true);
    expect(actual).toEqual(expected);
    expect(findAvailableSlots(spaces, busy, holds, { ...query, maxResults: 50 })).toEqual(expected.slice(0, 50));
    // The weekend filter keeps exactly the slots that start on a Saturday or Sunday in their space's zone.
    const zoneOf = new Map(spaces.map((space) => [space.id, space.timezone]));
    const weekend = expected.filter((slot) => ["saturday", "sunday"].includes(weekdayOf(localDateOf(new Date(slot.start), zoneOf.get(slot.spaceId)!))));
    expect(weekend.length).toBeGreaterThan(100);
    expect(findAvailableSlots(spaces, busy, holds, { ...query, weekdays: ["saturday", "sunday"] })).toEqual(weekend);
    // The reference converts every candidate through Temporal: seconds on a busy machine.
  }, 60_000);

  it("matches the slow reference with a few intervals a space, as a month of bookings holds", () => {
    // 20,000 intervals give each space hundreds; a few hundred give it a handful, the short runs sorted by insertion.
    const week = { ...query, endDate: "2026-03-09" };
    const fewBusy = busy.slice(0, 400);
    const fewHolds = holds.slice(0, 150);
    const expected = referenceSlots(spaces, fewBusy, fewHolds, week);
    expect(expected.length).toBeLessThan(findAvailableSlots(spaces, [], [], week).length - 20);
    expect(expected.some((slot) => slot.tentativeOverlaps > 0)).toBe(true);
    expect(findAvailableSlots(spaces, fewBusy, fewHolds, week)).toEqual(expected);
  }, 60_000);

  it("returns slots that are free on direct inspection", () => {
    const slots = findAvailableSlots(spaces, busy, holds, { ...query, maxResults: 500 });
    expect(slots).toHaveLength(500);
    for (const slot of [slots[0], slots[123], slots[499]] as Slot[]) {
      const space = spaces.find((item) => item.id === slot.spaceId) as SlotSpace;
      expect(space.active && (space.capacity ?? 0) >= 40).toBe(true);
      const from = slot.start - 15 * 60_000;
      const to = slot.end + 10 * 60_000;
      expect(busy.filter((item) => item.spaceId === slot.spaceId && item.start < to && item.end > from)).toEqual([]);
      expect(withinWorkingHours(space, new Date(slot.start), new Date(slot.end))).toBe(true);
      expect(withinAvailability(space, new Date(slot.start), new Date(slot.end))).toBe(true);
    }
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.start).toBeGreaterThanOrEqual(slots[i - 1]!.start);
  });
});
