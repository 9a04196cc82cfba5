import { describe, expect, it } from "vitest";
import { countsAt, holdExpiry, isLapsed, isLiveStatus } from "@/lib/planning/rules";

const now = new Date("2026-03-10T12:00:00.000Z");
const before = new Date("2026-03-10T11:59:59.999Z");
const after = new Date("2026-03-10T12:00:00.001Z");

describe("countsAt / isLapsed", () => {
  it.each([
    ["a booking", "confirmed", null, true],
    ["a booking with a stale expiry", "confirmed", before, true],
    ["a hold that never lapses", "tentative", null, true],
    ["a hold lapsing later", "tentative", after, true],
    ["a hold lapsing this very instant", "tentative", now, false],
    ["a lapsed hold the sweeper has not reached", "tentative", before, false],
    ["a swept hold", "expired", before, false],
    ["an expired hold with no expiry", "expired", null, false],
    ["a cancelled booking", "cancelled", null, false],
    ["a cancelled hold lapsing later", "cancelled", after, false],
  ] as const)("%s (%s, expires %s) counts: %s", (_, status, expiresAt, counts) => {
    expect(countsAt({ status, expiresAt }, now)).toBe(counts);
    expect(isLapsed({ status, expiresAt }, now)).toBe(status === "tentative" && !counts);
  });

  it.each([
    ["ISO strings", after.toISOString(), now.toISOString(), true],
    ["ISO strings, lapsed", before.toISOString(), now.toISOString(), false],
    ["epoch milliseconds", after.getTime(), now.getTime(), true],
    ["epoch milliseconds, lapsed", now.getTime(), now.getTime(), false],
    ["a string against a number", before.toISOString(), now.getTime(), false],
  ])("takes %s", (_, expiresAt, at, counts) => {
    expect(countsAt({ status: "tentative", expiresAt }, at)).toBe(counts);
  });
});

describe("isLiveStatus", () => {
  it.each([
    ["tentative", true],
    ["confirmed", true],
    ["expired", false],
    ["cancelled", false],
    ["", false],
  ])("%j is live: %s", (status, live) => {
    expect(isLiveStatus(status)).toBe(live);
  });
});

describe("holdExpiry", () => {
  it.each([
    [null, null],
    [1, "2026-03-10T12:01:00.000Z"],
    [90, "2026-03-10T13:30:00.000Z"],
    [60 * 24 * 3, "2026-03-13T12:00:00.000Z"],
  ])("tentative_expiry_minutes %j lapses at %s", (minutes, expected) => {
    expect(holdExpiry({ tentativeExpiryMinutes: minutes }, now)?.toISOString() ?? null).toBe(expected);
  });

  it("counts in elapsed minutes, not wall-clock ones, across a DST change", () => {
    const beforeSpring = new Date("2026-03-29T00:30:00.000Z");
    expect(holdExpiry({ tentativeExpiryMinutes: 120 }, beforeSpring)?.toISOString()).toBe("2026-03-29T02:30:00.000Z");
  });
});
