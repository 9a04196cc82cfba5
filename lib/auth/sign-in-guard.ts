import { eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { signInFailures } from "@/db/schema/security";
import { addressKey } from "@/lib/http/client-ip";
import { rateLimited } from "@/lib/http/rate-limit";
import { tokenDigest } from "./tokens";
import { addressPolicy, afterFailure, emailPolicy, tooManyAttemptsMessage, waitBeforeAttempt, type FailureRecord, type SignInPolicy } from "./sign-in-policy";

/**
 * Sign-in protection for the portal (password and one-time login links): failures are counted
 * per email address and per client address in `sign_in_failures`, so every app instance on the
 * database applies the same backoff and lockout (./sign-in-policy.ts).
 */
export type SignInAttempt = { email: string | null; ip: string | null };

const keysOf = ({ email, ip }: SignInAttempt): { key: string; policy: SignInPolicy }[] => [
  ...(email ? [{ key: `email:${tokenDigest(email.trim().toLowerCase())}`, policy: emailPolicy }] : []),
  ...(ip ? [{ key: `ip:${addressKey(ip)}`, policy: addressPolicy }] : []),
];

const recordOf = (row: typeof signInFailures.$inferSelect | undefined): FailureRecord | null =>
  row ? { failures: row.failures, firstFailureAt: row.firstFailureAt, lastFailureAt: row.lastFailureAt } : null;

/** Seconds the attempt must wait (the longest of its email's and its address's), 0 when it may go ahead. */
export const signInWait = async (db: DbOrTx, attempt: SignInAttempt, now = new Date()): Promise<number> => {
  const keys = keysOf(attempt);
  if (keys.length === 0) return 0;
  const rows = await db.select().from(signInFailures).where(anyOf(signInFailures.key, keys.map((k) => k.key)));
  return Math.max(0, ...keys.map(({ key, policy }) => waitBeforeAttempt(recordOf(rows.find((row) => row.key === key)), now, policy)));
};

export const tooManySignIns = (wait: number) => rateLimited(wait, tooManyAttemptsMessage(wait));

/** Counts one failure against the attempt's email and address (each under a row lock). */
export const recordSignInFailure = (db: DbOrTx, attempt: SignInAttempt, now = new Date()) =>
  db.transaction(async (tx) => {
    for (const { key, policy } of keysOf(attempt).sort((a, b) => a.key.localeCompare(b.key))) {
      await tx.insert(signInFailures).values({ key, failures: 0, firstFailureAt: now, lastFailureAt: now }).onConflictDoNothing();
      const [row] = await tx.select().from(signInFailures).where(eq(signInFailures.key, key)).for("update");
      const current = row && row.failures > 0 ? recordOf(row) : null;
      const next = afterFailure(current, now, policy);
      await tx.update(signInFailures).set(next).where(eq(signInFailures.key, key));
    }
  });

/** A successful sign-in forgives its email's failures (its address keeps its count). */
export const clearSignInFailures = (db: DbOrTx, email: string) =>
  db.delete(signInFailures).where(eq(signInFailures.key, `email:${tokenDigest(email.trim().toLowerCase())}`));

/** Drops records no policy still looks at. */
export const pruneSignInFailures = (db: DbOrTx, now = new Date()) => {
  const horizon = Math.max(emailPolicy.windowSeconds, emailPolicy.lockoutSeconds, addressPolicy.windowSeconds, addressPolicy.lockoutSeconds);
  return db.delete(signInFailures).where(sql`${signInFailures.lastFailureAt} < ${new Date(now.getTime() - horizon * 1000).toISOString()}::timestamptz`);
};
