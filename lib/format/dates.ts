/**
 * Dates and times in a zone's wall-clock time, for pages, documents and messages alike (a
 * conflict's message names its times in the space's zone with these). No React, no server imports.
 */

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
const dayInYearFormat = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" });
const yearOf = (instant: Date, timeZone: string) => localDate(instant, timeZone).slice(0, 4);
const timeFormat = (timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dateKey = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });

/** The local date `YYYY-MM-DD` of an instant in a zone. */
export const localDate = (instant: Date, timeZone: string) => dateKey(timeZone).format(instant);

export const formatDay = (instant: Date, timeZone: string) => dayFormat(timeZone).format(instant);
export const formatTime = (instant: Date, timeZone: string) => timeFormat(timeZone).format(instant);

/**
 * A window in a zone's wall-clock time: "Tue 1 Dec 2026, 09:00–17:00" within a day (an end at
 * the next midnight reads 24:00), else both ends in full.
 */
export const formatWindow = (start: Date, end: Date, timeZone: string) => {
  const day = formatDay(start, timeZone);
  const endsAtMidnight = formatTime(end, timeZone) === "00:00" && end.getTime() > start.getTime();
  const lastInstant = endsAtMidnight ? new Date(end.getTime() - 1) : end;
  if (localDate(start, timeZone) === localDate(lastInstant, timeZone)) {
    return `${day}, ${formatTime(start, timeZone)}–${endsAtMidnight ? "24:00" : formatTime(end, timeZone)}`;
  }
  // Within one year the year is said once, at the end.
  const from = yearOf(start, timeZone) === yearOf(end, timeZone) ? dayInYearFormat(timeZone).format(start) : day;
  return `${from}, ${formatTime(start, timeZone)} – ${formatDay(end, timeZone)}, ${formatTime(end, timeZone)}`;
};

export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");

const longFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** "Saturday, 23 June 2029 at 18:00": an instant in words, for customers. */
export const formatLongDateTime = (instant: Date, timeZone: string) => longFormat(timeZone).format(instant);

const calendarDayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const calendarMonthDayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

/**
 * A calendar date with no zone ("2026-12-01": a quote's valid-until day, a discount code's last
 * day, a report's first day) as "1 Dec 2026", the same wherever it is read; `withoutYear` for
 * dates that recur yearly. Anything that is not a date comes back as it was.
 */
export const formatCalendarDate = (date: string, withoutYear = false) => {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return (withoutYear ? calendarMonthDayFormat : calendarDayFormat).format(instant);
};

const instantFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "16 Jun 2029, 14:05": an instant on the venue's clock. */
export const formatInstant = (instant: Date | string, timeZone: string) => instantFormat(timeZone).format(new Date(instant));

const secondFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/** "16 Jun 2029, 14:05:09": to the second, where events seconds apart must read apart (a delivery's attempts). */
export const formatInstantToSecond = (instant: Date | string, timeZone: string) => secondFormat(timeZone).format(new Date(instant));

export const DAY_MS = 86_400_000;
/** "00"–"99" and "000"–"999", looked up rather than padded: isoInstant writes thousands a request. */
const twoDigits = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));

/**
 * Epoch milliseconds as Date#toISOString writes them (`2026-11-24T09:30:00.000Z`), without making
 * a Date: for answers that format thousands of instants (a slot search's). The civil date comes
 * from the day count (Howard Hinnant's days_from_civil, inverted); years outside 0000–9999 and
 * anything that is not a whole millisecond are left to Date itself.
 */
export const isoInstant = (ms: number): string => {
  const days = Math.floor(ms / DAY_MS);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (!Number.isInteger(ms) || year < 0 || year > 9999) return new Date(ms).toISOString();
  const inDay = ms - days * DAY_MS;
  const yearText = year >= 1000 ? String(year) : String(year).padStart(4, "0");
  const time = `${twoDigits[Math.floor(inDay / 3_600_000)]}:${twoDigits[Math.floor(inDay / 60_000) % 60]}:${twoDigits[Math.floor(inDay / 1000) % 60]}.${threeDigits[inDay % 1000]}`;
  return `${yearText}-${twoDigits[month]}-${twoDigits[day]}T${time}Z`;
};
