import { localDateOf } from "@/lib/planning/time";

/**
 * Whether a discount code may be applied, judged one way wherever it is asked (the quote
 * service, the editor's list of codes). A code's `valid_until` is a calendar day with no zone:
 * its last day where the venue is, so the code still applies until that day ends in the
 * venue's zone (the quote's first space), not in UTC or the browser's. Pure: no I/O, no clock.
 */

export type CodeUsage = { active: boolean; validUntil: string | null; maxRedemptions: number | null; redemptionsCount: number };

export type CodeProblem = { reason: "inactive" } | { reason: "expired"; on: string } | { reason: "used_up" };

/** Whether the code's last day has passed at `now` in `timeZone`. */
export const codeExpired = (validUntil: string | null, timeZone: string, now: Date): boolean =>
  validUntil !== null && validUntil < localDateOf(now, timeZone);

/** Why the code cannot be applied at `now` where the venue is (`timeZone`), or null when it can. */
export const codeProblem = (code: CodeUsage, timeZone: string, now: Date): CodeProblem | null => {
  if (!code.active) return { reason: "inactive" };
  if (code.validUntil !== null && codeExpired(code.validUntil, timeZone, now)) return { reason: "expired", on: code.validUntil };
  if (code.maxRedemptions !== null && code.redemptionsCount >= code.maxRedemptions) return { reason: "used_up" };
  return null;
};
