import { describe, expect, it } from "vitest";
import {
  bookingInTheWay,
  chipTime,
  chipsByDay,
  freeWindow,
  layoutRow,
  monthLabel,
  openingMinutes,
  refusalText,
  relatedSpaces,
  statusDetail,
  statusShort,
  weekdayLabel,
  type Occupant,
} from "@/components/planning/calendar/model";
import { addMonths, buildScale, firstDateOf, monthDates, stepDate } from "@/components/planning/calendar/time-scale";
import type { CalendarSpace } from "@/lib/portal/loaders/calendar";

const zone = "Europe/Amsterdam";
/** 10 March 2026 (a Tuesday) at a wall time in Amsterdam (UTC+1 that day). */
const at = (time: string, date = "2026-03-10") => Date.parse(`${date}T${time}:00+01:00`);
const HOUR = 3_600_000;

const space = (id: string, over: Partial<CalendarSpace> = {}): CalendarSpace => ({
  id,
  name: id,
  parent_id: null,
  position: 0,
  active: true,
  timezone: zone,
  working_hours_enabled: false,
  schedule: {},
  ...over,
});

const occupant = (id: string, spaceId: string, from: string, to: string, over: Partial<Occupant> = {}): Occupant => ({
  id,
  spaceId,
  status: "confirmed",
  start: at(from),
  end: at(to),
  blockStart: at(from),
  blockEnd: at(to),
  label: id,
  ...over,
});

describe("layoutRow", () => {
  // A row 1,000 px wide over one day: 1 px is 86.4 seconds.
  const dayStart = at("00:00");
  const x = (ms: number) => (ms - dayStart) / (24 * HOUR);
  const block = (id: string, from: string, to: string) => ({ id, start: at(from), end: at(to), blockStart: at(from), blockEnd: at(to) });

  it.each([
    ["a block wide enough carries its words", [block("a", "10:00", "12:00")], { a: ["inside", 0] }, 1],
    ["a narrow block has them after it", [block("a", "10:00", "10:30")], { a: ["after", 0] }, 1],
    ["near the end of the row they go before it", [block("a", "23:30", "24:00")], { a: ["before", 0] }, 1],
    // The label after the first (about 3.3 hours at 136 px) covers the second: it takes a lane of its own.
    ["a name beside a block keeps its room free", [block("a", "10:00", "10:30"), block("b", "12:00", "14:00")], { a: ["after", 0], b: ["inside", 1] }, 2],
    ["blocks far enough apart share a lane", [block("a", "08:00", "08:30"), block("b", "14:00", "16:00")], { a: ["after", 0], b: ["inside", 0] }, 1],
    ["wide blocks that overlap go side by side", [block("a", "10:00", "13:00"), block("b", "12:00", "14:00")], { a: ["inside", 0], b: ["inside", 1] }, 2],
  ] as const)("%s", (_, items, expected, count) => {
    const result = layoutRow([...items], x, 1000, { insidePx: 40, labelPx: 136 });
    for (const [id, [place, lane]] of Object.entries(expected)) {
      expect(result.places.get(id)).toBe(place);
      expect(result.lanes.get(id)).toBe(lane);
    }
    expect(result.count).toBe(count);
  });

  it("treats an unmeasured row as one pixel wide rather than dividing by zero", () => {
    const result = layoutRow([block("a", "10:00", "12:00")], x, 0);
    expect(result.places.get("a")).toBe("before");
    expect(result.count).toBe(1);
  });
});

describe("bookingInTheWay", () => {
  // The hall contains room A; the garden stands alone.
  const related = relatedSpaces([space("hall"), space("room", { parent_id: "hall" }), space("garden")]);
  const wedding = occupant("wedding", "hall", "10:00", "12:00");
  const buffered = occupant("recording", "room", "21:30", "23:00", { blockStart: at("21:00"), blockEnd: at("24:00") });
  const hold = occupant("option", "hall", "14:00", "16:00", { status: "tentative" });
  const occupants = [wedding, buffered, hold];
  const target = (spaceId: string, from: string, to: string, selfId: string | null = null) => ({ spaceId, blockStart: at(from), blockEnd: at(to), selfId });

  it.each([
    ["over a booking of the same space", target("hall", "11:00", "13:00"), "wedding"],
    ["over a booking of the space it is inside", target("room", "09:00", "10:30"), "wedding"],
    ["over a booking of a space inside it", target("hall", "22:00", "22:30"), "recording"],
    ["over a booking's buffer only", target("room", "20:00", "21:15"), "recording"],
    ["ending as the booking starts", target("hall", "08:00", "10:00"), null],
    ["starting as the booking ends", target("hall", "12:00", "13:00"), null],
    ["on an unrelated space", target("garden", "10:00", "12:00"), null],
    ["over a hold, which never refuses", target("hall", "14:30", "15:00"), null],
    ["the booking itself being moved", target("hall", "11:00", "13:00", "wedding"), null],
  ] as const)("%s: %s", (_, placement, expected) => {
    expect(bookingInTheWay(placement, occupants, related)?.id ?? null).toBe(expected);
  });

  it("names the earliest of several", () => {
    expect(bookingInTheWay(target("hall", "09:00", "23:30"), occupants, related)?.id).toBe("wedding");
  });

  it.each([
    ["the same space", target("hall", "11:00", "13:00"), wedding, "Booked: wedding 10:00–12:00"],
    ["a related space", target("room", "11:00", "13:00"), wedding, "Booked: wedding 10:00–12:00 in hall"],
    ["buffers only", target("room", "20:00", "21:15"), buffered, "Booked: recording 21:30–23:00 (buffers 21:00–24:00)"],
  ] as const)("says why over %s", (_, placement, blocker, text) => {
    expect(refusalText(blocker, placement, zone, (id) => id)).toBe(text);
  });

  it.each([
    ["free time proposes the hour", "08:00", { start: at("08:00"), end: at("09:00") }, null],
    ["an hour running into a booking stops where it starts", "09:30", { start: at("09:30"), end: at("10:00") }, null],
    ["booked time proposes nothing", "10:30", null, "wedding"],
  ] as const)("a click: %s", (_, from, window, blocker) => {
    const result = freeWindow("hall", at(from), at(from) + HOUR, occupants, related);
    expect(result.window).toEqual(window);
    expect(result.blocker?.id ?? null).toBe(blocker);
  });
});

describe("openingMinutes", () => {
  const hours = (open: string) => Object.fromEntries(["monday", "tuesday", "wednesday"].map((day) => [day, { open, close: "22:00" }]));
  it.each([
    ["no space keeps hours: 08:00", [space("a")], ["2026-03-10"], 8 * 60],
    ["the earliest opening of the spaces", [space("a", { working_hours_enabled: true, schedule: hours("09:00") }), space("b", { working_hours_enabled: true, schedule: hours("07:00") })], ["2026-03-10"], 7 * 60],
    ["the whole hour it falls in", [space("a", { working_hours_enabled: true, schedule: hours("09:30") })], ["2026-03-10"], 9 * 60],
    ["inactive spaces do not count", [space("a", { active: false, working_hours_enabled: true, schedule: hours("06:00") }), space("b", { working_hours_enabled: true, schedule: hours("10:00") })], ["2026-03-10"], 10 * 60],
    ["hours switched off do not count", [space("a", { working_hours_enabled: false, schedule: hours("06:00") })], ["2026-03-10"], 8 * 60],
    ["closed on the day shown: 08:00", [space("a", { working_hours_enabled: true, schedule: hours("10:00") })], ["2026-03-14"], 8 * 60],
    ["any day of a week", [space("a", { working_hours_enabled: true, schedule: { friday: { open: "11:00", close: "12:00" } } })], ["2026-03-09", "2026-03-13"], 11 * 60],
  ] as const)("%s", (_, spaces, dates, minutes) => {
    expect(openingMinutes([...spaces], [...dates])).toBe(minutes);
  });
});

describe("the month grid", () => {
  it.each([
    ["March 2026 (starts on a Sunday)", "2026-03-18", "2026-02-23", "2026-04-05", 42],
    ["February 2027 (four whole weeks)", "2027-02-10", "2027-02-01", "2027-02-28", 28],
    ["June 2026 (starts on a Monday)", "2026-06-30", "2026-06-01", "2026-07-05", 35],
  ])("%s runs Monday to Sunday", (_, date, first, last, count) => {
    const dates = monthDates(date);
    expect(dates[0]).toBe(first);
    expect(dates.at(-1)).toBe(last);
    expect(dates).toHaveLength(count);
    expect(firstDateOf("month", date)).toBe(first);
  });

  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-01-15", -1, "2025-12-15"],
  ] as const)("%s plus %i month is %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
    expect(stepDate("month", date, months)).toBe(expected);
  });

  it("names the month and the weekday", () => {
    expect(monthLabel("2027-05-25")).toBe("May 2027");
    expect(weekdayLabel("2027-05-25")).toBe("Tuesday");
  });

  it("lists each allocation on every day it touches, in order of start", () => {
    const days = ["2026-03-10", "2026-03-11", "2026-03-12"].map((date) => ({ date, start: at("00:00", date), end: at("24:00", date) }));
    const items = [
      { id: "late", label: "Late", start: at("20:00"), end: at("22:00") },
      { id: "early", label: "Early", start: at("09:00"), end: at("10:00") },
      { id: "long", label: "Festival", start: at("18:00"), end: at("12:00", "2026-03-12") },
    ];
    const byDay = chipsByDay(days, items);
    expect(byDay.get("2026-03-10")!.map((item) => item.id)).toEqual(["early", "long", "late"]);
    expect(byDay.get("2026-03-11")!.map((item) => item.id)).toEqual(["long"]);
    expect(byDay.get("2026-03-12")!.map((item) => item.id)).toEqual(["long"]);
    expect(days.map((day) => chipTime(items[2]!, day, zone))).toEqual(["18:00", "All day", "–12:00"]);
  });

  it("ends a day at midnight: a booking until 24:00 is not on the next day", () => {
    const days = ["2026-03-10", "2026-03-11"].map((date) => ({ date, start: at("00:00", date), end: at("24:00", date) }));
    const byDay = chipsByDay(days, [{ id: "a", label: "A", start: at("22:00"), end: at("24:00") }]);
    expect(byDay.get("2026-03-11")).toEqual([]);
  });

  it("builds a scale over whole days of the grid", () => {
    const scale = buildScale({ view: "month", date: "2026-03-18", zone, hours: "working" });
    expect(scale.days).toHaveLength(42);
    expect(scale.start).toBe(at("00:00", "2026-02-23"));
    expect(scale.ticks).toEqual([]);
  });
});

describe("the week view's hour scale", () => {
  it.each([
    ["working", ["06", "09", "12", "15", "18", "21"]],
    ["full", ["00", "03", "06", "09", "12", "15", "18", "21"]],
  ] as const)("labels every three hours of each day (%s hours)", (hours, labels) => {
    const scale = buildScale({ view: "week", date: "2026-03-10", zone, hours });
    expect(scale.ticks.filter((tick) => tick.label !== null)).toHaveLength(7 * labels.length);
    expect(scale.ticks.slice(0, labels.length).map((tick) => tick.label)).toEqual(labels);
    expect(scale.ticks.filter((tick) => tick.major)).toHaveLength(7);
  });

  it("still labels each hour in the day view", () => {
    const scale = buildScale({ view: "day", date: "2026-03-10", zone, hours: "working" });
    expect(scale.ticks.filter((tick) => tick.label).map((tick) => tick.label)).toHaveLength(18);
    expect(scale.ticks[0]!.label).toBe("06:00");
  });
});

describe("status words", () => {
  it.each([
    ["confirmed", null, null, "Confirmed", "Confirmed"],
    ["tentative", 2, "2026-03-12T13:30:00Z", "Hold #2", "Hold #2 · until Thu 12 Mar, 14:30"],
    ["tentative", null, null, "Hold", "Hold"],
    ["expired", 1, "2026-03-01T10:00:00Z", "Expired hold", "Expired hold"],
    ["cancelled", null, null, "Cancelled", "Cancelled"],
  ] as const)("%s (rank %s, expiring %s): %s / %s", (status, sequence, expires, short, detail) => {
    expect(statusShort(status, sequence)).toBe(short);
    expect(statusDetail(status, { sequence, expires_at: expires }, zone)).toBe(detail);
  });
});
