import { Temporal } from "temporal-polyfill";
import { DAY_MS, isoInstant } from "@/lib/format/dates";

/**
 * Wall-clock time in a space's time zone. Schedules and slot queries speak in local dates
 * ("YYYY-MM-DD") and clock times ("HH:MM"); allocations are instants. All zone arithmetic
 * goes through Temporal so DST gaps and folds follow the IANA database, never a fixed offset;
 * calendar dates alone, which have no zone, are counted in days.
 */

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `HH:MM` → minutes since midnight; "24:00" (1440) is allowed so a window can end at midnight. */
export const parseClock = (value: string): number | null => {
  if (value === "24:00") return DAY_MINUTES;
  const match = CLOCK.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
};

export const isClock = (value: unknown): value is string => typeof value === "string" && parseClock(value) !== null;

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil): calendar
 * dates have no zone, so plain arithmetic serves where a Temporal.PlainDate costs microseconds.
 */
const daysFromCivil = (year: number, month: number, day: number) => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468;
};

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/** A real calendar date written `YYYY-MM-DD` as its day number (days since 1970-01-01), else null. */
const dayNumber = (value: string): number | null => {
  if (!DATE.test(value)) return null;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
};

const requireDay = (value: string): number => {
  const day = dayNumber(value);
  if (day === null) throw new RangeError(`Invalid local date: ${value}`);
  return day;
};

/** The local date of a day number. */
const dateOfDay = (day: number): string => isoInstant(day * DAY_MS).slice(0, 10);

/** 1970-01-01 was a Thursday. */
const weekdayOfDay = (day: number): Weekday => weekdays[(((day + 3) % 7) + 7) % 7] as Weekday;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export const isLocalDate = (value: unknown): value is string => typeof value === "string" && dayNumber(value) !== null;

const requireDate = (value: string): Temporal.PlainDate => {
  requireDay(value);
  return Temporal.PlainDate.from(value);
};

export const weekdayOf = (date: string): Weekday => weekdayOfDay(requireDay(date));

export const addDays = (date: string, days: number): string => dateOfDay(requireDay(date) + days);

/** The local dates from `start` to `end`, both included, with their weekdays. */
export const datesBetween = (start: string, end: string): { date: string; weekday: Weekday }[] => {
  const last = requireDay(end);
  const dates: { date: string; weekday: Weekday }[] = [];
  for (let day = requireDay(start); day <= last; day++) dates.push({ date: dateOfDay(day), weekday: weekdayOfDay(day) });
  return dates;
};

const zonedAt = (instant: Date, timeZone: string): Temporal.ZonedDateTime =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);

export const localDateOf = (instant: Date, timeZone: string): string => zonedAt(instant, timeZone).toPlainDate().toString();

/** Local date and whole minutes since local midnight (seconds are dropped). */
export const localParts = (instant: Date, timeZone: string): { date: string; minutes: number } => {
  const zoned = zonedAt(instant, timeZone);
  return { date: zoned.toPlainDate().toString(), minutes: zoned.hour * 60 + zoned.minute };
};

/**
 * Epoch ms of a wall time; a fold resolves to the earlier instant. In a gap the wall time does
 * not exist (`exists: false`) and `ms` is the transition instant, the first moment whose local
 * time is past the requested one: a window opening or closing at 02:30 on a 02:00→03:00 day
 * opens or closes when the clocks jump.
 */
const resolveWallTime = (date: Temporal.PlainDate, minutes: number, timeZone: string): { ms: number; exists: boolean } => {
  const wall = date.toPlainDateTime().add({ minutes });
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: "earlier" });
  if (zoned.toPlainDateTime().equals(wall)) return { ms: zoned.epochMilliseconds, exists: true };
  const transition = zoned.getTimeZoneTransition("next");
  return { ms: (transition ?? zoned).epochMilliseconds, exists: false };
};

const validMinutes = (minutes: number): boolean => Number.isInteger(minutes) && minutes >= 0 && minutes <= DAY_MINUTES;

/**
 * The instant of a wall-clock time on a local date in a zone: null for a malformed date or
 * minutes outside 0–1440, and for wall times skipped by a DST gap; a fall-back fold picks the
 * earlier instant. 1440 is the next day's 00:00.
 */
export const instantAt = (date: string, minutes: number, timeZone: string): Date | null => {
  if (!isLocalDate(date) || !validMinutes(minutes)) return null;
  const day = Temporal.PlainDate.from(date);
  const { ms, exists } = resolveWallTime(day, minutes, timeZone);
  return exists ? new Date(ms) : null;
};

/** Wall-clock resolution for one local date, as epoch ms; minutes run 0–1440. */
export type DayClock = {
  /** Like `instantAt`: null for a wall time inside a DST gap. */
  at: (minutes: number) => number | null;
  /** For window edges: a wall time inside a gap resolves to the transition instant. */
  boundary: (minutes: number) => number;
};

/**
 * A resolver for many wall times on one local date. Candidate slots need tens of thousands of
 * conversions and one Temporal conversion costs microseconds, so on a day with no offset
 * transition between local midnight and the next midnight (every day but DST days) a wall
 * time is local midnight plus its minutes; other days ask Temporal for each time.
 */
const buildDayClock = (date: string, timeZone: string): DayClock => {
  const day = requireDate(date);
  const check = (minutes: number) => {
    if (!validMinutes(minutes)) throw new RangeError(`Minutes out of range: ${minutes}`);
  };
  const startOfDay = day.toZonedDateTime(timeZone);
  const midnight = startOfDay.epochMilliseconds;
  const transition = startOfDay.getTimeZoneTransition("next");
  // startOfDay is 00:00 unless midnight itself falls in a gap; then the day is not regular.
  const regular =
    startOfDay.hour === 0 &&
    startOfDay.minute === 0 &&
    (transition === null || transition.epochMilliseconds > midnight + DAY_MINUTES * MINUTE_MS);
  if (regular) {
    const at = (minutes: number) => {
      check(minutes);
      return midnight + minutes * MINUTE_MS;
    };
    return { at, boundary: at };
  }
  // DST days: each wall time costs a Temporal conversion, so remember them; spaces sharing a
  // zone share the clock.
  const exact = new Map<number, { ms: number; exists: boolean }>();
  const resolve = (minutes: number) => {
    check(minutes);
    let resolved = exact.get(minutes);
    if (!resolved) exact.set(minutes, (resolved = resolveWallTime(day, minutes, timeZone)));
    return resolved;
  };
  return {
    at: (minutes) => {
      const { ms, exists } = resolve(minutes);
      return exists ? ms : null;
    },
    boundary: (minutes) => resolve(minutes).ms,
  };
};

/** Day clocks already worked out, by zone and date: the same every time they are asked for. */
const dayClocks = new Map<string, DayClock>();
/** Past this many (a few days of every zone in use, many times over), the memory starts again. */
const dayClockLimit = 20_000;

/**
 * The day clock of a local date in a zone (buildDayClock), worked out once per process: finding
 * a day's midnight and its next offset transition costs Temporal tens of microseconds, and every
 * slot search asks for a month of days in each of its zones.
 */
export const dayClock = (date: string, timeZone: string): DayClock => {
  const key = `${timeZone}\n${date}`;
  let clock = dayClocks.get(key);
  if (clock === undefined) {
    clock = buildDayClock(date, timeZone);
    if (dayClocks.size >= dayClockLimit) dayClocks.clear();
    dayClocks.set(key, clock);
  }
  return clock;
};
