import type { DbOrTx } from "@/db/client";
import { oauthClients } from "@/db/schema";
import { generateToken } from "@/lib/auth/tokens";
import { newClientSecret, type OAuthClient } from "./clients";
import type { ClientRegistration } from "./schemas";
import { parseScope, scopes, type Scope } from "./scopes";

/*
 * RFC 7591 dynamic client registration (`POST /oauth/register`): any program may register itself
 * (MCP clients do, the first time they meet the server). It gets only what a user then grants on
 * the consent page: the authorization code grant (and refresh tokens), never client_credentials.
 */

/** The registration answer (RFC 7591 §3.2.1): the metadata as registered, the secret once. */
export const presentClientInformation = (client: OAuthClient, secret: string | null = null) => ({
  client_id: client.clientId,
  client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
  ...(secret ? { client_secret: secret, client_secret_expires_at: 0 as const } : {}),
  client_name: client.name,
  redirect_uris: client.redirectUris,
  grant_types: client.grantTypes,
  response_types: ["code" as const],
  token_endpoint_auth_method: client.tokenEndpointAuthMethod,
  scope: client.scopes.join(" "),
  ...(client.clientUri ? { client_uri: client.clientUri } : {}),
  ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
});

/** A name to show for a client that gave none: the host it sends users back to. */
const fallbackName = (redirectUris: readonly string[]) => {
  const host = redirectUris.map((uri) => new URL(uri).hostname)[0];
  return host ? `Application at ${host}` : "Unnamed application";
};

/** The scopes a client may ask for: those it registered, or all of them when it named none. */
const registeredScopes = (scope: string | undefined): Scope[] => {
  const asked = parseScope(scope);
  return asked && asked.length > 0 ? asked : [...scopes];
};

export const registerClient = async (db: DbOrTx, input: ClientRegistration) => {
  const method = input.token_endpoint_auth_method ?? "client_secret_basic";
  const grantTypes = [...new Set(input.grant_types ?? ["authorization_code"])];
  const secret = method === "none" ? null : newClientSecret();
  const [client] = await db
    .insert(oauthClients)
    .values({
      clientId: `vdc_${generateToken()}`,
      kind: "dynamic",
      name: input.client_name ?? fallbackName(input.redirect_uris),
      clientUri: input.client_uri ?? null,
      logoUri: input.logo_uri ?? null,
      redirectUris: [...new Set(input.redirect_uris)],
      grantTypes,
      tokenEndpointAuthMethod: method,
      secretDigest: secret?.digest ?? null,
      scopes: registeredScopes(input.scope),
      metadata: { ...input },
    })
    .returning();
  return presentClientInformation(client!, secret?.secret ?? null);
};
