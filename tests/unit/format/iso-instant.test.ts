import { describe, expect, it } from "vitest";
import { isoInstant } from "@/lib/format/dates";

const utc = (text: string) => Date.parse(text);

describe("isoInstant", () => {
  it.each([
    ["1970-01-01T00:00:00.000Z"],
    ["1969-12-31T23:59:59.999Z"],
    ["2000-02-29T12:34:56.789Z"],
    ["2024-02-29T23:59:59.999Z"],
    ["2024-03-01T00:00:00.000Z"],
    ["2100-02-28T00:00:00.001Z"],
    ["2100-03-01T00:00:00.000Z"],
    ["2026-03-29T01:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z"],
    ["0000-01-01T00:00:00.000Z"],
    ["9999-12-31T23:59:59.999Z"],
    ["1600-02-29T06:07:08.009Z"],
  ])("writes %s as Date#toISOString does", (text) => {
    expect(isoInstant(utc(text))).toBe(text);
  });

  it("agrees with Date#toISOString on 20,000 instants from 0000 to 9999", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const from = utc("0000-01-01T00:00:00.000Z");
    const span = utc("9999-12-31T23:59:59.999Z") - from;
    for (let i = 0; i < 20_000; i++) {
      const ms = from + Math.floor(random() * span);
      expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it("leaves what it does not write to Date: years beyond 9999 and before 0000, fractions, invalid", () => {
    for (const ms of [utc("+010000-01-01T00:00:00.000Z"), utc("-000001-12-31T23:59:59.999Z"), 1.5]) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
  });
});
