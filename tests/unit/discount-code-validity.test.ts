import { describe, expect, it } from "vitest";
import { codeExpired, codeProblem, type CodeUsage } from "@/lib/pricing/discount-codes/usable";

const AUCKLAND = "Pacific/Auckland"; // UTC+13 in March 2027 (NZDT)
const LOS_ANGELES = "America/Los_Angeles"; // UTC−8 until 14 March 2027

const code = (overrides: Partial<CodeUsage> = {}): CodeUsage => ({ active: true, validUntil: "2027-03-01", maxRedemptions: null, redemptionsCount: 0, ...overrides });

describe("a discount code's last day is judged on the venue's local date", () => {
  it.each([
    ["23:30 on its last day in Auckland", "2027-03-01T10:30:00Z", AUCKLAND, false],
    ["00:30 the next day in Auckland (still 1 March in UTC)", "2027-03-01T11:30:00Z", AUCKLAND, true],
    ["the same instant judged in UTC", "2027-03-01T11:30:00Z", "UTC", false],
    ["21:30 on its last day in Los Angeles (already 2 March in UTC)", "2027-03-02T05:30:00Z", LOS_ANGELES, false],
    ["the same instant judged in UTC", "2027-03-02T05:30:00Z", "UTC", true],
    ["00:00 the next day in Los Angeles", "2027-03-02T08:00:00Z", LOS_ANGELES, true],
  ])("%s (%s, %s) → expired: %s", (_label, now, zone, expired) => {
    expect(codeExpired("2027-03-01", zone, new Date(now))).toBe(expired);
    expect(codeProblem(code(), zone, new Date(now))).toEqual(expired ? { reason: "expired", on: "2027-03-01" } : null);
  });

  it("never expires a code without a last day", () => {
    expect(codeExpired(null, AUCKLAND, new Date("2099-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("codeProblem", () => {
  const now = new Date("2027-03-01T10:30:00Z");
  it.each([
    ["an active, unexpired code with uses left", code({ maxRedemptions: 5, redemptionsCount: 4 }), null],
    ["an inactive code (whatever else)", code({ active: false, validUntil: "2020-01-01" }), { reason: "inactive" }],
    ["an expired code", code({ validUntil: "2027-02-28" }), { reason: "expired", on: "2027-02-28" }],
    ["a used-up code", code({ maxRedemptions: 5, redemptionsCount: 5 }), { reason: "used_up" }],
  ])("%s", (_label, usage, problem) => expect(codeProblem(usage, AUCKLAND, now)).toEqual(problem));
});
