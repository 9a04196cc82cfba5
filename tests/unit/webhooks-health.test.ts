import { describe, expect, it } from "vitest";
import { decide } from "@/lib/auth/permissions";
import { failingAfterAttempts, isFailing } from "@/lib/webhooks/health";

const since = new Date("2026-05-01T10:00:00Z");

describe("when a webhook counts as failing", () => {
  it.each([
    ["never failed", { consecutiveFailures: 0, failingSince: null, gaveUpSinceStreak: false }, false],
    ["one failed attempt, still retried", { consecutiveFailures: 1, failingSince: since, gaveUpSinceStreak: false }, false],
    ["four failed attempts, still retried", { consecutiveFailures: failingAfterAttempts - 1, failingSince: since, gaveUpSinceStreak: false }, false],
    ["five failed attempts in a row", { consecutiveFailures: failingAfterAttempts, failingSince: since, gaveUpSinceStreak: false }, true],
    ["many failed attempts in a row", { consecutiveFailures: 40, failingSince: since, gaveUpSinceStreak: false }, true],
    ["one attempt that gave up (a 4xx)", { consecutiveFailures: 1, failingSince: since, gaveUpSinceStreak: true }, true],
    // A success ends the streak: a delivery that gave up before it does not count.
    ["a success after a delivery gave up", { consecutiveFailures: 0, failingSince: null, gaveUpSinceStreak: true }, false],
  ] as const)("%s → %s", (_, health, expected) => {
    expect(isFailing(health)).toBe(expected);
  });
});

describe("who manages webhooks", () => {
  it("refuses agents with Chatwoot's 401 and allows administrators", () => {
    expect(decide({ role: "administrator", permissions: [] }, "webhooks.manage")).toEqual({ allowed: true });
    expect(decide({ role: "agent", permissions: ["conversation_manage"] }, "webhooks.manage")).toMatchObject({ allowed: false, code: "unauthorized" });
    expect(decide(null, "webhooks.manage")).toMatchObject({ allowed: false, code: "unauthorized" });
  });
});
