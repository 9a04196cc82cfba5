import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { oauthClients } from "@/db/schema";
import { isAllowedHost, parseAllowedHosts } from "@/lib/outbound/addresses";
import { guardedFetch, OutboundError } from "@/lib/outbound/fetch";
import type { OAuthClient } from "./clients";
import { OAuthError } from "./errors";
import { dynamicGrantTypes, ZRedirectUri } from "./schemas";
import { parseScope, scopes } from "./scopes";

/*
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP
 * specification's preferred way for a client to introduce itself): the `client_id` is an https
 * URL, and the client's metadata is the JSON document at that URL. We fetch it through the
 * guarded client (no private addresses, no redirects, 5 s, 64 KiB), check it names itself, and
 * keep it in oauth_clients for as long as its Cache-Control says (5 minutes to 24 hours; 1 hour
 * when it says nothing). The consent page shows such a client as verified by its domain.
 */

export const metadataDocumentLimits = { maxBytes: 64 * 1024, timeoutMs: 5_000, minTtlSeconds: 300, maxTtlSeconds: 86_400, defaultTtlSeconds: 3_600 } as const;

/**
 * Whether a client_id is a metadata document URL: https with a path, no fragment, credentials or
 * dot segments. (Plain http only for hosts in OUTBOUND_ALLOWED_HOSTS: a developer's own server.)
 */
export const isMetadataDocumentUrl = (clientId: string) => {
  if (!/^https?:\/\//i.test(clientId) || clientId.length > 2000 || clientId.includes("#")) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.username || url.password || url.pathname === "/" || /\/\.\.?(\/|$)/.test(clientId.replace(/[?].*$/, ""))) return false;
  if (url.protocol === "https:") return true;
  const port = Number(url.port) || 80;
  return isAllowedHost(parseAllowedHosts(process.env.OUTBOUND_ALLOWED_HOSTS), url.hostname, port);
};

const ZHttpsUrl = z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", { message: "must be an https URL" });

const ZMetadataDocument = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(200).optional(),
  redirect_uris: z.array(ZRedirectUri).min(1, { message: "must list at least one redirect URI" }).max(20),
  grant_types: z.array(z.enum(dynamicGrantTypes, { message: "must be authorization_code or refresh_token" })).min(1).optional(),
  response_types: z.array(z.literal("code", { message: "must be code" })).optional(),
  token_endpoint_auth_method: z.literal("none", { message: "must be none: a client known by its metadata document has no secret here" }).optional(),
  scope: z
    .string()
    .max(200)
    .refine((value) => parseScope(value) !== null, { message: "names a scope this server does not have" })
    .optional(),
  client_uri: ZHttpsUrl.optional(),
  logo_uri: ZHttpsUrl.optional(),
});

/** Seconds to keep a document, from its Cache-Control. */
export const metadataTtlSeconds = (cacheControl: string | null) => {
  const { minTtlSeconds, maxTtlSeconds, defaultTtlSeconds } = metadataDocumentLimits;
  if (!cacheControl) return defaultTtlSeconds;
  if (/(^|,)\s*(no-store|no-cache)\s*(,|$)/i.test(cacheControl)) return minTtlSeconds;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  if (!maxAge) return defaultTtlSeconds;
  return Math.min(maxTtlSeconds, Math.max(minTtlSeconds, Number(maxAge[1])));
};

const refused = (message: string) => new OAuthError("invalid_client", `The client's metadata document cannot be used: ${message}`);

const fetchDocument = async (clientId: string) => {
  let response: Response;
  try {
    response = await guardedFetch(clientId, {
      purpose: "oauth_metadata",
      headers: { accept: "application/json" },
      maxBytes: metadataDocumentLimits.maxBytes,
      timeoutMs: metadataDocumentLimits.timeoutMs,
    });
  } catch (error) {
    if (error instanceof OutboundError) throw refused(error.message);
    throw error;
  }
  if (response.status !== 200) throw refused(`fetching it answered HTTP ${response.status}`);
  let document: unknown;
  try {
    document = await response.json();
  } catch {
    throw refused("it is not JSON");
  }
  const parsed = ZMetadataDocument.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refused(`${issue.path.join(".") || "the document"} ${issue.message}`);
  }
  if (parsed.data.client_id !== clientId) throw refused("its client_id is not the URL it was fetched from");
  return { document: parsed.data, ttlSeconds: metadataTtlSeconds(response.headers.get("cache-control")) };
};

/**
 * The client a metadata document URL names: from the cache while it is fresh, else fetched,
 * checked and stored again. Refusals are `invalid_client` with the reason.
 */
export const resolveMetadataDocumentClient = async (db: DbOrTx, clientId: string, now = new Date()): Promise<OAuthClient> => {
  const [cached] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  if (cached?.revokedAt) throw new OAuthError("invalid_client", "This client has been blocked");
  if (cached && cached.kind !== "metadata_document") throw new OAuthError("invalid_client", "Unknown client");
  if (cached?.metadataExpiresAt && cached.metadataExpiresAt > now) return cached;
  const { document, ttlSeconds } = await fetchDocument(clientId);
  const asked = parseScope(document.scope);
  const values = {
    name: document.client_name ?? new URL(clientId).hostname,
    clientUri: document.client_uri ?? null,
    logoUri: document.logo_uri ?? null,
    redirectUris: [...new Set(document.redirect_uris)],
    grantTypes: [...new Set(document.grant_types ?? ["authorization_code"])],
    tokenEndpointAuthMethod: "none" as const,
    scopes: asked && asked.length > 0 ? asked : [...scopes],
    metadata: document as Record<string, unknown>,
    metadataExpiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    updatedAt: now,
  };
  const [stored] = await db
    .insert(oauthClients)
    .values({ clientId, kind: "metadata_document", ...values })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: values })
    .returning();
  return stored!;
};
