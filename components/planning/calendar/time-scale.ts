import { addDays, dayClock, weekdayOf, weekdays } from "@/lib/planning/time";

const pad = (n: number) => String(n).padStart(2, "0");

/*
 * The calendar's horizontal axis: which instants the visible width covers and where each one
 * sits. Positions follow absolute time, so a 23- or 25-hour day (DST) is a little narrower or
 * wider; hidden night hours collapse to nothing, and an instant inside them sits at the next
 * visible moment. No React here: the timeline, the blocks and the drags all ask this one scale.
 * The month view uses only its days (whole weeks, whole days) and the window to load.
 */

export type View = "day" | "week" | "month";
/** `working`: 06:00–24:00 each day; `full`: the whole day (the month view always shows whole days). */
export type Hours = "working" | "full";

export const views: View[] = ["day", "week", "month"];

export const isView = (value: unknown): value is View => views.includes(value as View);

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type ScaleDay = { date: string; start: number; end: number; x0: number; width: number };
export type Tick = { ms: number; x: number; label: string | null; major: boolean };

export type Scale = {
  view: View;
  zone: string;
  days: ScaleDay[];
  ticks: Tick[];
  start: number;
  end: number;
  /** Snapping step: a quarter of an hour in the day view, an hour in the week view, a day in the month view. */
  snapMs: number;
  /** Fraction of the width (0–1) at an instant; outside the window it clamps to an edge. */
  x: (ms: number) => number;
  /** The instant at a fraction of the width. */
  at: (fraction: number) => number;
  /** The nearest step of the grid (steps count from the first day's local midnight). */
  snap: (ms: number) => number;
  /** What to load: the window widened by a day each side, so buffers reaching in show too. */
  fetchStart: number;
  fetchEnd: number;
};

/** Monday of the week a local date is in. */
export const mondayOf = (date: string) => addDays(date, -weekdays.indexOf(weekdayOf(date)));

/** The first of the month a local date is in. */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/** The same day a number of months on, kept inside the month (31 March + 1 month is 30 April). */
export const addMonths = (date: string, months: number) => {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(Math.min(Number(date.slice(8, 10)), length))}`;
};

/** The days a month grid shows: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export const monthDates = (date: string) => {
  const first = monthStart(date);
  const last = addDays(monthStart(addMonths(first, 1)), -1);
  const dates: string[] = [];
  for (let day = mondayOf(first); day <= last || weekdayOf(day) !== "monday"; day = addDays(day, 1)) dates.push(day);
  return dates;
};

/** The first local date a view shows for a chosen date. */
export const firstDateOf = (view: View, date: string) => (view === "week" ? mondayOf(date) : view === "month" ? mondayOf(monthStart(date)) : date);

/** Where prev/next go: a day, a week or a month at a time. */
export const stepDate = (view: View, date: string, direction: 1 | -1) =>
  view === "month" ? addMonths(date, direction) : addDays(date, direction * (view === "week" ? 7 : 1));

export const buildScale = ({ view, date, zone, hours }: { view: View; date: string; zone: string; hours: Hours }): Scale => {
  const dates = view === "month" ? monthDates(date) : Array.from({ length: view === "week" ? 7 : 1 }, (_, index) => addDays(firstDateOf(view, date), index));
  const fromMinutes = hours === "working" && view !== "month" ? 6 * 60 : 0;
  const spans = dates.map((day) => {
    const clock = dayClock(day, zone);
    return { date: day, clock, start: clock.boundary(fromMinutes), end: clock.boundary(24 * 60) };
  });
  const total = spans.reduce((sum, span) => sum + (span.end - span.start), 0);
  let offset = 0;
  const days: ScaleDay[] = spans.map((span) => {
    const width = (span.end - span.start) / total;
    const day = { date: span.date, start: span.start, end: span.end, x0: offset, width };
    offset += width;
    return day;
  });

  const x = (ms: number) => {
    for (const day of days) {
      if (ms < day.start) return day.x0;
      if (ms <= day.end) return day.x0 + ((ms - day.start) / (day.end - day.start)) * day.width;
    }
    return 1;
  };
  const at = (fraction: number) => {
    const f = Math.min(1, Math.max(0, fraction));
    const day = days.find((candidate) => f <= candidate.x0 + candidate.width) ?? days[days.length - 1]!;
    return day.start + ((f - day.x0) / day.width) * (day.end - day.start);
  };

  const snapMs = view === "day" ? 15 * MINUTE : view === "week" ? HOUR : DAY;
  const origin = spans[0]!.clock.boundary(0);
  const snap = (ms: number) => origin + Math.round((ms - origin) / snapMs) * snapMs;

  // Day view: a labelled line each hour and a faint one each half hour. Week: a line and a short
  // label ("09") every three hours, the day's start strongest. The month grid draws no time axis.
  const ticks: Tick[] = [];
  const step = view === "day" ? 30 : 3 * 60;
  for (const span of view === "month" ? [] : spans) {
    for (let minutes = fromMinutes; minutes < 24 * 60; minutes += step) {
      const ms = span.clock.at(minutes);
      if (ms === null) continue;
      const onHour = minutes % 60 === 0;
      ticks.push({
        ms,
        x: x(ms),
        label: view === "day" ? (onHour ? `${pad(minutes / 60)}:00` : null) : pad(minutes / 60),
        major: view === "day" ? onHour : minutes === fromMinutes,
      });
    }
  }

  const start = days[0]!.start;
  const end = days[days.length - 1]!.end;
  return { view, zone, days, ticks, start, end, snapMs, x, at, snap, fetchStart: origin - DAY, fetchEnd: end + DAY };
};
