/**
 * Backoff and lockout after failed sign-ins, as pure functions over one key's failure record
 * (a key is an email address or a client address). Stored by ./sign-in-guard.ts.
 *
 * After `backoffAfter` failures each further attempt must wait 2^(n - backoffAfter) seconds
 * (at most `maxBackoffSeconds`) after the last failure; at `maxFailures` the key is locked for
 * `lockoutSeconds` after the last failure. A failure older than `windowSeconds` starts over.
 */
export type FailureRecord = { failures: number; firstFailureAt: Date; lastFailureAt: Date };
export type SignInPolicy = { maxFailures: number; backoffAfter: number; maxBackoffSeconds: number; lockoutSeconds: number; windowSeconds: number };

export const emailPolicy: SignInPolicy = { maxFailures: 5, backoffAfter: 2, maxBackoffSeconds: 30, lockoutSeconds: 15 * 60, windowSeconds: 15 * 60 };
/** A client address tries many accounts (credential stuffing): more room, the same lock. */
export const addressPolicy: SignInPolicy = { maxFailures: 20, backoffAfter: 10, maxBackoffSeconds: 30, lockoutSeconds: 15 * 60, windowSeconds: 15 * 60 };

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** Whether the record still counts at `now` (its last failure is within the window or the lock). */
const live = (record: FailureRecord, now: Date, policy: SignInPolicy) =>
  seconds(record.lastFailureAt, now) < Math.max(policy.windowSeconds, policy.lockoutSeconds);

/** Whole seconds this key must still wait before it may try again (0: it may try now). */
export const waitBeforeAttempt = (record: FailureRecord | null, now: Date, policy: SignInPolicy): number => {
  if (!record || !live(record, now, policy)) return 0;
  const since = seconds(record.lastFailureAt, now);
  if (record.failures >= policy.maxFailures) return Math.max(0, Math.ceil(policy.lockoutSeconds - since));
  if (record.failures <= policy.backoffAfter) return 0;
  const backoff = Math.min(2 ** (record.failures - policy.backoffAfter), policy.maxBackoffSeconds);
  return Math.max(0, Math.ceil(backoff - since));
};

/** The record after one more failure at `now`. */
export const afterFailure = (record: FailureRecord | null, now: Date, policy: SignInPolicy): FailureRecord =>
  record && seconds(record.firstFailureAt, now) < policy.windowSeconds && live(record, now, policy)
    ? { failures: record.failures + 1, firstFailureAt: record.firstFailureAt, lastFailureAt: now }
    : { failures: 1, firstFailureAt: now, lastFailureAt: now };

/** What a refused attempt is told (the server's 429 and the login form say the same). */
export const tooManyAttemptsMessage = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
};
