import { afterEach, describe, expect, it } from "vitest";
import { rateLimitsEnabled, ruleLimit, windowOf } from "@/lib/http/rate-limit";

describe("windowOf: the fixed window an instant falls in", () => {
  it.each([
    // instant (ISO), period s, window start, window end, Retry-After s
    ["2026-11-24T10:00:00.000Z", 60, "2026-11-24T10:00:00.000Z", "2026-11-24T10:01:00.000Z", 60],
    ["2026-11-24T10:00:59.999Z", 60, "2026-11-24T10:00:00.000Z", "2026-11-24T10:01:00.000Z", 1],
    ["2026-11-24T10:00:30.500Z", 60, "2026-11-24T10:00:00.000Z", "2026-11-24T10:01:00.000Z", 30],
    ["2026-11-24T10:04:59.000Z", 300, "2026-11-24T10:00:00.000Z", "2026-11-24T10:05:00.000Z", 1],
    ["2026-11-24T10:59:00.000Z", 3600, "2026-11-24T10:00:00.000Z", "2026-11-24T11:00:00.000Z", 60],
    ["2026-11-24T10:00:07.000Z", 1, "2026-11-24T10:00:07.000Z", "2026-11-24T10:00:08.000Z", 1],
  ])("%s in windows of %i s: %s to %s, retry in %i s", (at, period, start, end, retryAfter) => {
    const window = windowOf(Date.parse(at), period);
    expect(new Date(window.start * 1000).toISOString()).toBe(start);
    expect(new Date(window.end * 1000).toISOString()).toBe(end);
    expect(window.retryAfter).toBe(retryAfter);
  });
});

describe("ruleLimit and rateLimitsEnabled read the environment as it is now", () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_TOKEN;
    delete process.env.RATE_LIMITS;
  });

  it("follows RATE_LIMIT_<RULE> as it changes, back to the default when unset", () => {
    expect(ruleLimit("token")).toEqual({ limit: 3000, period: 60 });
    process.env.RATE_LIMIT_TOKEN = "5/60";
    expect(ruleLimit("token")).toEqual({ limit: 5, period: 60 });
    process.env.RATE_LIMIT_TOKEN = " 7 / 0 ";
    expect(ruleLimit("token")).toEqual({ limit: 7, period: 1 });
    delete process.env.RATE_LIMIT_TOKEN;
    expect(ruleLimit("token")).toEqual({ limit: 3000, period: 60 });
  });

  it("refuses a malformed setting every time it is read, naming it", () => {
    process.env.RATE_LIMIT_TOKEN = "lots";
    expect(() => ruleLimit("token")).toThrow(/RATE_LIMIT_TOKEN must look like 100\/60/);
    expect(() => ruleLimit("token")).toThrow(/RATE_LIMIT_TOKEN/);
  });

  it.each([
    [undefined, true],
    ["on", true],
    ["off", false],
    [" OFF ", false],
    ["false", false],
    ["0", false],
  ])("RATE_LIMITS=%s: enabled %s", (value, enabled) => {
    if (value === undefined) delete process.env.RATE_LIMITS;
    else process.env.RATE_LIMITS = value;
    expect(rateLimitsEnabled()).toBe(enabled);
  });
});
