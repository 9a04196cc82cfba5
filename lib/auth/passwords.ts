import bcrypt from "bcryptjs";
import { fieldError } from "@/lib/http/errors";

const COST = 10;
/** bcrypt reads only the first 72 bytes: a longer password would be partly ignored. */
export const maxPasswordBytes = 72;

/**
 * What the password policy says about a new password beyond its shape (ZPassword: at least 8
 * characters, a letter and a digit or symbol): it must not be the account's email address or
 * the part before the @, and bcrypt must read all of it. Null when it is acceptable.
 */
export const passwordProblem = (password: string, email: string): string | null => {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split("@")[0] ?? "";
  if (typed === address || (local.length >= 3 && typed === local)) return "must not be your email address";
  if (Buffer.byteLength(password, "utf8") > maxPasswordBytes) return `must be at most ${maxPasswordBytes} bytes`;
  return null;
};

/** Hashes a password being set for the account with this email, refusing it (422) when the policy does. */
export const hashNewPassword = (password: string, email: string) => {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError("password", problem);
  return bcrypt.hash(password, COST);
};

/** Compares in constant time; a user without a password never matches. */
export const verifyPassword = (password: string, hash: string | null) => (hash ? bcrypt.compare(password, hash) : Promise.resolve(false));
