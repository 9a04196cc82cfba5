import { eq } from "drizzle-orm";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import type { DbOrTx } from "@/db/client";
import { oauthGrants, oauthRefreshTokens } from "@/db/schema";
import { tokenDigest } from "@/lib/auth/tokens";
import { looksLikeJwt } from "./access-tokens";
import type { OAuthClient } from "./clients";
import { revokeGrant } from "./grants";
import { signingAlgorithm, verificationKey } from "./keys";

/*
 * Token revocation (RFC 7009, `POST /oauth/revoke`). Revoking either kind of token revokes its
 * grant, so the access tokens and refresh tokens issued under it all stop at once. The answer is
 * the same 200 whatever the token was (unknown, expired, another client's), so the endpoint tells
 * no one which tokens exist.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The grant an access token of this client names, if its signature is ours and it has not expired. */
const grantOfAccessToken = async (db: DbOrTx, jwt: string, issuer: string, client: OAuthClient): Promise<string | null> => {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(jwt).kid;
  } catch {
    return null;
  }
  const key = await verificationKey(db, kid);
  if (!key) return null;
  try {
    const { payload } = await jwtVerify(jwt, key, { issuer, typ: "at+jwt", algorithms: [signingAlgorithm] });
    const grantId = payload.grant_id;
    return payload.client_id === client.clientId && typeof grantId === "string" && uuidPattern.test(grantId) ? grantId : null;
  } catch (error) {
    // An expired token already does nothing; any other failure names no token of ours.
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
};

const grantOfRefreshToken = async (db: DbOrTx, token: string, client: OAuthClient): Promise<string | null> => {
  const [row] = await db
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenDigest, tokenDigest(token)))
    .limit(1);
  return row && row.clientId === client.id ? row.grantId : null;
};

export const revokeToken = async (db: DbOrTx, { client, token, issuer }: { client: OAuthClient; token: string; issuer: string }, now = new Date()) => {
  const grantId = looksLikeJwt(token) ? await grantOfAccessToken(db, token, issuer, client) : await grantOfRefreshToken(db, token, client);
  if (grantId) await revokeGrant(db, grantId, "client", now);
};
