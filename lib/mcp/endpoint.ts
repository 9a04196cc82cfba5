import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
} from "@modelcontextprotocol/server";
import { getDb } from "@/db/client";
import { accountCallerFromToken, type AccountCtx, type Caller, type UserCaller } from "@/lib/auth/caller";
import { bearerAccountContext, bearerToken } from "@/lib/auth/bearer";
import { ApiError } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/request";
import { accountIdOf, limited, run, type RouteHandler } from "@/lib/http/route";
import { scopes as allScopes } from "@/lib/oauth/scopes";
import { acceptedAudiences, issuerOf, protectedResourceMetadataUrl } from "@/lib/oauth/urls";
import { mcpOp } from "./operations";
import { buildServer, type McpCaller } from "./server";

/*
 * POST /api/v1/accounts/{account_id}/mcp — MCP's Streamable HTTP, stateless: no sessions, so GET
 * and DELETE answer 405. Both protocol eras on one URL:
 * - 2024-11-05 … 2025-11-25 (`initialize`, no `_meta` envelope): the SDK's web-standard transport
 *   with plain JSON answers (our contract lets clients accept only application/json);
 * - 2026-07-28 (stateless, `_meta` envelope, `server/discover`, Mcp-Method/Mcp-Name header checks):
 *   the SDK's createMcpHandler.
 * In front of both: the Origin check, authentication (a user's access token or an OAuth Bearer JWT
 * whose audience is this endpoint or the whole API), membership, the rate limit, and the body limit.
 */

/** The forbidden MCP error (INTERFACE.md, shape ours): HTTP 403 and this JSON-RPC error code. */
export const forbiddenCode = -32003;
const unauthorizedCode = -32001;

type RpcId = string | number | null;

const rpcError = (status: number, id: RpcId, code: number, message: string, headers: Record<string, string> = {}, data?: Record<string, unknown>) =>
  Response.json({ jsonrpc: "2.0", id, error: { code, message, ...(data ? { data } : {}) } }, { status, headers });

const idOf = (body: unknown): RpcId => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
};

/** What a client without credentials (or with bad ones) is told: where the resource's metadata is. */
const challenge = (request: Request, accountId: number, tokenSent: boolean, description?: string) => {
  const parts = [`resource_metadata="${protectedResourceMetadataUrl(issuerOf(request), accountId)}"`, `scope="read write"`];
  if (tokenSent) parts.push(`error="invalid_token"`, `error_description="${(description ?? "The access token is invalid").replace(/"/g, "'")}"`);
  return `Bearer ${parts.join(", ")}`;
};

/**
 * Browsers send Origin; a page on another site must not drive a signed-in user's assistant
 * (DNS rebinding): only this app's own origins are let through. Clients that are not browsers
 * send none.
 */
const originAllowed = (origin: string, request: Request) => {
  const allowed = new Set([new URL(request.url).origin, new URL(issuerOf(request)).origin]);
  for (const extra of (process.env.MCP_ALLOWED_ORIGINS ?? "").split(",")) if (extra.trim()) allowed.add(extra.trim().replace(/\/+$/, ""));
  return allowed.has(origin);
};

type Admitted = { caller: McpCaller; authInfo: AuthInfo };

const authInfoOf = (token: string, ctx: AccountCtx<UserCaller>): AuthInfo => {
  const scopes = ctx.caller.oauth?.scopes ?? allScopes;
  return { token, clientId: ctx.caller.oauth?.clientId ?? "api_access_token", scopes: [...scopes], extra: { caller: { ctx, scopes } satisfies McpCaller } };
};

/** Only a user's own token is taken here (INTERFACE.md): agent bot and platform app tokens are refused. */
const usersOnly = (caller: Caller): UserCaller => {
  if (caller.kind !== "user") throw new ApiError("unauthorized", "only a user's access token or an OAuth access token is accepted here");
  return caller;
};

/**
 * The caller, or the 401/403 the endpoint answers instead. The same resolvers as the API's
 * account routes (one query for a token; a verified, live grant for a JWT); here an account the
 * caller is not in is the forbidden MCP error rather than a 404.
 */
const admit = async (request: Request, accountId: number, id: RpcId): Promise<Admitted | Response> => {
  const token = request.headers.get("api_access_token") ?? request.headers.get("api-access-token");
  const jwt = token ? null : bearerToken(request);
  const refuse = (message: string) =>
    rpcError(401, id, unauthorizedCode, `Unauthorized: ${message}`, { "WWW-Authenticate": challenge(request, accountId, Boolean(token || jwt), message) });
  if (!token && !jwt) return refuse("send a user access token (api_access_token) or an OAuth access token (Authorization: Bearer)");
  const db = getDb();
  const issuer = issuerOf(request);
  try {
    const ctx = token
      ? await accountCallerFromToken(db, token, accountId, usersOnly)
      : await bearerAccountContext(db, jwt!, accountId, { issuer, audiences: acceptedAudiences(issuer, accountId), scopes: [] });
    return { caller: { ctx, scopes: ctx.caller.oauth?.scopes ?? allScopes }, authInfo: authInfoOf((token ?? jwt)!, ctx) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return refuse(error.message);
    if (error instanceof ApiError && error.status === 404) {
      return rpcError(403, id, forbiddenCode, "Forbidden: you are not a member of this account", {}, { status: 403, reason: "not_a_member" });
    }
    throw error;
  }
};

const callerOf = (authInfo: AuthInfo | undefined) => (authInfo?.extra as { caller: McpCaller }).caller;

/** 2026-07-28 traffic; legacy traffic never reaches it (see `serve`). */
const modern = createMcpHandler(({ authInfo }) => buildServer(callerOf(authInfo)), { legacy: "reject", responseMode: "auto" });

/** 2025-era traffic: a fresh server and transport per request, answering plain JSON. */
const legacy = async (request: Request, body: unknown, authInfo: AuthInfo) => {
  const server = buildServer(callerOf(authInfo));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body, authInfo });
  } finally {
    await server.close();
  }
};

/** Our contract lets a client accept only JSON; the transport wants both named, and answers JSON either way. */
const withAccept = (request: Request, text: string) => {
  const headers = new Headers(request.headers);
  const accept = headers.get("accept") ?? "";
  if (!accept.includes("text/event-stream") || !accept.includes("application/json")) {
    if (accept === "" || accept.includes("application/json") || accept.includes("*/*")) headers.set("accept", "application/json, text/event-stream");
  }
  return new Request(request.url, { method: "POST", headers, body: text });
};

export const mcpEndpoint: RouteHandler = (request, context) =>
  run(request, async () => {
    let accountId: number;
    try {
      accountId = accountIdOf(await context.params);
    } catch {
      return rpcError(404, null, -32600, "No MCP endpoint here: the account id is not valid");
    }
    const origin = request.headers.get("origin");
    if (origin !== null && !originAllowed(origin, request)) return rpcError(403, null, forbiddenCode, "Forbidden: requests from this Origin are not accepted");
    let text: string;
    try {
      text = await readBodyText(request);
    } catch (error) {
      if (error instanceof ApiError) return rpcError(error.status, null, -32600, error.message);
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(400, null, -32700, "Parse error: the request body is not valid JSON");
    }
    const id = idOf(body);
    const admitted = await admit(request, accountId, id);
    if (admitted instanceof Response) return admitted;
    const credential = admitted.authInfo.token;
    return limited(request, mcpOp, { token: credential, accountId }, async () => {
      const forwarded = withAccept(request, text);
      if (await isLegacyRequest(forwarded, body)) return legacy(forwarded, body, admitted.authInfo);
      return modern.fetch(forwarded, { parsedBody: body, authInfo: admitted.authInfo });
    });
  });
