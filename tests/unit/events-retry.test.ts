import { describe, expect, it } from "vitest";
import { backoffMs, botPolicy, classify, nextStep, parseRetryAfter, webhookPolicy, type AttemptOutcome } from "@/lib/events/retry";

const now = new Date("2026-04-16T10:00:00Z");

describe("classifying an attempt", () => {
  it.each<[string, AttemptOutcome, string, string | undefined]>([
    ["200 delivers", { kind: "response", status: 200 }, "delivered", undefined],
    ["204 delivers", { kind: "response", status: 204 }, "delivered", undefined],
    ["500 retries", { kind: "response", status: 500 }, "retry", "http_500"],
    ["503 retries", { kind: "response", status: 503 }, "retry", "http_503"],
    ["429 retries", { kind: "response", status: 429 }, "retry", "http_429"],
    ["408 retries", { kind: "response", status: 408 }, "retry", "http_408"],
    ["400 is permanent", { kind: "response", status: 400 }, "permanent", "http_400"],
    ["404 is permanent", { kind: "response", status: 404 }, "permanent", "http_404"],
    ["a redirect is permanent (not followed)", { kind: "response", status: 302 }, "permanent", "http_302"],
    ["a timeout retries", { kind: "error", code: "timeout", message: "" }, "retry", "timeout"],
    ["a network error retries", { kind: "error", code: "network", message: "" }, "retry", "network"],
    ["an unresolved name retries", { kind: "error", code: "unresolved", message: "" }, "retry", "unresolved"],
    ["a refused address is permanent", { kind: "error", code: "refused_address", message: "" }, "permanent", "refused_address"],
    ["an invalid URL is permanent", { kind: "error", code: "invalid_url", message: "" }, "permanent", "invalid_url"],
  ])("%s", (_name, outcome, result, code) => {
    const classified = classify(outcome, now);
    expect(classified.result).toBe(result);
    if (code) expect((classified as { code: string }).code).toBe(code);
  });

  it.each([
    ["120", 120_000],
    [" 5 ", 5_000],
    [new Date(now.getTime() + 30_000).toUTCString(), 30_000],
    [new Date(now.getTime() - 30_000).toUTCString(), 0],
    ["soon", null],
    [null, null],
  ])("reads Retry-After %j", (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("backoff", () => {
  const policy = webhookPolicy();

  it.each([
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [10, 60 * 60_000],
    [30, 60 * 60_000],
  ])("attempt %i waits between half and all of %i ms", (attempt, full) => {
    expect(backoffMs(policy, attempt, () => 0)).toBe(full / 2);
    expect(backoffMs(policy, attempt, () => 0.999999)).toBeLessThanOrEqual(full);
    expect(backoffMs(policy, attempt, () => 0.999999)).toBeGreaterThan(full * 0.99);
  });
});

describe("the next step", () => {
  const retry = { result: "retry", code: "http_500", retryAfterMs: null } as const;

  it("delivers, and fails a permanent refusal at once", () => {
    const base = { attempt: 1, firstAttemptAt: now, now, policy: webhookPolicy(), random: () => 0.5 };
    expect(nextStep({ ...base, classified: { result: "delivered" } })).toEqual({ status: "delivered" });
    expect(nextStep({ ...base, classified: { result: "permanent", code: "http_400" } })).toEqual({ status: "failed" });
  });

  it("retries after the backoff, or later when Retry-After asks for more", () => {
    const base = { attempt: 1, firstAttemptAt: now, now, policy: webhookPolicy(), random: () => 0 };
    expect(nextStep({ ...base, classified: retry })).toEqual({ status: "pending", nextAttemptAt: new Date(now.getTime() + 5_000) });
    expect(nextStep({ ...base, classified: { ...retry, retryAfterMs: 600_000 } })).toEqual({
      status: "pending",
      nextAttemptAt: new Date(now.getTime() + 600_000),
    });
  });

  it("fails once the next attempt would fall past the day's window", () => {
    const firstAttemptAt = new Date(now.getTime() - 24 * 60 * 60_000 + 1_000);
    expect(nextStep({ classified: retry, attempt: 20, firstAttemptAt, now, policy: webhookPolicy(), random: () => 0 })).toEqual({ status: "failed" });
  });

  it("gives a bot three attempts, about three seconds apart", () => {
    const base = { classified: retry, firstAttemptAt: now, now, policy: botPolicy(), random: () => 1 };
    expect(nextStep({ ...base, attempt: 1 })).toEqual({ status: "pending", nextAttemptAt: new Date(now.getTime() + 3_000) });
    expect(nextStep({ ...base, attempt: 2 })).toEqual({ status: "pending", nextAttemptAt: new Date(now.getTime() + 3_000) });
    expect(nextStep({ ...base, attempt: 3 })).toEqual({ status: "failed" });
  });
});
