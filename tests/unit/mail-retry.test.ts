import { describe, expect, it } from "vitest";
import { afterFailure, classifyFailure, maxAttempts, retryDelayMs } from "@/lib/mail/retry";

// Pure rules of the mail queue (no database, no mail server).

const smtpError = (message: string, responseCode?: number) => Object.assign(new Error(message), responseCode === undefined ? {} : { responseCode });

describe("classifying a failed delivery", () => {
  it.each([
    ["a 550 refusal", smtpError("550 5.1.1 no such user", 550), "refused", true],
    ["a 554 transaction failure", smtpError("554 rejected", 554), "refused", true],
    ["a 535 authentication failure", smtpError("535 bad credentials", 535), "refused", true],
    ["a 451 greylisting", smtpError("451 try later", 451), "deferred", false],
    ["a 421 service not available", smtpError("421 closing", 421), "deferred", false],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" }), "unreachable", false],
    ["a timeout", Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }), "unreachable", false],
    ["something that is not an Error", "boom", "unreachable", false],
  ])("treats %s as %s", (_case, error, code, permanent) => {
    expect(classifyFailure(error)).toMatchObject({ code, permanent });
  });

  it("keeps the server's words for the outbox, cut to 2000 characters", () => {
    expect(classifyFailure(smtpError("550 " + "x".repeat(5000), 550)).detail).toHaveLength(2000);
  });
});

describe("retrying", () => {
  it.each([
    [1, 60_000],
    [2, 5 * 60_000],
    [3, 30 * 60_000],
    [4, 2 * 3_600_000],
    [5, 6 * 3_600_000],
    [9, 6 * 3_600_000],
  ])("waits after failed attempt %i for %i ms", (attempts, wait) => {
    expect(retryDelayMs(attempts)).toBe(wait);
  });

  it.each([
    [undefined, 5],
    ["", 5],
    ["8", 8],
    [" 2 ", 2],
    ["1", 1],
    ["0", 5],
    ["-3", 5],
    ["2.5", 5],
    ["many", 5],
  ])("reads MAIL_MAX_ATTEMPTS=%j as %i", (setting, max) => {
    expect(maxAttempts(setting)).toBe(max);
  });

  const now = new Date("2027-01-01T12:00:00Z");
  const deferred = classifyFailure(smtpError("451 later", 451));
  const refused = classifyFailure(smtpError("550 no", 550));

  it("tries a temporary failure again later, until the attempts run out", () => {
    expect(afterFailure(deferred, 1, now, 5)).toEqual({ status: "queued", nextAttemptAt: new Date("2027-01-01T12:01:00Z") });
    expect(afterFailure(deferred, 4, now, 5)).toEqual({ status: "queued", nextAttemptAt: new Date("2027-01-01T14:00:00Z") });
    expect(afterFailure(deferred, 5, now, 5)).toEqual({ status: "failed", nextAttemptAt: null });
  });

  it("gives up on a permanent refusal at once", () => {
    expect(afterFailure(refused, 1, now, 5)).toEqual({ status: "failed", nextAttemptAt: null });
  });
});
