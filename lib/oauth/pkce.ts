import { createHash, timingSafeEqual } from "node:crypto";

/*
 * PKCE (RFC 7636), S256 only (OAuth 2.1 requires PKCE on every authorization code request and
 * the plain method offers nothing over not using it). Pure.
 */

/** A code challenge: base64url of a SHA-256 digest is 43 characters; longer ones are tolerated up to the verifier's limit. */
export const codeChallengePattern = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A code verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
export const codeVerifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;

export const s256Challenge = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** Whether the verifier the token request sent matches the challenge the authorization request sent. */
export const verifyCodeVerifier = (verifier: string, challenge: string) => {
  if (!codeVerifierPattern.test(verifier) || !codeChallengePattern.test(challenge)) return false;
  const expected = Buffer.from(s256Challenge(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
