import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { addDays, datesBetween, dayClock, instantAt, isClock, isLocalDate, localDateOf, localParts, parseClock, weekdayOf } from "@/lib/planning/time";

const AMS = "Europe/Amsterdam";
const NY = "America/New_York";
const SANTIAGO = "America/Santiago";

const clock = (value: string) => parseClock(value) as number;

describe("parseClock / isClock", () => {
  it.each([
    ["00:00", 0],
    ["09:30", 570],
    ["23:59", 1439],
    ["24:00", 1440],
    ["12:05", 725],
  ])("parses %s", (value, minutes) => {
    expect(parseClock(value)).toBe(minutes);
    expect(isClock(value)).toBe(true);
  });

  it.each(["24:01", "24:30", "25:00", "9:30", "09:60", "", "09:30:00", " 09:30", "09:30 ", "ab:cd", "-1:00", "0930", "09-30"])(
    "refuses %j",
    (value) => {
      expect(parseClock(value)).toBeNull();
      expect(isClock(value)).toBe(false);
    },
  );

  it.each([null, undefined, 930, {}, ["09:30"]])("isClock refuses the non-string %j", (value) => {
    expect(isClock(value)).toBe(false);
  });
});

describe("isLocalDate", () => {
  it.each([
    ["2026-03-29", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-3-1", false],
    ["2026-03-29T00:00", false],
    ["", false],
  ])("%j → %s", (value, valid) => {
    expect(isLocalDate(value)).toBe(valid);
  });
});

describe("calendar dates by day arithmetic, as Temporal reads them", () => {
  it.each(["1900-02-29", "2100-02-29", "2000-02-29", "0000-02-29", "0001-01-01", "9999-12-31", "1582-10-10", "2026-04-31", "2026-06-31", "2026-00-10", "2026-01-00"])(
    "%s: valid, weekday and neighbours as Temporal says",
    (value) => {
      let expected: Temporal.PlainDate | null = null;
      try {
        expected = Temporal.PlainDate.from(value, { overflow: "reject" });
      } catch {
        expected = null;
      }
      expect(isLocalDate(value)).toBe(expected !== null);
      if (!expected) return;
      expect(weekdayOf(value)).toBe(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][expected.dayOfWeek - 1]);
      if (value !== "9999-12-31") expect(addDays(value, 1)).toBe(expected.add({ days: 1 }).toString());
      if (value !== "0000-02-29" && value !== "0001-01-01") expect(addDays(value, -400)).toBe(expected.add({ days: -400 }).toString());
    },
  );

  it("agrees with Temporal on 5,000 dates from 0100 to 9900: validity, weekday, adding days and the days between", () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    for (let i = 0; i < 5_000; i++) {
      const text = `${pad(100 + Math.floor(random() * 9800), 4)}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 31), 2)}`;
      let date: Temporal.PlainDate | null = null;
      try {
        date = Temporal.PlainDate.from(text, { overflow: "reject" });
      } catch {
        date = null;
      }
      expect(isLocalDate(text)).toBe(date !== null);
      if (!date) continue;
      expect(weekdayOf(text)).toBe(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][date.dayOfWeek - 1]);
      const days = Math.floor(random() * 2000) - 1000;
      expect(addDays(text, days)).toBe(date.add({ days }).toString());
      const span = datesBetween(text, date.add({ days: 3 }).toString());
      expect(span.map((d) => d.date)).toEqual([0, 1, 2, 3].map((n) => date!.add({ days: n }).toString()));
    }
  });
});

describe("instantAt", () => {
  it.each([
    // Amsterdam spring forward 2026-03-29: 02:00 CET → 03:00 CEST at 01:00Z.
    ["2026-03-29", "00:00", AMS, "2026-03-28T23:00:00.000Z"],
    ["2026-03-29", "01:59", AMS, "2026-03-29T00:59:00.000Z"],
    ["2026-03-29", "02:00", AMS, null],
    ["2026-03-29", "02:30", AMS, null],
    ["2026-03-29", "02:59", AMS, null],
    ["2026-03-29", "03:00", AMS, "2026-03-29T01:00:00.000Z"],
    ["2026-03-29", "24:00", AMS, "2026-03-29T22:00:00.000Z"],
    // Amsterdam fall back 2026-10-25: 03:00 CEST → 02:00 CET at 01:00Z; 02:xx happens twice, the earlier wins.
    ["2026-10-25", "00:00", AMS, "2026-10-24T22:00:00.000Z"],
    ["2026-10-25", "01:59", AMS, "2026-10-24T23:59:00.000Z"],
    ["2026-10-25", "02:00", AMS, "2026-10-25T00:00:00.000Z"],
    ["2026-10-25", "02:30", AMS, "2026-10-25T00:30:00.000Z"],
    ["2026-10-25", "03:00", AMS, "2026-10-25T02:00:00.000Z"],
    ["2026-10-25", "24:00", AMS, "2026-10-25T23:00:00.000Z"],
    // New York spring forward 2026-03-08: 02:00 EST → 03:00 EDT at 07:00Z.
    ["2026-03-08", "00:00", NY, "2026-03-08T05:00:00.000Z"],
    ["2026-03-08", "01:59", NY, "2026-03-08T06:59:00.000Z"],
    ["2026-03-08", "02:00", NY, null],
    ["2026-03-08", "02:45", NY, null],
    ["2026-03-08", "03:00", NY, "2026-03-08T07:00:00.000Z"],
    ["2026-03-08", "09:00", NY, "2026-03-08T13:00:00.000Z"],
    // New York fall back 2026-11-01: 02:00 EDT → 01:00 EST at 06:00Z; 01:xx happens twice.
    ["2026-11-01", "00:00", NY, "2026-11-01T04:00:00.000Z"],
    ["2026-11-01", "01:00", NY, "2026-11-01T05:00:00.000Z"],
    ["2026-11-01", "01:30", NY, "2026-11-01T05:30:00.000Z"],
    ["2026-11-01", "02:00", NY, "2026-11-01T07:00:00.000Z"],
    ["2026-11-01", "09:00", NY, "2026-11-01T14:00:00.000Z"],
    // Santiago springs forward at midnight: 2026-09-06 00:00 does not exist, nor 2026-09-05 24:00.
    ["2026-09-06", "00:00", SANTIAGO, null],
    ["2026-09-06", "01:00", SANTIAGO, "2026-09-06T04:00:00.000Z"],
    ["2026-09-05", "24:00", SANTIAGO, null],
    ["2026-01-15", "09:00", "UTC", "2026-01-15T09:00:00.000Z"],
    ["2026-01-15", "09:00", "Asia/Kolkata", "2026-01-15T03:30:00.000Z"],
  ])("%s %s in %s → %s", (date, time, timeZone, expected) => {
    expect(instantAt(date, clock(time), timeZone)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    ["2026-02-30", 600],
    ["2026-3-1", 600],
    ["not a date", 600],
    ["2026-03-01", -1],
    ["2026-03-01", 1441],
    ["2026-03-01", 600.5],
    ["2026-03-01", Number.NaN],
  ])("returns null for %j at %s minutes", (date, minutes) => {
    expect(instantAt(date, minutes, "UTC")).toBeNull();
  });
});

describe("localDateOf / localParts", () => {
  it.each([
    ["2026-03-28T23:30:00Z", AMS, "2026-03-29", 30],
    ["2026-03-28T23:30:00Z", NY, "2026-03-28", 19 * 60 + 30],
    ["2026-03-29T01:00:00Z", AMS, "2026-03-29", 180],
    ["2026-10-25T00:30:00Z", AMS, "2026-10-25", 150],
    // The second 02:30 of the fold is the same wall time, an hour later.
    ["2026-10-25T01:30:00Z", AMS, "2026-10-25", 150],
    ["2026-01-01T04:59:59Z", NY, "2025-12-31", 23 * 60 + 59],
    ["2026-01-01T05:00:00Z", NY, "2026-01-01", 0],
    ["2026-06-30T12:00:00Z", "Pacific/Auckland", "2026-07-01", 0],
  ])("%s in %s is %s at minute %s", (iso, timeZone, date, minutes) => {
    expect(localDateOf(new Date(iso), timeZone)).toBe(date);
    expect(localParts(new Date(iso), timeZone)).toEqual({ date, minutes });
  });

  it.each([
    ["2026-03-29", AMS],
    ["2026-10-25", AMS],
    ["2026-03-08", NY],
    ["2026-11-01", NY],
  ])("round-trips every existing quarter hour of %s in %s", (date, timeZone) => {
    let missing = 0;
    for (let minutes = 0; minutes < 1440; minutes += 15) {
      const instant = instantAt(date, minutes, timeZone);
      if (!instant) {
        missing++;
        continue;
      }
      expect(localParts(instant, timeZone)).toEqual({ date, minutes });
    }
    // Spring-forward days lose the four quarter hours of the gap; fall-back days lose none.
    expect(missing).toBe(date.endsWith("03-29") || date.endsWith("03-08") ? 4 : 0);
  });
});

describe("weekdayOf / addDays", () => {
  it.each([
    ["2026-03-29", "sunday"],
    ["2026-03-30", "monday"],
    ["2026-06-01", "monday"],
    ["2026-10-24", "saturday"],
    ["2024-02-29", "thursday"],
    ["2026-01-01", "thursday"],
  ])("%s is a %s", (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ["2026-03-28", 1, "2026-03-29"],
    ["2026-03-29", 1, "2026-03-30"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-03-01", 0, "2026-03-01"],
    ["2026-03-01", 31, "2026-04-01"],
  ])("%s + %s days = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("throws on a malformed date instead of guessing", () => {
    expect(() => weekdayOf("2026-02-30")).toThrow(RangeError);
    expect(() => addDays("29-03-2026", 1)).toThrow(RangeError);
  });
});

describe("dayClock", () => {
  it.each([
    ["2026-06-01", "UTC"],
    ["2026-06-01", AMS],
    ["2026-03-28", AMS],
    ["2026-03-29", AMS],
    ["2026-10-25", AMS],
    ["2026-03-08", NY],
    ["2026-11-01", NY],
    ["2026-09-05", SANTIAGO],
    ["2026-09-06", SANTIAGO],
    ["2026-04-04", SANTIAGO],
    ["2026-10-04", "Australia/Lord_Howe"],
    ["2026-03-15", "Asia/Kolkata"],
  ])("agrees with instantAt for every minute of %s in %s", (date, timeZone) => {
    const day = dayClock(date, timeZone);
    for (let minutes = 0; minutes <= 1440; minutes++) {
      const expected = instantAt(date, minutes, timeZone)?.getTime() ?? null;
      expect(day.at(minutes)).toBe(expected);
      if (expected !== null) expect(day.boundary(minutes)).toBe(expected);
    }
  });

  it.each([
    // A window edge inside the gap resolves to the moment the clocks jump.
    ["2026-03-29", "02:00", AMS, "2026-03-29T01:00:00.000Z"],
    ["2026-03-29", "02:30", AMS, "2026-03-29T01:00:00.000Z"],
    ["2026-03-08", "02:15", NY, "2026-03-08T07:00:00.000Z"],
    ["2026-09-06", "00:00", SANTIAGO, "2026-09-06T04:00:00.000Z"],
    ["2026-10-25", "02:30", AMS, "2026-10-25T00:30:00.000Z"],
  ])("boundary of %s %s in %s is %s", (date, time, timeZone, expected) => {
    expect(new Date(dayClock(date, timeZone).boundary(clock(time))).toISOString()).toBe(expected);
  });

  it("refuses minutes outside the day", () => {
    const day = dayClock("2026-06-01", "UTC");
    expect(() => day.at(1441)).toThrow(RangeError);
    expect(() => day.boundary(-1)).toThrow(RangeError);
  });
});

describe("datesBetween", () => {
  /** The same dates by Temporal, one day at a time: what the day arithmetic must equal. */
  const byTemporal = (start: string, end: string) => {
    const dates: { date: string; weekday: string }[] = [];
    for (let date = start; date <= end; date = addDays(date, 1)) dates.push({ date, weekday: weekdayOf(date) });
    return dates;
  };

  it.each([
    ["a month across a DST change", "2026-03-15", "2026-04-14"],
    ["a leap day", "2024-02-27", "2024-03-02"],
    ["not a leap day in 2100", "2100-02-27", "2100-03-02"],
    ["across the Unix epoch", "1969-12-25", "1970-01-08"],
    ["across a year's end", "2026-12-30", "2027-01-02"],
    ["one day", "2026-11-24", "2026-11-24"],
    ["the earliest dates", "0001-01-01", "0001-01-09"],
  ])("%s", (_label, start, end) => {
    expect(datesBetween(start, end)).toEqual(byTemporal(start, end));
  });

  it("agrees with Temporal over four centuries of Mondays to Sundays", () => {
    for (let year = 1900; year <= 2300; year += 7) {
      const start = `${year}-02-20`;
      expect(datesBetween(start, `${year}-03-10`)).toEqual(byTemporal(start, `${year}-03-10`));
    }
  });

  it("is empty when the end comes first, and refuses what is not a date", () => {
    expect(datesBetween("2026-11-24", "2026-11-23")).toEqual([]);
    expect(() => datesBetween("2026-02-30", "2026-03-01")).toThrow(RangeError);
  });
});
