import { describe, expect, it } from "vitest";
import { addressPolicy, afterFailure, emailPolicy, tooManyAttemptsMessage, waitBeforeAttempt, type FailureRecord } from "@/lib/auth/sign-in-policy";

const t0 = new Date("2026-11-23T10:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

/** The record after failures at these second offsets. */
const failuresAt = (offsets: number[], policy = emailPolicy) =>
  offsets.reduce<FailureRecord | null>((record, offset) => afterFailure(record, at(offset), policy), null);

describe("sign-in backoff and lockout (per email: 2 free failures, then 2^n s, locked at 5 for 15 min)", () => {
  it.each([
    ["no failures", [], 0, 0],
    ["one failure", [0], 0, 0],
    ["two failures", [0, 1], 1, 0],
    ["three failures: 2 s backoff", [0, 1, 2], 2, 2],
    ["three failures, 2 s later", [0, 1, 2], 4, 0],
    ["four failures: 4 s backoff", [0, 1, 2, 5], 5, 4],
    ["five failures: locked for 15 minutes", [0, 1, 2, 5, 10], 10, 900],
    ["locked, 14 minutes on", [0, 1, 2, 5, 10], 10 + 14 * 60, 60],
    ["lock over after 15 minutes", [0, 1, 2, 5, 10], 10 + 15 * 60, 0],
  ])("%s", (_what, offsets, now, wait) => {
    expect(waitBeforeAttempt(failuresAt(offsets), at(now), emailPolicy)).toBe(wait);
  });

  it("starts over once the first failure is older than the window", () => {
    const record = failuresAt([0, 1, 2, 5, 20 * 60]);
    expect(record).toMatchObject({ failures: 1 });
    expect(waitBeforeAttempt(record, at(20 * 60 + 1), emailPolicy)).toBe(0);
  });

  it("caps the backoff", () => {
    const record: FailureRecord = { failures: 19, firstFailureAt: t0, lastFailureAt: t0 };
    expect(waitBeforeAttempt(record, t0, addressPolicy)).toBe(addressPolicy.maxBackoffSeconds);
  });

  it("gives a client address more room than one email before locking it", () => {
    const nineteen = failuresAt(Array.from({ length: 19 }, (_, i) => i * 40), addressPolicy);
    expect(waitBeforeAttempt(nineteen, at(19 * 40), addressPolicy)).toBe(0);
    const twenty = afterFailure(nineteen, at(19 * 40), addressPolicy);
    expect(waitBeforeAttempt(twenty, at(19 * 40), addressPolicy)).toBe(900);
  });
});

describe("tooManyAttemptsMessage", () => {
  it.each([
    [1, "Too many failed sign-in attempts. Please wait 1 second and try again."],
    [30, "Too many failed sign-in attempts. Please wait 30 seconds and try again."],
    [61, "Too many failed sign-in attempts. Please wait 2 minutes and try again."],
    [900, "Too many failed sign-in attempts. Please wait 15 minutes and try again."],
  ])("%i s", (seconds, text) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(text);
  });
});
