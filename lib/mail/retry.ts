/*
 * When a failed delivery is tried again, and when it stops being tried. Pure: no database, no
 * mail server.
 */

/** The kind of a failure, safe to show anyone (the mail server's own words are not). */
export type MailFailureCode = "refused" | "deferred" | "unreachable";

export type MailFailure = {
  code: MailFailureCode;
  /** A 5xx answer: trying again would be refused again. */
  permanent: boolean;
  /** The error as nodemailer and the mail server put it, for the account's outbox only. */
  detail: string;
};

/** The wait after the 1st, 2nd, … failed attempt; later failures wait as long as the last. */
export const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

export const retryDelayMs = (attempts: number) => retryDelaysMs[Math.min(Math.max(attempts, 1), retryDelaysMs.length) - 1]!;

export const defaultMaxAttempts = 5;

/** `MAIL_MAX_ATTEMPTS` (a whole number, at least 1), else 5. */
export const maxAttempts = (setting: string | undefined = process.env.MAIL_MAX_ATTEMPTS) => {
  const value = Number(setting?.trim() || Number.NaN);
  return Number.isInteger(value) && value >= 1 ? value : defaultMaxAttempts;
};

const responseCodeOf = (error: unknown) =>
  typeof error === "object" && error !== null && "responseCode" in error && typeof error.responseCode === "number" ? error.responseCode : null;

/**
 * nodemailer's error, classified: a 5xx answer is a permanent refusal, a 4xx one asks to try
 * later, and no answer at all (connection refused, timeout, DNS) is the server being unreachable.
 */
export const classifyFailure = (error: unknown): MailFailure => {
  const code = responseCodeOf(error);
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  if (code !== null && code >= 500) return { code: "refused", permanent: true, detail };
  if (code !== null && code >= 400) return { code: "deferred", permanent: false, detail };
  return { code: "unreachable", permanent: false, detail };
};

/** After the `attempts`-th attempt failed: given up (`failed`), or due again at a later time. */
export const afterFailure = (failure: MailFailure, attempts: number, now: Date, max: number) =>
  failure.permanent || attempts >= max
    ? { status: "failed" as const, nextAttemptAt: null }
    : { status: "queued" as const, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) };
