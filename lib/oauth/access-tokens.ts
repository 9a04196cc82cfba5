import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { DbOrTx } from "@/db/client";
import { oauthClients, oauthGrants } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { currentSigningKey, signingAlgorithm, verificationKey } from "./keys";
import { parseScope, type Scope } from "./scopes";

/*
 * Access tokens are RFC 9068 JWTs (`typ: at+jwt`), ES256-signed, valid 2 hours (INTERFACE.md):
 * `iss`, `sub` (the user), `aud` (the resource), `client_id`, `scope`, `iat`, `exp`, `jti`, plus
 * `account_id` (the account the user chose at consent) and `grant_id` (the grant behind it, checked
 * on every request, so a revoked grant or client stops its tokens at once).
 */

export const accessTokenLifetimeSeconds = 2 * 60 * 60;

export type TokenGrant = {
  userId: number;
  accountId: number;
  /** The client's public `client_id`. */
  clientId: string;
  scopes: Scope[];
  grantId: string;
  audience: string;
  expiresAt: Date;
};

export const mintAccessToken = async (
  db: DbOrTx,
  grant: Omit<TokenGrant, "expiresAt"> & { issuer: string },
  now = new Date(),
) => {
  const { kid, key } = await currentSigningKey(db);
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({
    client_id: grant.clientId,
    scope: grant.scopes.join(" "),
    account_id: grant.accountId,
    grant_id: grant.grantId,
  })
    .setProtectedHeader({ alg: signingAlgorithm, typ: "at+jwt", kid })
    .setIssuer(grant.issuer)
    .setSubject(String(grant.userId))
    .setAudience(grant.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
  return { token, expiresIn: accessTokenLifetimeSeconds };
};

/** Three base64url segments: what a JWT looks like (a Chatwoot client's other Bearer values do not). */
export const looksLikeJwt = (value: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value);

const refused = (message: string) => new ApiError("unauthorized", message, { details: { oauth_error: "invalid_token" } });

const claimsOf = (payload: Record<string, unknown>) => {
  const sub = Number(payload.sub);
  const accountId = payload.account_id;
  const scopes = typeof payload.scope === "string" ? parseScope(payload.scope) : null;
  if (!Number.isSafeInteger(sub) || sub <= 0) return null;
  if (typeof accountId !== "number" || !Number.isSafeInteger(accountId)) return null;
  if (typeof payload.client_id !== "string" || typeof payload.grant_id !== "string" || scopes === null) return null;
  return { userId: sub, accountId, clientId: payload.client_id, grantId: payload.grant_id, scopes };
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies a Bearer JWT for a resource: signature by one of our keys, `typ`, issuer, expiry, an
 * audience among `audiences`, and a grant (and client) that is still live. Anything else is a 401
 * whose `WWW-Authenticate` says `invalid_token`.
 */
export const verifyAccessToken = async (db: DbOrTx, jwt: string, expected: { issuer: string; audiences: readonly string[] }): Promise<TokenGrant> => {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(jwt).kid;
  } catch {
    throw refused("The access token is malformed");
  }
  const key = await verificationKey(db, kid);
  if (!key) throw refused("The access token was not signed by this server");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jwt, key, {
      issuer: expected.issuer,
      audience: [...expected.audiences],
      typ: "at+jwt",
      algorithms: [signingAlgorithm],
      requiredClaims: ["exp", "iat", "sub", "jti", "client_id"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw refused("The access token has expired");
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === "aud") throw refused("The access token is not for this resource");
    throw refused("The access token is invalid");
  }
  const claims = claimsOf(payload);
  if (!claims || !uuidPattern.test(claims.grantId)) throw refused("The access token is invalid");
  const [live] = await db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.id, claims.grantId), isNull(oauthGrants.revokedAt), isNull(oauthClients.revokedAt), eq(oauthGrants.userId, claims.userId)))
    .limit(1);
  if (!live) throw refused("The access token has been revoked");
  const audience = Array.isArray(payload.aud) ? String(payload.aud[0]) : String(payload.aud);
  return { ...claims, audience, expiresAt: new Date(Number(payload.exp) * 1000) };
};
