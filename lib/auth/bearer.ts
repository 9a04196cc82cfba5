import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { looksLikeJwt, verifyAccessToken, type TokenGrant } from "@/lib/oauth/access-tokens";
import { hasScope, type Scope } from "@/lib/oauth/scopes";
import { oauthAccountContext, oauthUserCaller } from "./caller";

/*
 * OAuth access tokens on the Application API: `Authorization: Bearer <JWT>`. The personal
 * `api_access_token` header wins when both are sent (some Chatwoot clients send both), and a
 * Bearer value that is not a JWT is not ours to judge: it is ignored.
 */

export const bearerToken = (request: Request): string | null => {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match && looksLikeJwt(match[1]!) ? match[1]! : null;
};

/** 403 with RFC 6750's `insufficient_scope`: the token is good, but not for this. */
export const insufficientScope = (scope: Scope) =>
  new ApiError("forbidden", `The access token's scopes do not include ${scope}`, {
    headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${scope}"` },
    details: { oauth_error: "insufficient_scope" },
  });

/** A 401 from token verification carries RFC 6750's challenge. */
const challenged = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !error.headers["WWW-Authenticate"]) {
      throw new ApiError("unauthorized", error.message, {
        headers: { "WWW-Authenticate": `Bearer error="invalid_token", error_description="${error.message}"` },
        details: error.details,
      });
    }
    throw error;
  }
};

const requireScopes = (grant: TokenGrant, needed: readonly Scope[]) => {
  for (const scope of needed) if (!hasScope(grant.scopes, scope)) throw insufficientScope(scope);
};

type Expected = { issuer: string; audiences: readonly string[]; scopes: readonly Scope[] };

/** An account route's context from a Bearer JWT: verified, scoped, the user still a member. */
export const bearerAccountContext = (db: DbOrTx, jwt: string, accountId: number, expected: Expected) =>
  challenged(async () => {
    const grant = await verifyAccessToken(db, jwt, expected);
    const ctx = await oauthAccountContext(db, grant, accountId);
    requireScopes(grant, expected.scopes);
    return ctx;
  });

/** A user route's caller (the profile) from a Bearer JWT. */
export const bearerUserCaller = (db: DbOrTx, jwt: string, expected: Expected) =>
  challenged(async () => {
    const grant = await verifyAccessToken(db, jwt, expected);
    requireScopes(grant, expected.scopes);
    return oauthUserCaller(db, grant);
  });
