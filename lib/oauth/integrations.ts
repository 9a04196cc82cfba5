import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { oauthClients, oauthGrants } from "@/db/schema";
import type { AccountCtx, UserCaller } from "@/lib/auth/caller";
import { generateToken } from "@/lib/auth/tokens";
import { isAdministrator } from "@/lib/auth/permissions";
import { ApiError, notFound } from "@/lib/http/errors";
import { textProblem } from "@/lib/http/input";
import { parseInput } from "@/lib/http/validation";
import { maxClientIdLength, newClientSecret, type OAuthClient } from "./clients";
import { ZCreateIntegration, type CreateIntegration } from "./schemas";
import { formatScope, type Scope } from "./scopes";

/*
 * Settings → Integrations: OAuth clients an account's administrators register for their own
 * programs (confidential; client_credentials acts as the administrator who registered it), and
 * the apps each user has authorized in the account ("Authorized apps"). Another account's ids are
 * answered 404. Only a person manages integrations: an OAuth token cannot, whatever its scopes.
 */

type Ctx = AccountCtx<UserCaller>;

const requireIntegrationAdmin = (ctx: Ctx) => {
  if (ctx.caller.oauth) throw new ApiError("forbidden", "Integrations are managed by a signed-in administrator, not through an OAuth token");
  if (!ctx.membership || !isAdministrator(ctx.membership)) throw new ApiError("forbidden", "You are not authorized to do this action");
};

/** `lastUsedAt`: when a token was last issued under any of its grants (known only when listing). */
export const presentIntegration = (client: OAuthClient, lastUsedAt: Date | null = null) => ({
  id: client.id,
  client_id: client.clientId,
  name: client.name,
  redirect_uris: client.redirectUris,
  grant_types: client.grantTypes,
  scopes: client.scopes,
  token_endpoint_auth_method: client.tokenEndpointAuthMethod,
  owner_user_id: client.ownerUserId,
  created_at: client.createdAt.toISOString(),
  revoked_at: client.revokedAt?.toISOString() ?? null,
  last_used_at: lastUsedAt?.toISOString() ?? null,
});
export type Integration = ReturnType<typeof presentIntegration>;

/** The account's integrations, live ones first, newest first. */
export const listIntegrations = async (ctx: Ctx): Promise<Integration[]> => {
  requireIntegrationAdmin(ctx);
  // Written out: inside a select list drizzle leaves column names unqualified, and both tables have client_id.
  const lastUsedAt = sql<Date | null>`(select max(g.last_used_at) from oauth_grants g where g.client_id = "oauth_clients"."id")`.mapWith(oauthGrants.lastUsedAt);
  const rows = await ctx.db
    .select({ client: oauthClients, lastUsedAt })
    .from(oauthClients)
    .where(and(eq(oauthClients.accountId, ctx.account.id), eq(oauthClients.kind, "integration")))
    .orderBy(sql`${oauthClients.revokedAt} is not null`, desc(oauthClients.createdAt), desc(oauthClients.id));
  return rows.map((row) => presentIntegration(row.client, row.lastUsedAt));
};

/** Registers an integration; its secret is in the answer and nowhere else, ever. */
export const createIntegration = async (ctx: Ctx, input: CreateIntegration) => {
  requireIntegrationAdmin(ctx);
  const values = parseInput(ZCreateIntegration, input);
  const { secret, digest } = newClientSecret();
  const [client] = await ctx.db
    .insert(oauthClients)
    .values({
      clientId: `vdi_${generateToken()}`,
      kind: "integration",
      accountId: ctx.account.id,
      ownerUserId: ctx.caller.user.id,
      name: values.name,
      redirectUris: [...new Set(values.redirect_uris)],
      grantTypes: [...new Set(values.grant_types)],
      tokenEndpointAuthMethod: "client_secret_basic",
      secretDigest: digest,
      scopes: formatScope(values.scopes).split(" "),
      metadata: { registered_by: ctx.caller.user.id },
    })
    .returning();
  return { integration: presentIntegration(client!), client_secret: secret };
};

const findIntegration = async (ctx: Ctx, id: number) => {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound("Integration");
  const [client] = await ctx.db
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.id, id), eq(oauthClients.accountId, ctx.account.id), eq(oauthClients.kind, "integration")))
    .limit(1);
  if (!client) throw notFound("Integration");
  return client;
};

/** A new secret; the old one stops working at once (tokens already issued live on until they expire or are revoked). */
export const rotateIntegrationSecret = async (ctx: Ctx, id: number) => {
  requireIntegrationAdmin(ctx);
  const client = await findIntegration(ctx, id);
  if (client.revokedAt) throw new ApiError("invalid_transition", "This integration has been revoked");
  const { secret, digest } = newClientSecret();
  const [updated] = await ctx.db.update(oauthClients).set({ secretDigest: digest, updatedAt: new Date() }).where(eq(oauthClients.id, client.id)).returning();
  return { integration: presentIntegration(updated!), client_secret: secret };
};

/** Revokes the integration and every grant it holds: its tokens stop working at once. */
export const revokeIntegration = async (ctx: Ctx, id: number, now = new Date()) => {
  requireIntegrationAdmin(ctx);
  const client = await findIntegration(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(oauthClients)
      .set({ revokedAt: client.revokedAt ?? now, updatedAt: now })
      .where(eq(oauthClients.id, client.id))
      .returning();
    await tx
      .update(oauthGrants)
      .set({ revokedAt: now, revokedReason: "administrator" })
      .where(and(eq(oauthGrants.clientId, client.id), isNull(oauthGrants.revokedAt)));
    return presentIntegration(revoked!);
  });
};

export type AuthorizedApp = {
  client_id: string;
  name: string;
  kind: OAuthClient["kind"];
  client_uri: string | null;
  scopes: Scope[];
  /** How many live authorizations (each consent is one). */
  grants: number;
  authorized_at: string;
  last_used_at: string | null;
};

/** The signed-in user's live authorizations in this account, one entry per app. */
export const listAuthorizedApps = async (ctx: Ctx): Promise<AuthorizedApp[]> => {
  const rows = await ctx.db
    .select({ grant: oauthGrants, client: oauthClients })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(
      and(
        eq(oauthGrants.userId, ctx.caller.user.id),
        eq(oauthGrants.accountId, ctx.account.id),
        eq(oauthGrants.grantType, "authorization_code"),
        isNull(oauthGrants.revokedAt),
        isNull(oauthClients.revokedAt),
      ),
    )
    .orderBy(asc(oauthGrants.createdAt));
  const apps = new Map<number, AuthorizedApp>();
  for (const { grant, client } of rows) {
    const app = apps.get(client.id);
    const lastUsed = grant.lastUsedAt?.toISOString() ?? null;
    if (!app) {
      apps.set(client.id, {
        client_id: client.clientId,
        name: client.name,
        kind: client.kind,
        client_uri: client.clientUri,
        scopes: grant.scopes as Scope[],
        grants: 1,
        authorized_at: grant.createdAt.toISOString(),
        last_used_at: lastUsed,
      });
      continue;
    }
    app.grants += 1;
    app.scopes = formatScope([...app.scopes, ...(grant.scopes as Scope[])]).split(" ") as Scope[];
    if (lastUsed && (!app.last_used_at || lastUsed > app.last_used_at)) app.last_used_at = lastUsed;
  }
  return [...apps.values()].sort((a, b) => (b.last_used_at ?? b.authorized_at).localeCompare(a.last_used_at ?? a.authorized_at));
};

/** Ends every authorization the user gave the app in this account (404 when there is none). */
export const revokeAuthorizedApp = async (ctx: Ctx, clientId: string, now = new Date()) => {
  if (clientId.length === 0 || clientId.length > maxClientIdLength || textProblem(clientId)) throw notFound("Authorized app");
  const grants = await ctx.db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(
      and(
        eq(oauthClients.clientId, clientId),
        eq(oauthGrants.userId, ctx.caller.user.id),
        eq(oauthGrants.accountId, ctx.account.id),
        eq(oauthGrants.grantType, "authorization_code"),
        isNull(oauthGrants.revokedAt),
      ),
    );
  if (grants.length === 0) throw notFound("Authorized app");
  await ctx.db
    .update(oauthGrants)
    .set({ revokedAt: now, revokedReason: "user" })
    .where(and(anyOf(oauthGrants.id, grants.map((grant) => grant.id)), isNull(oauthGrants.revokedAt)));
  return { revoked: grants.length };
};
