import { describe, expect, it } from "vitest";
import { formatInstant, formatInstantToSecond } from "@/lib/format/dates";

/* A delivery log's attempts come seconds apart: they read apart, on the account's clock. */

describe("formatInstantToSecond", () => {
  it.each([
    ["2029-06-16T12:05:09.900Z", "Europe/Amsterdam", "16 Jun 2029, 14:05:09"],
    ["2029-06-16T12:05:19Z", "Europe/Amsterdam", "16 Jun 2029, 14:05:19"],
    ["2029-12-31T23:59:59Z", "America/New_York", "31 Dec 2029, 18:59:59"],
    ["2030-01-01T00:00:00Z", "UTC", "1 Jan 2030, 00:00:00"],
  ])("shows %s in %s as %s", (instant, zone, shown) => {
    expect(formatInstantToSecond(instant, zone)).toBe(shown);
  });

  it("agrees with formatInstant up to the minute", () => {
    const instant = new Date("2029-06-16T12:05:09Z");
    expect(formatInstantToSecond(instant, "Asia/Kolkata").startsWith(formatInstant(instant, "Asia/Kolkata"))).toBe(true);
  });
});
