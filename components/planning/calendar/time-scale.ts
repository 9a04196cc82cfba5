import { addDays, dayClock, weekdayOf, weekdays } from "@/lib/planning/time";

/*
 * The calendar's horizontal axis: which instants the visible width covers and where each one
 * sits. Positions follow absolute time, so a 23- or 25-hour day (DST) is a little narrower or
 * wider; hidden night hours collapse to nothing, and an instant inside them sits at the next
 * visible moment. No React here: the timeline, the blocks and the drags all ask this one scale.
 */

export type View = "day" | "week";
/** `working`: 06:00–24:00 each day; `full`: the whole day. */
export type Hours = "working" | "full";

export const views: View[] = ["day", "week"];

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
  /** Snapping step: a quarter of an hour in the day view, an hour in the week view. */
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

/** The first local date a view shows for a chosen date. */
export const firstDateOf = (view: View, date: string) => (view === "week" ? mondayOf(date) : date);

/** Where prev/next go: a day or a week at a time. */
export const stepDate = (view: View, date: string, direction: 1 | -1) => addDays(date, direction * (view === "week" ? 7 : 1));

const pad = (n: number) => String(n).padStart(2, "0");

export const buildScale = ({ view, date, zone, hours }: { view: View; date: string; zone: string; hours: Hours }): Scale => {
  const first = firstDateOf(view, date);
  const count = view === "week" ? 7 : 1;
  const fromMinutes = hours === "working" ? 6 * 60 : 0;
  const spans = Array.from({ length: count }, (_, index) => {
    const day = addDays(first, index);
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

  const snapMs = view === "day" ? 15 * MINUTE : HOUR;
  const origin = spans[0]!.clock.boundary(0);
  const snap = (ms: number) => origin + Math.round((ms - origin) / snapMs) * snapMs;

  const ticks: Tick[] = [];
  for (const span of spans) {
    // Day view: a labelled line each hour and a faint one each half hour. Week: every 6 hours.
    const step = view === "day" ? 30 : 6 * 60;
    for (let minutes = fromMinutes; minutes < 24 * 60; minutes += step) {
      const ms = span.clock.at(minutes);
      if (ms === null) continue;
      const onHour = minutes % 60 === 0;
      const dayStart = minutes === fromMinutes;
      ticks.push({
        ms,
        x: x(ms),
        label: view === "day" && onHour ? `${pad(minutes / 60)}:00` : null,
        major: view === "day" ? onHour : dayStart,
      });
    }
  }

  const start = days[0]!.start;
  const end = days[days.length - 1]!.end;
  return { view, zone, days, ticks, start, end, snapMs, x, at, snap, fetchStart: origin - DAY, fetchEnd: end + DAY };
};
