import { appBaseUrl } from "@/lib/http/request";

/*
 * The authorization server's and the protected resources' URLs. The issuer is the app's public
 * URL (APP_URL; else the address the request came to). Tokens are issued for a resource
 * (RFC 8707) and carry it as `aud`:
 * - the whole Venuedesk API, `<issuer>/`: the Application API and the MCP endpoint of the token's account;
 * - one account's MCP endpoint, `<issuer>/api/v1/accounts/{id}/mcp`: that endpoint only.
 */

export const issuerOf = (request: Request) => appBaseUrl(request);

export const apiResource = (issuer: string) => `${issuer}/`;

export const mcpPath = (accountId: number) => `/api/v1/accounts/${accountId}/mcp`;

export const mcpResource = (issuer: string, accountId: number) => `${issuer}${mcpPath(accountId)}`;

/** RFC 9728: the metadata of a resource lives at the well-known path with the resource's path inserted. */
export const protectedResourceMetadataUrl = (issuer: string, accountId?: number) =>
  `${issuer}/.well-known/oauth-protected-resource${accountId === undefined ? "" : mcpPath(accountId)}`;

export type Resource = { resource: string; accountId: number | null };

/**
 * A `resource` a client may ask tokens for, or null: the API root or one account's MCP URL on
 * this issuer (a trailing slash on the MCP URL is tolerated, a query or fragment is not).
 */
export const parseResource = (issuer: string, raw: string): Resource | null => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== new URL(issuer).origin || url.search !== "" || url.hash !== "" || raw.includes("#")) return null;
  const base = new URL(issuer).pathname.replace(/\/+$/, "");
  const path = url.pathname.replace(/\/+$/, "");
  if (path === base) return { resource: apiResource(issuer), accountId: null };
  const match = /^\/api\/v1\/accounts\/([1-9]\d{0,9})\/mcp$/.exec(path.slice(base.length));
  if (!match) return null;
  const accountId = Number(match[1]);
  return Number.isSafeInteger(accountId) && accountId <= 2_147_483_647 ? { resource: mcpResource(issuer, accountId), accountId } : null;
};

/** The audiences a token may carry to be accepted here: the API root, and on MCP that endpoint too. */
export const acceptedAudiences = (issuer: string, mcpAccountId?: number) =>
  mcpAccountId === undefined ? [apiResource(issuer)] : [apiResource(issuer), mcpResource(issuer, mcpAccountId)];
