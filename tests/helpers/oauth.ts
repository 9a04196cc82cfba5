import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { oauthClients, oauthGrants } from "@/db/schema";
import { mintAccessToken } from "@/lib/oauth/access-tokens";
import type { Scope } from "@/lib/oauth/scopes";

/**
 * An OAuth access token as the token endpoint would issue it, without the browser steps: a
 * client, a grant for the user in the account, and a JWT minted for `audience`.
 */
export const makeOAuthToken = async (options: {
  userId: number;
  accountId: number;
  scopes: Scope[];
  issuer: string;
  audience: string;
  now?: Date;
}) => {
  const db = getDb();
  const [client] = await db
    .insert(oauthClients)
    .values({
      clientId: `test-${randomBytes(6).toString("hex")}`,
      kind: "dynamic",
      name: "Test assistant",
      redirectUris: ["http://127.0.0.1:9/callback"],
      grantTypes: ["authorization_code", "refresh_token"],
      tokenEndpointAuthMethod: "none",
      scopes: ["profile", "accounts", "read", "write"],
    })
    .returning();
  const [grant] = await db
    .insert(oauthGrants)
    .values({ clientId: client!.id, userId: options.userId, accountId: options.accountId, grantType: "authorization_code", scopes: options.scopes, resource: options.audience })
    .returning();
  const { token } = await mintAccessToken(
    db,
    { issuer: options.issuer, userId: options.userId, accountId: options.accountId, clientId: client!.clientId, scopes: options.scopes, grantId: grant!.id, audience: options.audience },
    options.now,
  );
  return {
    token,
    client: client!,
    grant: grant!,
    revokeGrant: () => db.update(oauthGrants).set({ revokedAt: new Date(), revokedReason: "user" }).where(eq(oauthGrants.id, grant!.id)),
    revokeClient: () => db.update(oauthClients).set({ revokedAt: new Date() }).where(eq(oauthClients.id, client!.id)),
  };
};
