import { describe, expect, it } from "vitest";
import { timestampFromText, utcMillisOf } from "@/db/time";

/*
 * db/time.ts: PostgreSQL's timestamp text counted out into epoch milliseconds must give what
 * drizzle's decoder gives (`new Date(text)`, `+0000` after a timestamp without time zone), and
 * anything it does not read is left to Date's parser.
 */

/** drizzle-orm's PgTimestamp#mapFromDriverValue. */
const drizzles = (text: string, withTimezone: boolean) => new Date(withTimezone ? text : `${text}+0000`).getTime();

describe("utcMillisOf", () => {
  it.each([
    ["2026-11-29 01:22:33.123456+00", true, Date.UTC(2026, 10, 29, 1, 22, 33, 123)],
    ["2026-11-29 01:22:33.999999+00", true, Date.UTC(2026, 10, 29, 1, 22, 33, 999)],
    ["2026-11-29 01:22:33.5+00", true, Date.UTC(2026, 10, 29, 1, 22, 33, 500)],
    ["2026-11-29 01:22:33.05+00", true, Date.UTC(2026, 10, 29, 1, 22, 33, 50)],
    ["2026-11-29 01:22:33+00", true, Date.UTC(2026, 10, 29, 1, 22, 33)],
    ["2024-02-29 23:59:59.001", false, Date.UTC(2024, 1, 29, 23, 59, 59, 1)],
    ["1000-01-01 00:00:00", false, Date.UTC(1000, 0, 1)],
    ["9999-12-31 23:59:59.999+00", true, Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
  ] as const)("reads %s", (text, withTimezone, expected) => {
    expect(utcMillisOf(text, withTimezone)).toBe(expected);
    expect(utcMillisOf(text, withTimezone)).toBe(drizzles(text, withTimezone));
  });

  it.each([
    ["2026-11-29 01:22:33.123+05:30", true],
    ["2026-11-29 01:22:33-08", true],
    ["2026-11-29 01:22:33+00", false],
    ["2026-11-29 01:22:33", true],
    ["0099-01-01 00:00:00+00", true],
    ["0999-06-01 00:00:00", false],
    ["12026-01-01 00:00:00+00", true],
    ["2026-01-01 00:00:00+00 BC", true],
    ["infinity", true],
    ["-infinity", false],
    ["2026-02-30 00:00:00", false],
    ["2026-13-01 00:00:00", false],
    ["2026-11-29T01:22:33+00", true],
    ["2026-11-29 01:22:33.+00", true],
    ["2026-11-29 01:22:33.1234567+00", true],
    ["2026-11-29 1:22:33+00", true],
    ["", false],
  ] as const)("leaves %s to Date's parser", (text, withTimezone) => {
    expect(utcMillisOf(text, withTimezone)).toBeNull();
  });

  it("agrees with drizzle's decoding on 20,000 instants from 1000 to 9999, with and without a time zone", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const from = Date.UTC(1000, 0, 1);
    const to = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(from + random() * (to - from));
      const micros = String(Math.floor(random() * 1000)).padStart(3, "0");
      // As PostgreSQL writes it: trailing zeros of the fraction dropped, no fraction when whole.
      const fraction = `${new Date(ms).toISOString().slice(20, 23)}${micros}`.replace(/0+$/, "");
      const text = `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")}${fraction ? `.${fraction}` : ""}`;
      expect(utcMillisOf(`${text}+00`, true)).toBe(drizzles(`${text}+00`, true));
      expect(utcMillisOf(text, false)).toBe(drizzles(text, false));
    }
  });
});

describe("timestampFromText", () => {
  it.each([
    ["2026-11-29 01:22:33.123456+00", true],
    ["2026-11-29 01:22:33.123+05:30", true],
    ["2026-03-29 02:30:00", false],
    ["0099-01-01 00:00:00+00", true],
  ] as const)("makes the Date drizzle makes of %s", (text, withTimezone) => {
    const date = timestampFromText(text, withTimezone);
    expect(date).toBeInstanceOf(Date);
    expect(date.getTime()).toBe(drizzles(text, withTimezone));
  });
});
