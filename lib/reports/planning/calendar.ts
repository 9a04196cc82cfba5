import { scheduleWindow, withinDates, type Schedule } from "@/lib/planning/availability";
import { addDays, dayClock, type DayClock, type Weekday, weekdayOf, weekdays } from "@/lib/planning/time";

/**
 * The venue reports' calendar: local dates, months and ISO weeks turned into instants in a
 * zone, and a space's opening hours for a week. Pure: no database, no clock.
 */

/** Instants bounding local dates `since`..`until` (both included) in `zone`: [from, to). */
export const rangeInstants = (since: string, until: string, zone: string) => ({
  from: new Date(dayClock(since, zone).boundary(0)),
  to: new Date(dayClock(addDays(until, 1), zone).boundary(0)),
});

/** Every month (YYYY-MM) that `since`..`until` touches, in order. */
export const monthsBetween = (since: string, until: string): string[] => {
  const months: string[] = [];
  let [year, month] = since.slice(0, 7).split("-").map(Number) as [number, number];
  const last = until.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
};

/** The Monday of the ISO week a local date is in. */
export const mondayOf = (date: string) => addDays(date, -weekdays.indexOf(weekdayOf(date)));

/** The Mondays of every ISO week `since`..`until` touches. */
export const weeksBetween = (since: string, until: string): string[] => {
  const weeks: string[] = [];
  for (let monday = mondayOf(since); monday <= until; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
};

export type OpeningSpace = {
  timezone: string;
  workingHoursEnabled: boolean;
  schedule: Schedule;
  /** Inclusive local dates the space can be booked on; null is unbounded. */
  availableFrom: string | null;
  availableUntil: string | null;
};

/** Epoch ms, half-open. */
export type Span = [start: number, end: number];

/** Local calendar lookups: the week's days (with their weekday) and a date's clock in a zone. */
export type Calendar = {
  days: (monday: string) => { date: string; weekday: Weekday }[];
  clock: (date: string, zone: string) => DayClock;
};

const weekDays = (monday: string) =>
  Array.from({ length: 7 }, (_, day) => {
    const date = addDays(monday, day);
    return { date, weekday: weekdayOf(date) };
  });

/** Every lookup fresh: for a single question. */
export const plainCalendar: Calendar = { days: weekDays, clock: dayClock };

/** Weeks remembered: every space's row walks the same weeks (day clocks are remembered by dayClock itself). */
export const cachedCalendar = (): Calendar => {
  const days = new Map<string, { date: string; weekday: Weekday }[]>();
  return {
    days: (monday) => {
      let week = days.get(monday);
      if (!week) days.set(monday, (week = weekDays(monday)));
      return week;
    },
    clock: dayClock,
  };
};

/**
 * When the space is open in the week starting `monday` (its own zone): each bookable day's
 * schedule window, or the whole day when working hours are off, so a week is 168 hours, 167
 * or 169 when the clocks change. A missing, malformed or empty schedule entry is a closed day
 * (availability.ts's reading); days outside available_from/until are closed.
 */
export const openSpans = (space: OpeningSpace, monday: string, calendar: Calendar = plainCalendar): Span[] => {
  const spans: Span[] = [];
  for (const { date, weekday } of calendar.days(monday)) {
    if (!withinDates(space, date)) continue;
    const clock = calendar.clock(date, space.timezone);
    if (!space.workingHoursEnabled) {
      spans.push([clock.boundary(0), clock.boundary(1440)]);
      continue;
    }
    const window = scheduleWindow(space.schedule, weekday);
    if (window) spans.push([clock.boundary(window.open), clock.boundary(window.close)]);
  }
  return spans;
};

/** The week `[monday 00:00, next monday 00:00)` in the zone. */
export const weekSpan = (monday: string, zone: string, calendar: Calendar = plainCalendar): Span => [
  calendar.clock(monday, zone).boundary(0),
  calendar.clock(addDays(monday, 7), zone).boundary(0),
];

/**
 * Each space's top-most container among `spaces` (itself when its parent is not among them):
 * a hierarchy is counted once, under its top. A cycle (never stored; the hierarchy lock
 * prevents it) would end at the space where it closes.
 */
export const topsOf = (spaces: readonly { id: string; parentId: string | null }[]): Map<string, string> => {
  const parents = new Map(spaces.map((space) => [space.id, space.parentId]));
  const tops = new Map<string, string>();
  for (const space of spaces) {
    let top = space.id;
    const seen = new Set([top]);
    for (let parent = parents.get(top); parent && parents.has(parent) && !seen.has(parent); parent = parents.get(top)) {
      top = parent;
      seen.add(top);
    }
    tops.set(space.id, top);
  }
  return tops;
};

/** A share rounded to four places; null when there is nothing to share. */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** Seconds as hours, to the hundredth. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
