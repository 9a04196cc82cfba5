/*
 * What an attempt's outcome means for a delivery (pure): delivered, another try later, or
 * failed for good. Webhooks and API inboxes retry for a window (a day by default) with
 * exponential backoff and equal jitter; bots have a small budget, since a customer is waiting.
 */

export type AttemptOutcome =
  | { kind: "response"; status: number; retryAfter?: string | null }
  | { kind: "error"; code: string; message: string };

export type Classified = { result: "delivered" } | { result: "retry"; code: string; retryAfterMs: number | null } | { result: "permanent"; code: string };

/** Failures of the connection that may pass; the rest of guardedFetch's codes will not. */
const transientErrors = new Set(["timeout", "network", "unresolved", "too_large"]);

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export const parseRetryAfter = (value: string | null | undefined, now: Date): number | null => {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
};

export const classify = (outcome: AttemptOutcome, now: Date): Classified => {
  if (outcome.kind === "error") {
    return transientErrors.has(outcome.code) ? { result: "retry", code: outcome.code, retryAfterMs: null } : { result: "permanent", code: outcome.code };
  }
  const { status } = outcome;
  if (status >= 200 && status < 300) return { result: "delivered" };
  if (status === 429 || status === 408 || status === 425) {
    return { result: "retry", code: `http_${status}`, retryAfterMs: parseRetryAfter(outcome.retryAfter, now) };
  }
  if (status >= 500) return { result: "retry", code: `http_${status}`, retryAfterMs: parseRetryAfter(outcome.retryAfter, now) };
  // 3xx: redirects are not followed; other 4xx: the receiver refuses the event.
  return { result: "permanent", code: `http_${status}` };
};

export type RetryPolicy = { baseMs: number; capMs: number; windowMs: number; maxAttempts: number | null };

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Webhooks and API inboxes: 10 s doubling to 1 h, for `WEBHOOK_RETRY_WINDOW_HOURS` (24). */
export const webhookPolicy = (): RetryPolicy => ({
  baseMs: 10_000,
  capMs: 60 * 60_000,
  windowMs: envNumber("WEBHOOK_RETRY_WINDOW_HOURS", 24) * 60 * 60_000,
  maxAttempts: null,
});

/** Agent bots: `BOT_RETRY_ATTEMPTS` (3) attempts about 3 s apart, as Chatwoot. */
export const botPolicy = (): RetryPolicy => ({
  baseMs: 3_000,
  capMs: 3_000,
  windowMs: 60 * 60_000,
  maxAttempts: envNumber("BOT_RETRY_ATTEMPTS", 3),
});

/** The delay before attempt `attempt + 1`: base·2^(attempt−1) up to the cap, with equal jitter. */
export const backoffMs = (policy: RetryPolicy, attempt: number, random: () => number) => {
  const delay = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.5 + random() * 0.5));
};

export type NextStep = { status: "delivered" } | { status: "pending"; nextAttemptAt: Date } | { status: "failed" };

/** After attempt number `attempt` (1-based) whose retry window started at `firstAttemptAt`. */
export const nextStep = (input: {
  classified: Classified;
  attempt: number;
  firstAttemptAt: Date;
  now: Date;
  policy: RetryPolicy;
  random: () => number;
}): NextStep => {
  const { classified, attempt, firstAttemptAt, now, policy, random } = input;
  if (classified.result === "delivered") return { status: "delivered" };
  if (classified.result === "permanent") return { status: "failed" };
  if (policy.maxAttempts !== null && attempt >= policy.maxAttempts) return { status: "failed" };
  const delay = Math.max(backoffMs(policy, attempt, random), classified.retryAfterMs ?? 0);
  const at = new Date(now.getTime() + delay);
  if (at.getTime() > firstAttemptAt.getTime() + policy.windowMs) return { status: "failed" };
  return { status: "pending", nextAttemptAt: at };
};
