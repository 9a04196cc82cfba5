/*
 * When a webhook counts as failing (pure): the dispatcher keeps a streak per webhook
 * (`failing_since`, the first failed attempt since the last success, and `consecutive_failures`),
 * and a success ends it. A streak is worth showing once it is long, or once it cost an event
 * for good (a delivery gave up: a 4xx, or retries ran out).
 */

/** Failed attempts in a row that make a webhook failing even while its deliveries are still retried. */
export const failingAfterAttempts = 5;

export type WebhookHealth = {
  consecutiveFailures: number;
  failingSince: Date | null;
  /** Whether a delivery to it failed for good during the current streak. */
  gaveUpSinceStreak: boolean;
};

export const isFailing = (health: WebhookHealth) =>
  health.failingSince !== null && (health.consecutiveFailures >= failingAfterAttempts || health.gaveUpSinceStreak);
