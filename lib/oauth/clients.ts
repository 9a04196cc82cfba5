import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { oauthClients, type TokenEndpointAuthMethod } from "@/db/schema";
import { generateToken, tokenDigest } from "@/lib/auth/tokens";
import { textProblem } from "@/lib/http/input";
import { OAuthError } from "./errors";

/*
 * OAuth clients: looking them up by `client_id`, and client authentication at the token and
 * revocation endpoints (RFC 6749 §2.3): public clients send their `client_id` alone; confidential
 * ones their secret, by HTTP Basic or in the body. Secrets are compared as digests.
 */

export type OAuthClient = typeof oauthClients.$inferSelect;

/** Longer than any id we issue or metadata URL we take; longer ones are unknown clients. */
export const maxClientIdLength = 2000;

/** A new client secret and its digest (the digest is stored; the secret is shown once). */
export const newClientSecret = () => {
  const secret = `vds_${generateToken()}`;
  return { secret, digest: tokenDigest(secret) };
};

/** A live client by its public id, or null. */
export const findClient = async (db: DbOrTx, clientId: string): Promise<OAuthClient | null> => {
  if (clientId.length === 0 || clientId.length > maxClientIdLength || textProblem(clientId) !== null) return null;
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return client && !client.revokedAt ? client : null;
};

export const isConfidential = (client: Pick<OAuthClient, "tokenEndpointAuthMethod">) => client.tokenEndpointAuthMethod !== "none";

type Presented = { clientId: string; secret: string | null; method: TokenEndpointAuthMethod };

const basicChallenge = { "WWW-Authenticate": 'Basic realm="venuedesk", charset="UTF-8"' };

/** `application/x-www-form-urlencoded` decoding, as RFC 6749 §2.3.1 asks of Basic credentials. */
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));

const basicCredentials = (header: string | null): { clientId: string; secret: string } | null => {
  const match = /^Basic[ ]+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  try {
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
};

/** What the request presents: Basic, a secret in the body, or a bare client_id. */
const presentedCredentials = (request: Request, parameters: { client_id?: string; client_secret?: string }): Presented => {
  const header = request.headers.get("authorization");
  if (header && /^Basic\b/i.test(header)) {
    const basic = basicCredentials(header);
    if (!basic || basic.clientId === "") throw new OAuthError("invalid_client", "The Basic credentials cannot be read", { headers: basicChallenge });
    if (parameters.client_secret !== undefined) throw new OAuthError("invalid_request", "Use one way of client authentication, not Basic and client_secret both");
    if (parameters.client_id !== undefined && parameters.client_id !== basic.clientId) {
      throw new OAuthError("invalid_client", "client_id differs from the Basic credentials", { headers: basicChallenge });
    }
    return { clientId: basic.clientId, secret: basic.secret, method: "client_secret_basic" };
  }
  if (!parameters.client_id) throw new OAuthError("invalid_client", "Client authentication is required: send client_id (and the secret of a confidential client)");
  if (parameters.client_secret !== undefined) return { clientId: parameters.client_id, secret: parameters.client_secret, method: "client_secret_post" };
  return { clientId: parameters.client_id, secret: null, method: "none" };
};

const sameDigest = (secret: string, digest: string | null) => {
  if (!digest) return false;
  const given = Buffer.from(tokenDigest(secret));
  const stored = Buffer.from(digest);
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/**
 * Authenticates the client of a token or revocation request. A confidential client may send its
 * secret either way (Basic or in the body); a public client sends none. Anything else is
 * `invalid_client` (401; with a Basic challenge when Basic was tried).
 */
export const authenticateClient = async (db: DbOrTx, request: Request, parameters: { client_id?: string; client_secret?: string }): Promise<OAuthClient> => {
  const presented = presentedCredentials(request, parameters);
  const headers = presented.method === "client_secret_basic" ? basicChallenge : undefined;
  const client = await findClient(db, presented.clientId);
  if (!client) throw new OAuthError("invalid_client", "Unknown client", { headers });
  if (!isConfidential(client)) {
    if (presented.secret !== null) throw new OAuthError("invalid_client", "This client is public and has no secret; send client_id alone", { headers });
    return client;
  }
  if (presented.secret === null) throw new OAuthError("invalid_client", "This client is confidential: authenticate with its secret", { headers });
  if (!sameDigest(presented.secret, client.secretDigest)) throw new OAuthError("invalid_client", "Client authentication failed", { headers });
  return client;
};
