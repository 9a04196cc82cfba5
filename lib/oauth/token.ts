import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { oauthAuthorizationCodes, oauthGrants, oauthRefreshTokens } from "@/db/schema";
import { generateToken, tokenDigest } from "@/lib/auth/tokens";
import { mintAccessToken } from "./access-tokens";
import { isMemberOf } from "./authorize";
import { isConfidential, type OAuthClient } from "./clients";
import { OAuthError } from "./errors";
import { revokeGrant, type OAuthGrant } from "./grants";
import { verifyCodeVerifier } from "./pkce";
import type { TokenRequest } from "./schemas";
import { formatScope, grantableScopes, parseScope, type Scope } from "./scopes";
import { apiResource, parseResource } from "./urls";

/*
 * The token endpoint's grants (`POST /oauth/token`), for a client already authenticated:
 * - authorization_code: the code is single-use (a second exchange revokes the grant the first
 *   produced, RFC 6749 §4.1.2), lives 60 seconds, and must come from the same client with the same
 *   redirect_uri and the PKCE verifier of its challenge;
 * - refresh_token: rotated on every use; a used one presented again is taken as stolen and
 *   revokes the whole grant (OAuth 2.1 §4.3.1);
 * - client_credentials: an account administrator's integration acting as its owner in its account.
 */

export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;

const invalidGrant = (message: string) => new OAuthError("invalid_grant", message);

type Issue = { client: OAuthClient; issuer: string; now: Date };

/** An access token for the grant (and a refresh token when the client uses them). */
const tokensFor = async (db: DbOrTx, grant: OAuthGrant, scopes: readonly Scope[], { client, issuer, now }: Issue, refresh: boolean) => {
  let refreshToken: string | undefined;
  if (refresh) {
    refreshToken = generateToken();
    await db.insert(oauthRefreshTokens).values({
      tokenDigest: tokenDigest(refreshToken),
      grantId: grant.id,
      expiresAt: new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000),
    });
  }
  const access = await mintAccessToken(
    db,
    { userId: grant.userId, accountId: grant.accountId, clientId: client.clientId, scopes: [...scopes], grantId: grant.id, audience: grant.resource, issuer },
    now,
  );
  return {
    access_token: access.token,
    token_type: "Bearer" as const,
    expires_in: access.expiresIn,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: formatScope(scopes),
  };
};

const usesRefreshTokens = (client: OAuthClient) => client.grantTypes.includes("refresh_token");

/** A `resource` sent to the token endpoint must be the one the grant is for. */
const checkResource = (issuer: string, sent: string | undefined, granted: string) => {
  if (sent !== undefined && parseResource(issuer, sent)?.resource !== granted) {
    throw new OAuthError("invalid_target", "resource differs from the one this grant is for", { field: "resource" });
  }
};

/** Why a claimed code may not be exchanged, thrown as the token endpoint's error. */
const checkCode = async (
  db: DbOrTx,
  code: typeof oauthAuthorizationCodes.$inferSelect,
  input: Extract<TokenRequest, { grant_type: "authorization_code" }>,
  { client, issuer, now }: Issue,
) => {
  if (code.expiresAt <= now) throw invalidGrant("The authorization code has expired");
  if (code.clientId !== client.id) throw invalidGrant("The authorization code was issued to another client");
  if (code.redirectUri !== input.redirect_uri) throw invalidGrant("redirect_uri differs from the one the authorization request sent");
  if (!verifyCodeVerifier(input.code_verifier, code.codeChallenge)) throw invalidGrant("code_verifier does not match the code_challenge");
  checkResource(issuer, input.resource, code.resource);
  if (!(await isMemberOf(db, code.userId, code.accountId))) throw invalidGrant("The user is no longer a member of the account");
};

const exchangeCode = async (db: DbOrTx, input: Extract<TokenRequest, { grant_type: "authorization_code" }>, issue: Issue) => {
  const { client, now } = issue;
  const digest = tokenDigest(input.code);
  // One transaction claims the code and creates its grant: the claim's row lock makes a second
  // exchange of the same code wait for the first to commit, so it always finds the grant to
  // revoke. A refused exchange still spends the code (the refusal is returned, not thrown, so the
  // claim commits).
  const outcome = await db.transaction(async (tx) => {
    const [code] = await tx
      .update(oauthAuthorizationCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthAuthorizationCodes.codeDigest, digest), isNull(oauthAuthorizationCodes.usedAt)))
      .returning();
    if (!code) {
      const [spent] = await tx.select({ grantId: oauthAuthorizationCodes.grantId }).from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.codeDigest, digest));
      if (spent?.grantId) await revokeGrant(tx, spent.grantId, "authorization_code_reuse", now);
      return { refused: invalidGrant(spent ? "The authorization code has already been used; the tokens issued for it are revoked" : "The authorization code is not valid") };
    }
    try {
      await checkCode(tx, code, input, issue);
    } catch (error) {
      if (error instanceof OAuthError) return { refused: error };
      throw error;
    }
    const [created] = await tx
      .insert(oauthGrants)
      .values({
        clientId: client.id,
        userId: code.userId,
        accountId: code.accountId,
        grantType: "authorization_code",
        scopes: code.scopes,
        resource: code.resource,
        lastUsedAt: now,
      })
      .returning();
    await tx.update(oauthAuthorizationCodes).set({ grantId: created!.id }).where(eq(oauthAuthorizationCodes.codeDigest, digest));
    return { grant: created! };
  });
  if ("refused" in outcome) throw outcome.refused;
  return tokensFor(db, outcome.grant, outcome.grant.scopes as Scope[], issue, usesRefreshTokens(client));
};

const refresh = async (db: DbOrTx, input: Extract<TokenRequest, { grant_type: "refresh_token" }>, issue: Issue) => {
  const { client, issuer, now } = issue;
  const digest = tokenDigest(input.refresh_token);
  const [row] = await db
    .select({ token: oauthRefreshTokens, grant: oauthGrants })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenDigest, digest))
    .limit(1);
  if (!row || row.grant.clientId !== client.id) throw invalidGrant("The refresh token is not valid");
  if (row.grant.revokedAt) throw invalidGrant("The refresh token has been revoked");
  const reused = async () => {
    await revokeGrant(db, row.grant.id, "refresh_token_reuse", now);
    return invalidGrant("The refresh token has already been used; every token of its grant is now revoked");
  };
  if (row.token.usedAt) throw await reused();
  if (row.token.expiresAt <= now) throw invalidGrant("The refresh token has expired");
  const granted = row.grant.scopes as Scope[];
  const asked = input.scope === undefined ? granted : parseScope(input.scope);
  if (!asked || asked.length === 0 || asked.some((scope) => !granted.includes(scope))) {
    throw new OAuthError("invalid_scope", "scope may only narrow what was granted", { field: "scope" });
  }
  checkResource(issuer, input.resource, row.grant.resource);
  if (!(await isMemberOf(db, row.grant.userId, row.grant.accountId))) throw invalidGrant("The user is no longer a member of the account");
  const [claimed] = await db
    .update(oauthRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthRefreshTokens.tokenDigest, digest), isNull(oauthRefreshTokens.usedAt)))
    .returning({ grantId: oauthRefreshTokens.grantId });
  // Another request used it between our read and this write: the same theft signal.
  if (!claimed) throw await reused();
  await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, row.grant.id));
  return tokensFor(db, row.grant, asked, issue, true);
};

const clientCredentials = async (db: DbOrTx, input: Extract<TokenRequest, { grant_type: "client_credentials" }>, issue: Issue) => {
  const { client, issuer, now } = issue;
  if (client.kind !== "integration" || !client.grantTypes.includes("client_credentials") || !isConfidential(client) || !client.accountId || !client.ownerUserId) {
    throw new OAuthError("unauthorized_client", "Only an account's integrations registered for client_credentials may use this grant");
  }
  const allowed = client.scopes as Scope[];
  const scopes = input.scope === undefined || input.scope.trim() === "" ? allowed : grantableScopes(input.scope, allowed);
  if (!scopes) throw new OAuthError("invalid_scope", `scope asks for more than this integration may have (${allowed.join(" ")})`, { field: "scope" });
  const resource = input.resource === undefined ? { resource: apiResource(issuer), accountId: null } : parseResource(issuer, input.resource);
  if (!resource || (resource.accountId !== null && resource.accountId !== client.accountId)) {
    throw new OAuthError("invalid_target", "resource is not this server's API or the MCP endpoint of the integration's account", { field: "resource" });
  }
  if (!(await isMemberOf(db, client.ownerUserId, client.accountId))) {
    throw new OAuthError("unauthorized_client", "The integration's owner is no longer a member of its account");
  }
  // One grant per integration, scope and resource: revoking it (or the integration) ends its tokens.
  const live = await db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.clientId, client.id), eq(oauthGrants.grantType, "client_credentials"), isNull(oauthGrants.revokedAt)));
  const scope = formatScope(scopes);
  let grant = live.find((candidate) => candidate.resource === resource.resource && formatScope(candidate.scopes as Scope[]) === scope);
  if (grant) {
    await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grant.id));
  } else {
    [grant] = await db
      .insert(oauthGrants)
      .values({
        clientId: client.id,
        userId: client.ownerUserId,
        accountId: client.accountId,
        grantType: "client_credentials",
        scopes,
        resource: resource.resource,
        lastUsedAt: now,
      })
      .returning();
  }
  return tokensFor(db, grant!, scopes, issue, false);
};

/** Answers a token request of an authenticated client (RFC 6749 §5.1), or throws its OAuth error. */
export const issueTokens = (db: DbOrTx, { client, input, issuer }: { client: OAuthClient; input: TokenRequest; issuer: string }, now = new Date()) => {
  const issue = { client, issuer, now };
  switch (input.grant_type) {
    case "authorization_code":
      return exchangeCode(db, input, issue);
    case "refresh_token":
      return refresh(db, input, issue);
    case "client_credentials":
      return clientCredentials(db, input, issue);
  }
};
