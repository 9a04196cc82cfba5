import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { oauthAuthorizationCodes, oauthClients, oauthGrants, oauthRefreshTokens, oauthSigningKeys } from "@/db/schema";
import { accountContext, type User } from "@/lib/auth/caller";
import { mintAccessToken } from "@/lib/oauth/access-tokens";
import { approveAuthorization, checkAuthorizationRequest, type AuthorizationRequest } from "@/lib/oauth/authorize";
import {
  createIntegration,
  listAuthorizedApps,
  listIntegrations,
  revokeAuthorizedApp,
  revokeIntegration,
  rotateIntegrationSecret,
} from "@/lib/oauth/integrations";
import { oauthMaintenance } from "@/lib/oauth/jobs";
import { publishedKeys, rotateSigningKeys } from "@/lib/oauth/keys";
import { call, type ApiResponse } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The OAuth 2.1 authorization server, driven by an independent client library (oauth4webapi)
 * whose requests are routed to our handlers in-process. The consent step is the service the
 * consent page's server action calls (approveAuthorization).
 */

const bodiless = new Set([101, 204, 205, 304]);

/** oauth4webapi's fetch: our route handlers, in-process. */
const inProcess = async (url: string, init: { method?: string; headers?: HeadersInit; body?: unknown }) => {
  const headers = Object.fromEntries(new Headers(init.headers));
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  const res = await call(init.method ?? "GET", url, { raw: body, headers });
  return new Response(bodiless.has(res.status) ? null : res.text, { status: res.status, headers: res.headers });
};
const options = { [oauth.customFetch]: inProcess, [oauth.allowInsecureRequests]: true } as const;

let issuer: string;
let as: oauth.AuthorizationServer;
let a: Awaited<ReturnType<typeof makeTeam>>;
let b: Awaited<ReturnType<typeof makeTeam>>;

const db = () => getDb();
const ctxOf = (user: User, accountId: number) => accountContext(db(), { kind: "user", user }, accountId);

const redirectUri = "http://127.0.0.1:33418/callback";

/** Registers a client through RFC 7591 as an MCP client does. */
const register = async (metadata: Partial<oauth.Client> = {}) => {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { client_name: "Test MCP client", redirect_uris: [redirectUri], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none", ...metadata },
    options,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
};

const checked = async (parameters: Record<string, string>) => {
  const check = await checkAuthorizationRequest(db(), issuer, parameters);
  if (check.kind !== "valid") throw new Error(`the authorization request was not valid: ${JSON.stringify(check)}`);
  return check.request;
};

type Flow = { client: oauth.Client; verifier: string; request: AuthorizationRequest; callback: URL; state: string };

/** The authorization request a client builds, checked, and approved by `user` for `accountId`. */
const authorize = async (client: oauth.Client, user: User, accountId: number, extra: Record<string, string> = {}): Promise<Flow> => {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const request = await checked({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...extra,
  });
  const callback = new URL(await approveAuthorization(db(), { user, accountId, request }));
  return { client, verifier, request, callback, state };
};

const clientAuth = (client: oauth.Client) => (client.client_secret ? oauth.ClientSecretBasic(String(client.client_secret)) : oauth.None());

/** Exchanges the flow's code (validating the authorization response first, `iss` included). */
const exchange = async (flow: Flow, verifier = flow.verifier, redirect = redirectUri) => {
  const parameters = oauth.validateAuthResponse(as, flow.client, flow.callback, flow.state);
  return oauth.authorizationCodeGrantRequest(as, flow.client, clientAuth(flow.client), parameters, redirect, verifier, options);
};

const tokensOf = async (flow: Flow) => oauth.processAuthorizationCodeResponse(as, flow.client, await exchange(flow));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const apiGet = (path: string, token: string) => call("GET", path, { headers: bearer(token) });

/** A raw token endpoint request (form-encoded), for what oauth4webapi would never send. */
const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  call("POST", "/oauth/token", { raw: new URLSearchParams(form).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

const expectOAuthError = (res: ApiResponse, status: number, error: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error, error_description: expect.any(String), description: expect.any(String), errors: expect.any(Array) });
  expect(res.headers.get("cache-control")).toBe("no-store");
};

const oauthFailure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error;
    throw error;
  }
  throw new Error("expected an OAuth error response");
};

beforeAll(async () => {
  a = await makeTeam();
  b = await makeTeam();
  const discovery = await call("GET", "/.well-known/oauth-authorization-server");
  issuer = discovery.body.issuer;
  as = await oauth.processDiscoveryResponse(new URL(issuer), await oauth.discoveryRequest(new URL(issuer), { ...options, algorithm: "oauth2" }));
});

describe("discovery", () => {
  it("publishes RFC 8414 metadata that a client library accepts for the issuer", async () => {
    expect(as).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      scopes_supported: ["profile", "accounts", "read", "write"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    const res = await call("GET", "/.well-known/oauth-authorization-server");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("describes the API and each MCP endpoint as protected resources (RFC 9728)", async () => {
    const root = await oauth.processResourceDiscoveryResponse(new URL(`${issuer}/`), await oauth.resourceDiscoveryRequest(new URL(`${issuer}/`), options));
    expect(root).toMatchObject({ resource: `${issuer}/`, authorization_servers: [issuer], bearer_methods_supported: ["header"] });
    const mcp = new URL(`${issuer}/api/v1/accounts/${a.account.id}/mcp`);
    const endpoint = await oauth.processResourceDiscoveryResponse(mcp, await oauth.resourceDiscoveryRequest(mcp, options));
    expect(endpoint).toMatchObject({ resource: mcp.href, authorization_servers: [issuer], scopes_supported: ["profile", "accounts", "read", "write"] });
  });

  it("answers for any well-formed account id, revealing nothing about which exist", async () => {
    const res = await call("GET", "/.well-known/oauth-protected-resource/api/v1/accounts/2147480000/mcp");
    expect(res.status).toBe(200);
    expect(res.body.resource).toBe(`${issuer}/api/v1/accounts/2147480000/mcp`);
    expect((await call("GET", "/.well-known/oauth-protected-resource/api/v1/accounts/abc/mcp")).status).toBe(404);
  });

  it("publishes the current and next signing keys", async () => {
    const res = await call("GET", "/.well-known/jwks.json");
    expect(res.status).toBe(200);
    expect(res.body.keys.length).toBeGreaterThanOrEqual(2);
    for (const key of res.body.keys) expect(key).toMatchObject({ kid: expect.any(String), alg: "ES256", use: "sig", kty: "EC", crv: "P-256" });
    expect(JSON.stringify(res.body)).not.toContain('"d"');
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a public client", async () => {
    const client = await register();
    expect(client).toMatchObject({
      client_id: expect.stringMatching(/^vdc_/),
      client_name: "Test MCP client",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "profile accounts read write",
    });
    expect(client.client_secret).toBeUndefined();
  });

  it("gives a confidential client its secret once, stored only as a digest", async () => {
    const client = await register({ token_endpoint_auth_method: "client_secret_basic", scope: "read" });
    expect(client).toMatchObject({ client_secret: expect.stringMatching(/^vds_/), client_secret_expires_at: 0, scope: "read" });
    const [row] = await db().select().from(oauthClients).where(eq(oauthClients.clientId, client.client_id));
    expect(row!.secretDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(String(client.client_secret));
  });

  it.each([
    [{ redirect_uris: ["http://app.example/cb"] }, "invalid_redirect_uri", "redirect_uris.0"],
    [{ redirect_uris: ["https://app.example/cb#x"] }, "invalid_redirect_uri", "redirect_uris.0"],
    [{ redirect_uris: [] }, "invalid_redirect_uri", "redirect_uris"],
    [{ redirect_uris: ["https://app.example/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata", "grant_types.0"],
    [{ redirect_uris: ["https://app.example/cb"], grant_types: ["refresh_token"] }, "invalid_client_metadata", "grant_types"],
    [{ redirect_uris: ["https://app.example/cb"], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata", "token_endpoint_auth_method"],
    [{ redirect_uris: ["https://app.example/cb"], scope: "read admin" }, "invalid_client_metadata", "scope"],
    [{ redirect_uris: ["https://app.example/cb"], response_types: ["token"] }, "invalid_client_metadata", "response_types.0"],
    [{ client_name: "No redirect" }, "invalid_redirect_uri", "redirect_uris"],
  ])("refuses %j with %s", async (metadata, error, field) => {
    const res = await call("POST", "/oauth/register", { body: metadata });
    expectOAuthError(res, 400, error);
    expect(res.body.errors[0]).toMatchObject({ field, code: error });
  });

  it("refuses hostile bodies with 400, writing nothing", async () => {
    const before = (await db().select({ id: oauthClients.id }).from(oauthClients)).length;
    for (const raw of ['{"redirect_uris":["https://a.example/cb"],"client_name":"a\\u0000b"}', '{"__proto__":{"x":1},"redirect_uris":["https://a.example/cb"]}', "[1]", "{", '"x"']) {
      expectOAuthError(await call("POST", "/oauth/register", { raw }), 400, "invalid_client_metadata");
    }
    const huge = await call("POST", "/oauth/register", { raw: JSON.stringify({ redirect_uris: ["https://a.example/cb"], client_name: "x".repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: "invalid_request", description: expect.any(String) });
    expect((await db().select({ id: oauthClients.id }).from(oauthClients)).length).toBe(before);
  });

  it("limits registrations per client address", async () => {
    process.env.RATE_LIMIT_OAUTH_REGISTER = "2/3600";
    try {
      const from = { "x-forwarded-for": "198.51.100.77" };
      const body = { redirect_uris: ["https://a.example/cb"], token_endpoint_auth_method: "none" };
      expect((await call("POST", "/oauth/register", { body, headers: from })).status).toBe(201);
      expect((await call("POST", "/oauth/register", { body, headers: from })).status).toBe(201);
      const third = await call("POST", "/oauth/register", { body, headers: from });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(third.body).toMatchObject({ error: "invalid_request", description: expect.any(String), errors: [] });
    } finally {
      delete process.env.RATE_LIMIT_OAUTH_REGISTER;
    }
  });
});

describe("the authorization request", () => {
  let client: oauth.Client;
  const base = async () => ({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: "S256",
    state: "xyz",
  });

  beforeAll(async () => {
    client = await register();
  });

  it.each([
    ["an unknown client", { client_id: "vdc_nobody" }],
    ["no client", { client_id: undefined }],
    ["a redirect URI it did not register", { redirect_uri: "http://127.0.0.1:33419/callback" }],
    ["a redirect URI with a different path", { redirect_uri: "http://127.0.0.1:33418/callback/" }],
    ["no redirect URI", { redirect_uri: undefined }],
    ["a repeated redirect URI", { redirect_uri: [redirectUri, "https://evil.example/cb"] }],
    ["NUL in the client id", { client_id: "vdc_\u0000" }],
  ])("shows an error page, never redirecting, for %s", async (_, override) => {
    const query = Object.fromEntries(Object.entries({ ...(await base()), ...override }).filter(([, value]) => value !== undefined));
    const check = await checkAuthorizationRequest(db(), issuer, query);
    expect(check.kind).toBe("invalid");
  });

  it.each([
    ["no PKCE challenge", { code_challenge: undefined }, "invalid_request"],
    ["the plain PKCE method", { code_challenge_method: "plain" }, "invalid_request"],
    ["no PKCE method", { code_challenge_method: undefined }, "invalid_request"],
    ["a malformed challenge", { code_challenge: "short" }, "invalid_request"],
    ["response_type token", { response_type: "token" }, "unsupported_response_type"],
    ["no response_type", { response_type: undefined }, "invalid_request"],
    ["an unknown scope", { scope: "read admin" }, "invalid_scope"],
    ["another server's resource", { resource: "https://evil.example/" }, "invalid_target"],
    ["a resource that is no MCP endpoint", { resource: "http://localhost/api/v1/accounts/1" }, "invalid_target"],
    ["a repeated scope parameter", { scope: ["read", "write"] }, "invalid_request"],
  ])("sends %s back to the client as %s, with state and iss", async (_, override, error) => {
    const query = Object.fromEntries(Object.entries({ ...(await base()), ...override }).filter(([, value]) => value !== undefined));
    const check = await checkAuthorizationRequest(db(), issuer, query);
    if (check.kind !== "refused") throw new Error(`expected a refusal, got ${check.kind}`);
    const url = new URL(check.redirectTo);
    expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ error, state: "xyz", iss: issuer, error_description: expect.any(String) });
    expect(() => oauth.validateAuthResponse(as, client, url, "xyz")).toThrow(oauth.AuthorizationResponseError);
  });

  it("defaults to the profile scope and the whole API as resource", async () => {
    const request = await checked(await base());
    expect(request).toMatchObject({ scopes: ["profile"], resource: `${issuer}/`, fixedAccountId: null, state: "xyz" });
  });

  it("fixes the account an MCP resource names, and refuses another", async () => {
    const request = await checked({ ...(await base()), resource: `${issuer}/api/v1/accounts/${a.account.id}/mcp` });
    expect(request.fixedAccountId).toBe(a.account.id);
    await expect(approveAuthorization(db(), { user: a.admin.user, accountId: b.account.id, request })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuses an account the user is not a member of", async () => {
    const request = await checked(await base());
    await expect(approveAuthorization(db(), { user: a.agent.user, accountId: b.account.id, request })).rejects.toMatchObject({ code: "not_found" });
  });

  it("stores the code as a digest, valid 60 seconds", async () => {
    const flow = await authorize(client, a.admin.user, a.account.id);
    const code = flow.callback.searchParams.get("code")!;
    const rows = await db().select().from(oauthAuthorizationCodes).where(eq(oauthAuthorizationCodes.clientId, flow.request.client.id));
    expect(rows.some((row) => row.codeDigest === code)).toBe(false);
    const row = rows.at(-1)!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(61_000);
    expect(Object.fromEntries(flow.callback.searchParams)).toMatchObject({ state: flow.state, iss: issuer });
  });
});

describe("the authorization code grant", () => {
  let client: oauth.Client;
  beforeAll(async () => {
    client = await register();
  });

  it("issues RFC 9068 access tokens and refresh tokens for a code and its PKCE verifier", async () => {
    const flow = await authorize(client, a.agent.user, a.account.id, { scope: "profile read" });
    const tokens = await tokensOf(flow);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 7200, scope: "profile read", refresh_token: expect.any(String) });
    const claims = await oauth.validateJwtAccessToken(as, new Request(`${issuer}/api/v1/profile`, { headers: bearer(tokens.access_token) }), `${issuer}/`, options);
    expect(claims).toMatchObject({ iss: issuer, sub: String(a.agent.user.id), aud: `${issuer}/`, client_id: client.client_id, scope: "profile read", account_id: a.account.id });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200);
  });

  it("lets the token read the Application API, and refuses a change without write (403)", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read" }));
    const account = await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token);
    expect(account.status).toBe(200);
    expect(account.body.id).toBe(a.account.id);
    const write = await call("POST", `/api/v1/accounts/${a.account.id}/labels`, { headers: bearer(tokens.access_token), body: { title: "oauth-label" } });
    expect(write.status).toBe(403);
    expect(write.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(write.body).toMatchObject({ description: expect.any(String), errors: [] });
  });

  it("lets a token with write change what its user may change", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read write" }));
    const write = await call("POST", `/api/v1/accounts/${a.account.id}/labels`, { headers: bearer(tokens.access_token), body: { title: `oauth-${Date.now()}` } });
    expect(write.status).toBe(200);
  });

  it("refuses an agent's token with write what the agent may not do", async () => {
    const tokens = await tokensOf(await authorize(client, a.agent.user, a.account.id, { scope: "read write" }));
    const write = await call("POST", `/api/v1/accounts/${a.account.id}/labels`, { headers: bearer(tokens.access_token), body: { title: "agent-label" } });
    expect([401, 403]).toContain(write.status);
    expect(write.headers.get("www-authenticate") ?? "").not.toContain("insufficient_scope");
  });

  it("shows the profile through the profile scope, never with the personal access token", async () => {
    const tokens = await tokensOf(await authorize(client, a.agent.user, a.account.id, { scope: "profile" }));
    const profile = await apiGet("/api/v1/profile", tokens.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: a.agent.user.id, email: a.agent.user.email, access_token: null, accounts: [] });
    expect(profile.text).not.toContain(a.agent.token);
    const reset = await call("POST", "/api/v1/profile/reset_access_token", { headers: bearer(tokens.access_token) });
    expect(reset.status).toBe(403);
  });

  it("answers a token for account A on account B's routes with 404", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read" }));
    expect((await apiGet(`/api/v1/accounts/${b.account.id}`, tokens.access_token)).status).toBe(404);
  });

  it("refuses a code used twice, and revokes the tokens of its first use", async () => {
    const flow = await authorize(client, a.admin.user, a.account.id, { scope: "read" });
    const tokens = await tokensOf(flow);
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
    const again = await oauthFailure(tokensOf(flow));
    expect(again).toBe("invalid_grant");
    const after = await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const [grant] = await db().select().from(oauthGrants).where(eq(oauthGrants.revokedReason, "authorization_code_reuse"));
    expect(grant).toBeDefined();
  });

  it("refuses an expired code", async () => {
    const flow = await authorize(client, a.admin.user, a.account.id);
    await db()
      .update(oauthAuthorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAuthorizationCodes.clientId, flow.request.client.id));
    expect(await oauthFailure(tokensOf(flow))).toBe("invalid_grant");
  });

  it("refuses a different redirect_uri, a wrong verifier, and a missing verifier", async () => {
    const wrongRedirect = await authorize(client, a.admin.user, a.account.id);
    expect(await oauthFailure(oauth.processAuthorizationCodeResponse(as, client, await exchange(wrongRedirect, wrongRedirect.verifier, "http://127.0.0.1:33418/other")))).toBe("invalid_grant");

    const wrongVerifier = await authorize(client, a.admin.user, a.account.id);
    expect(await oauthFailure(oauth.processAuthorizationCodeResponse(as, client, await exchange(wrongVerifier, oauth.generateRandomCodeVerifier())))).toBe("invalid_grant");

    const missing = await authorize(client, a.admin.user, a.account.id);
    const res = await tokenRequest({ grant_type: "authorization_code", code: missing.callback.searchParams.get("code")!, redirect_uri: redirectUri, client_id: client.client_id });
    expectOAuthError(res, 400, "invalid_request");
    expect(res.body.errors[0]).toMatchObject({ field: "code_verifier" });
  });

  it("refuses a code presented by another client", async () => {
    const other = await register();
    const flow = await authorize(client, a.admin.user, a.account.id);
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: flow.callback.searchParams.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: flow.verifier,
      client_id: other.client_id,
    });
    expectOAuthError(res, 400, "invalid_grant");
  });

  it("refuses a resource other than the code's", async () => {
    const flow = await authorize(client, a.admin.user, a.account.id);
    const res = await tokenRequest({
      grant_type: "authorization_code",
      code: flow.callback.searchParams.get("code")!,
      redirect_uri: redirectUri,
      code_verifier: flow.verifier,
      client_id: client.client_id,
      resource: `${issuer}/api/v1/accounts/${a.account.id}/mcp`,
    });
    expectOAuthError(res, 400, "invalid_target");
  });

  it("issues an MCP endpoint's token for that endpoint only", async () => {
    const mcp = `${issuer}/api/v1/accounts/${a.account.id}/mcp`;
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read", resource: mcp }));
    const claims = await oauth.validateJwtAccessToken(as, new Request(mcp, { method: "POST", headers: bearer(tokens.access_token) }), mcp, options);
    expect(claims.aud).toBe(mcp);
    const api = await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token);
    expect(api.status).toBe(401);
    expect(api.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("refresh tokens", () => {
  let client: oauth.Client;
  beforeAll(async () => {
    client = await register();
  });

  it("rotates on every use, may narrow the scope, and a reused one revokes the whole grant", async () => {
    const first = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read write" }));
    const second = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, options));
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe("read write");

    const narrowed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, { ...options, additionalParameters: { scope: "read" } }),
    );
    expect(narrowed.scope).toBe("read");
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, narrowed.access_token)).status).toBe(200);

    const wider = await tokenRequest({ grant_type: "refresh_token", refresh_token: narrowed.refresh_token!, client_id: client.client_id, scope: "read write profile" });
    expectOAuthError(wider, 400, "invalid_scope");

    // The first refresh token again: taken as stolen, the family is revoked.
    const reuse = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token!, client_id: client.client_id });
    expectOAuthError(reuse, 400, "invalid_grant");
    for (const token of [first.access_token, second.access_token, narrowed.access_token]) {
      expect((await apiGet(`/api/v1/accounts/${a.account.id}`, token)).status).toBe(401);
    }
    const latest = await tokenRequest({ grant_type: "refresh_token", refresh_token: narrowed.refresh_token!, client_id: client.client_id });
    expectOAuthError(latest, 400, "invalid_grant");
    const [grant] = await db().select().from(oauthGrants).where(eq(oauthGrants.revokedReason, "refresh_token_reuse"));
    expect(grant).toBeDefined();
  });

  it("refuses an expired refresh token, and one presented by another client", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id));
    const other = await register();
    const stolen = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: other.client_id });
    expectOAuthError(stolen, 400, "invalid_grant");
    await db().update(oauthRefreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: client.client_id });
    expectOAuthError(expired, 400, "invalid_grant");
  });

  it("issues no refresh token to a client that did not register for them", async () => {
    const plain = await register({ grant_types: ["authorization_code"] });
    const tokens = await tokensOf(await authorize(plain, a.admin.user, a.account.id));
    expect(tokens.refresh_token).toBeUndefined();
  });
});

describe("the token endpoint's refusals", () => {
  it("takes form-encoded requests only", async () => {
    const res = await call("POST", "/oauth/token", { body: { grant_type: "client_credentials" } });
    expectOAuthError(res, 400, "invalid_request");
    expect(res.headers.get("pragma")).toBe("no-cache");
  });

  it.each([
    [{ grant_type: "password", username: "x", password: "y", client_id: "x" }, 400, "unsupported_grant_type"],
    [{ client_id: "x" }, 400, "invalid_request"],
    [{ grant_type: "authorization_code", code: "x", redirect_uri: redirectUri, code_verifier: "y".repeat(43), client_id: "vdc_nobody" }, 401, "invalid_client"],
    [{ grant_type: "client_credentials" }, 401, "invalid_client"],
    [{ grant_type: "refresh_token", refresh_token: "a\u0000b", client_id: "x" }, 400, "invalid_request"],
    [{ grant_type: "client_credentials", client_id: "a\u0000b", client_secret: "x" }, 400, "invalid_request"],
  ])("answers %j with %i %s", async (form, status, error) => {
    expectOAuthError(await tokenRequest(form as Record<string, string>), status, error);
  });

  it("refuses a repeated parameter", async () => {
    const res = await call("POST", "/oauth/token", {
      raw: "grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectOAuthError(res, 400, "invalid_request");
  });

  it("challenges failed Basic authentication (401 with WWW-Authenticate: Basic)", async () => {
    const client = await register({ token_endpoint_auth_method: "client_secret_basic" });
    const basic = `Basic ${Buffer.from(`${client.client_id}:wrong`).toString("base64")}`;
    const res = await tokenRequest({ grant_type: "refresh_token", refresh_token: "x" }, { authorization: basic });
    expectOAuthError(res, 401, "invalid_client");
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic /);
    const unreadable = await tokenRequest({ grant_type: "refresh_token", refresh_token: "x" }, { authorization: "Basic %%%" });
    expectOAuthError(unreadable, 401, "invalid_client");
  });

  it("refuses a public client that sends a secret, and a confidential one that sends none", async () => {
    const publicClient = await register();
    expectOAuthError(await tokenRequest({ grant_type: "refresh_token", refresh_token: "x", client_id: publicClient.client_id, client_secret: "s" }), 401, "invalid_client");
    const confidential = await register({ token_endpoint_auth_method: "client_secret_post" });
    expectOAuthError(await tokenRequest({ grant_type: "refresh_token", refresh_token: "x", client_id: confidential.client_id }), 401, "invalid_client");
  });

  it("refuses client_credentials to a dynamically registered client", async () => {
    const client = await register({ token_endpoint_auth_method: "client_secret_basic" });
    const res = await oauthFailure(
      oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(String(client.client_secret)), {}, options)),
    );
    expect(res).toBe("unauthorized_client");
  });
});

describe("integrations and client_credentials", () => {
  it("lets only administrators manage integrations, and shows the secret once", async () => {
    const agentCtx = await ctxOf(a.agent.user, a.account.id);
    await expect(createIntegration(agentCtx, { name: "Nope", scopes: ["read"], grant_types: ["client_credentials"] })).rejects.toMatchObject({ code: "forbidden" });
    await expect(listIntegrations(agentCtx)).rejects.toMatchObject({ code: "forbidden" });
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    await expect(createIntegration(adminCtx, { name: "No redirect", scopes: ["read"], grant_types: ["authorization_code"] })).rejects.toMatchObject({
      code: "invalid",
      errors: [expect.objectContaining({ field: "redirect_uris" })],
    });
    const created = await createIntegration(adminCtx, { name: "Warehouse sync", scopes: ["read", "write"], grant_types: ["client_credentials"] });
    expect(created.client_secret).toMatch(/^vds_/);
    const listed = await listIntegrations(adminCtx);
    expect(listed.find((integration) => integration.id === created.integration.id)).toMatchObject({
      name: "Warehouse sync",
      scopes: ["read", "write"],
      revoked_at: null,
      last_used_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.client_secret);
  });

  it("issues client_credentials tokens acting as the integration's owner in its account", async () => {
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    const { integration, client_secret } = await createIntegration(adminCtx, { name: "Reporting", scopes: ["read"], grant_types: ["client_credentials"] });
    const client: oauth.Client = { client_id: integration.client_id, token_endpoint_auth_method: "client_secret_basic" };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(client_secret), {}, options),
    );
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 7200, scope: "read" });
    expect(tokens.refresh_token).toBeUndefined();
    const claims = await oauth.validateJwtAccessToken(as, new Request(`${issuer}/`, { headers: bearer(tokens.access_token) }), `${issuer}/`, options);
    expect(claims).toMatchObject({ sub: String(a.admin.user.id), account_id: a.account.id, client_id: integration.client_id });
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
    expect((await apiGet(`/api/v1/accounts/${b.account.id}`, tokens.access_token)).status).toBe(404);
    const listed = (await listIntegrations(adminCtx)).find((item) => item.id === integration.id)!;
    expect(Date.now() - Date.parse(listed.last_used_at!)).toBeLessThan(60_000);

    // client_secret_post works too; a wider scope does not.
    const post = await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret, scope: "read" });
    expect(post.status).toBe(200);
    expectOAuthError(await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret, scope: "read write" }), 400, "invalid_scope");
    expectOAuthError(
      await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret, resource: `${issuer}/api/v1/accounts/${b.account.id}/mcp` }),
      400,
      "invalid_target",
    );
  });

  it("rotates a secret: the old one stops working at once", async () => {
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    const { integration, client_secret: old } = await createIntegration(adminCtx, { name: "Rotating", scopes: ["read"], grant_types: ["client_credentials"] });
    const { client_secret: fresh } = await rotateIntegrationSecret(adminCtx, integration.id);
    expectOAuthError(await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret: old }), 401, "invalid_client");
    expect((await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret: fresh })).status).toBe(200);
  });

  it("revokes an integration: its tokens answer 401 at once", async () => {
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    const { integration, client_secret } = await createIntegration(adminCtx, { name: "Short-lived", scopes: ["read"], grant_types: ["client_credentials"] });
    const tokens = (await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret })).body;
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
    const revoked = await revokeIntegration(adminCtx, integration.id);
    expect(revoked.revoked_at).not.toBeNull();
    const after = await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expectOAuthError(await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret }), 401, "invalid_client");
  });

  it("refuses client_credentials when the owner has left the account", async () => {
    const team = await makeTeam();
    const ctx = await ctxOf(team.admin.user, team.account.id);
    const { integration, client_secret } = await createIntegration(ctx, { name: "Orphan", scopes: ["read"], grant_types: ["client_credentials"] });
    const { accountUsers } = await import("@/db/schema");
    await db()
      .delete(accountUsers)
      .where(and(eq(accountUsers.accountId, team.account.id), eq(accountUsers.userId, team.admin.user.id)));
    expectOAuthError(await tokenRequest({ grant_type: "client_credentials", client_id: integration.client_id, client_secret }), 400, "unauthorized_client");
  });

  it("answers another account's integration ids with 404", async () => {
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    const { integration } = await createIntegration(adminCtx, { name: "Mine", scopes: ["read"], grant_types: ["client_credentials"] });
    const otherCtx = await ctxOf(b.admin.user, b.account.id);
    await expect(rotateIntegrationSecret(otherCtx, integration.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeIntegration(otherCtx, integration.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await listIntegrations(otherCtx)).some((item) => item.id === integration.id)).toBe(false);
  });

  it("lets an integration use the authorization code grant, only in its own account", async () => {
    const adminCtx = await ctxOf(a.admin.user, a.account.id);
    const { integration, client_secret } = await createIntegration(adminCtx, {
      name: "Portal app",
      redirect_uris: [redirectUri],
      scopes: ["profile", "read"],
      grant_types: ["authorization_code", "refresh_token"],
    });
    const client: oauth.Client = { client_id: integration.client_id, client_secret, token_endpoint_auth_method: "client_secret_basic" };
    const flow = await authorize(client, a.agent.user, a.account.id, { scope: "read" });
    expect(flow.request.fixedAccountId).toBe(a.account.id);
    const tokens = await tokensOf(flow);
    expect(tokens.refresh_token).toBeDefined();
    await expect(approveAuthorization(db(), { user: b.admin.user, accountId: b.account.id, request: flow.request })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("revocation (RFC 7009)", () => {
  let client: oauth.Client;
  beforeAll(async () => {
    client = await register();
  });

  it("revokes the grant of an access token: its tokens answer 401 at once", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read" }));
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.access_token, options));
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(401);
    expectOAuthError(await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: client.client_id }), 400, "invalid_grant");
  });

  it("revokes the grant of a refresh token", async () => {
    const tokens = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read" }));
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, options));
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(401);
  });

  it("answers 200 for unknown, expired and other clients' tokens, revoking nothing of others", async () => {
    const other = await register();
    const tokens = await tokensOf(await authorize(other, a.admin.user, a.account.id, { scope: "read" }));
    const revoke = (token: string) =>
      call("POST", "/oauth/revoke", { raw: new URLSearchParams({ token, client_id: client.client_id }).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect((await revoke("not-a-token")).status).toBe(200);
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((await revoke(tokens.refresh_token!)).status).toBe(200);
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
    const [grant] = await db().select().from(oauthGrants).where(eq(oauthGrants.clientId, (await db().select().from(oauthClients).where(eq(oauthClients.clientId, other.client_id)))[0]!.id));
    const expired = await mintAccessToken(
      db(),
      { userId: a.admin.user.id, accountId: a.account.id, clientId: client.client_id, scopes: ["read"], grantId: grant!.id, audience: `${issuer}/`, issuer },
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    expect((await revoke(expired.token)).status).toBe(200);
  });

  it("requires the client to authenticate", async () => {
    const res = await call("POST", "/oauth/revoke", { raw: "token=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expectOAuthError(res, 401, "invalid_client");
  });
});

describe("access tokens on the Application API", () => {
  let grantId: string;
  let clientId: string;
  beforeAll(async () => {
    const client = await register();
    const flow = await authorize(client, a.admin.user, a.account.id, { scope: "read" });
    await tokensOf(flow);
    clientId = client.client_id;
    const [grant] = await db().select().from(oauthGrants).where(eq(oauthGrants.clientId, flow.request.client.id));
    grantId = grant!.id;
  });

  const mint = (overrides: { audience?: string; at?: Date } = {}) =>
    mintAccessToken(
      db(),
      { userId: a.admin.user.id, accountId: a.account.id, clientId, scopes: ["read"], grantId, audience: overrides.audience ?? `${issuer}/`, issuer },
      overrides.at,
    );

  it("refuses an expired token and a token for another audience with invalid_token", async () => {
    const expired = await mint({ at: new Date(Date.now() - 2 * 60 * 60 * 1000 - 5000) });
    const wrongAudience = await mint({ audience: "https://elsewhere.example/" });
    for (const { token } of [expired, wrongAudience]) {
      const res = await apiGet(`/api/v1/accounts/${a.account.id}`, token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(res.body).toMatchObject({ description: expect.any(String), errors: [] });
    }
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, (await mint()).token)).status).toBe(200);
  });

  it("takes the api_access_token beside a Bearer value that is no JWT", async () => {
    const res = await call("GET", `/api/v1/accounts/${a.account.id}`, { token: a.admin.token, headers: { authorization: "Bearer some-other-service-token" } });
    expect(res.status).toBe(200);
  });

  it("keeps verifying tokens across a key rotation, publishing the retired key", async () => {
    const before = await mint();
    const kid = await rotateSigningKeys(db());
    const after = await mint();
    expect((await publishedKeys(db())).keys.map((key) => key.kid)).toContain(kid);
    for (const { token } of [before, after]) expect((await apiGet(`/api/v1/accounts/${a.account.id}`, token)).status).toBe(200);
    const states = (await db().select({ state: oauthSigningKeys.state }).from(oauthSigningKeys)).map((row) => row.state).sort();
    expect(states).toEqual(expect.arrayContaining(["current", "next", "retired"]));
  });
});

describe("authorized apps", () => {
  it("lists a user's apps in the account, grouped, and revokes them", async () => {
    const team = await makeTeam();
    const client = await register({ client_name: "Listed app" });
    const first = await tokensOf(await authorize(client, team.agent.user, team.account.id, { scope: "read" }));
    await tokensOf(await authorize(client, team.agent.user, team.account.id, { scope: "profile" }));
    const ctx = await ctxOf(team.agent.user, team.account.id);
    const apps = await listAuthorizedApps(ctx);
    expect(apps).toEqual([expect.objectContaining({ client_id: client.client_id, name: "Listed app", kind: "dynamic", scopes: ["profile", "read"], grants: 2 })]);
    expect(await listAuthorizedApps(await ctxOf(team.admin.user, team.account.id))).toEqual([]);
    await expect(revokeAuthorizedApp(await ctxOf(team.admin.user, team.account.id), client.client_id)).rejects.toMatchObject({ code: "not_found" });
    expect(await revokeAuthorizedApp(ctx, client.client_id)).toEqual({ revoked: 2 });
    expect(await listAuthorizedApps(ctx)).toEqual([]);
    expect((await apiGet(`/api/v1/accounts/${team.account.id}`, first.access_token)).status).toBe(401);
  });
});

describe("client ID metadata documents", () => {
  let server: Server;
  let base: string;
  const documents = new Map<string, { status?: number; body: unknown; cacheControl?: string }>();
  let fetches = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      fetches++;
      const doc = documents.get(req.url ?? "");
      if (!doc) return void res.writeHead(404).end();
      res.writeHead(doc.status ?? 200, { "content-type": "application/json", ...(doc.cacheControl ? { "cache-control": doc.cacheControl } : {}) });
      res.end(JSON.stringify(doc.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.OUTBOUND_ALLOWED_HOSTS = base.replace("http://", "");
  });

  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const parameters = async (clientId: string) => ({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: "S256",
    state: "s",
  });

  it("fetches the document, caches it for its max-age, and completes the flow as a public client", async () => {
    const clientId = `${base}/oauth/client.json`;
    documents.set("/oauth/client.json", {
      body: { client_id: clientId, client_name: "Metadata client", redirect_uris: [redirectUri], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" },
      cacheControl: "public, max-age=600",
    });
    const before = fetches;
    const request = await checked(await parameters(clientId));
    expect(request.client).toMatchObject({ kind: "metadata_document", name: "Metadata client", tokenEndpointAuthMethod: "none" });
    expect(request.client.metadataExpiresAt!.getTime() - Date.now()).toBeGreaterThan(590_000);
    await checked(await parameters(clientId));
    expect(fetches).toBe(before + 1);
    const tokens = await tokensOf(await authorize({ client_id: clientId, token_endpoint_auth_method: "none" }, a.admin.user, a.account.id, { scope: "read" }));
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, tokens.access_token)).status).toBe(200);
  });

  it.each([
    ["names another client_id", (url: string) => ({ client_id: `${url}-other`, redirect_uris: [redirectUri] })],
    ["wants a client secret", (url: string) => ({ client_id: url, redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_basic" })],
    ["lists no redirect URI", (url: string) => ({ client_id: url, redirect_uris: [] })],
    ["lists an http redirect URI", (url: string) => ({ client_id: url, redirect_uris: ["http://app.example/cb"] })],
  ])("refuses a document that %s", async (name, body) => {
    const path = `/bad/${name.replace(/\W+/g, "-")}.json`;
    documents.set(path, { body: body(`${base}${path}`) });
    const check = await checkAuthorizationRequest(db(), issuer, await parameters(`${base}${path}`));
    expect(check).toMatchObject({ kind: "invalid", message: expect.stringContaining("metadata document") });
  });

  it("refuses a document that cannot be fetched", async () => {
    const check = await checkAuthorizationRequest(db(), issuer, await parameters(`${base}/missing.json`));
    expect(check).toMatchObject({ kind: "invalid", message: expect.stringContaining("HTTP 404") });
  });

  it("never fetches from a private address that is not allowed", async () => {
    const saved = process.env.OUTBOUND_ALLOWED_HOSTS;
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    try {
      const before = fetches;
      const https = await checkAuthorizationRequest(db(), issuer, await parameters(`https://127.0.0.1:${new URL(base).port}/oauth/client.json`));
      expect(https).toMatchObject({ kind: "invalid", message: expect.stringContaining("loopback") });
      const metadata = await checkAuthorizationRequest(db(), issuer, await parameters("https://169.254.169.254/latest/meta-data/client"));
      expect(metadata).toMatchObject({ kind: "invalid", message: expect.stringContaining("link-local") });
      expect(fetches).toBe(before);
    } finally {
      process.env.OUTBOUND_ALLOWED_HOSTS = saved;
    }
  });
});

describe("housekeeping", () => {
  it("prunes codes a day past their expiry and expired refresh tokens", async () => {
    const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await db().update(oauthAuthorizationCodes).set({ expiresAt: old });
    await db().update(oauthRefreshTokens).set({ expiresAt: old });
    await oauthMaintenance(db());
    expect(await db().select().from(oauthAuthorizationCodes)).toEqual([]);
    expect(await db().select().from(oauthRefreshTokens)).toEqual([]);
  });
});

describe("what an OAuth token can never reach", () => {
  it("shows an administrator's client no bot tokens or inbox secrets, and refuses resetting them", async () => {
    const client = await register({ scope: "read write profile" });
    const { access_token } = await tokensOf(await authorize(client, a.admin.user, a.account.id, { scope: "read write profile" }));
    const base = `/api/v1/accounts/${a.account.id}`;
    const bot = await call("POST", `${base}/agent_bots`, { token: a.admin.token, body: { name: "Night bot" } });
    expect(bot.body.access_token).toEqual(expect.any(String));
    const inbox = await call("POST", `${base}/inboxes`, { token: a.admin.token, body: { name: "Support", channel: { type: "api" } } });
    expect(inbox.body.hmac_token).toEqual(expect.any(String));

    const bots = await apiGet(`${base}/agent_bots`, access_token);
    expect(bots.status).toBe(200);
    expect(JSON.stringify(bots.body)).not.toContain(bot.body.access_token);
    const inboxes = await apiGet(`${base}/inboxes`, access_token);
    expect(inboxes.status).toBe(200);
    expect(JSON.stringify(inboxes.body)).not.toContain(inbox.body.hmac_token);
    expect(inboxes.body.payload.every((entry: Record<string, unknown>) => !("secret" in entry) && !("hmac_token" in entry))).toBe(true);

    const resetBot = await call("POST", `${base}/agent_bots/${bot.body.id}/reset_access_token`, { headers: bearer(access_token) });
    expect(resetBot.status).toBe(403);
    const resetInbox = await call("POST", `${base}/inboxes/${inbox.body.id}/reset_secret`, { headers: bearer(access_token) });
    expect(resetInbox.status).toBe(403);
    // The same administrator with their own token still sees and resets them.
    expect((await call("GET", `${base}/agent_bots`, { token: a.admin.token })).text).toContain(bot.body.access_token);
  });

  it("cannot change how the user signs in (email, password), though it may edit the profile's other fields", async () => {
    const client = await register({ scope: "profile write" });
    const { access_token } = await tokensOf(await authorize(client, a.agent.user, a.account.id, { scope: "profile write" }));
    const email = await call("PUT", "/api/v1/profile", { headers: bearer(access_token), body: { email: "taken-over@evil.test" } });
    expect(email.status).toBe(403);
    const password = await call("PUT", "/api/v1/profile", { headers: bearer(access_token), body: { password: "new-password-123", current_password: "x" } });
    expect(password.status).toBe(403);
    const name = await call("PUT", "/api/v1/profile", { headers: bearer(access_token), body: { display_name: "Renamed by an app" } });
    expect(name.status).toBe(200);
    expect(name.body.email).toBe(a.agent.user.email);
  });

  it("sends a self-registered client's refusals to the user first, and an integration's straight back", async () => {
    const dynamic = await register();
    const refused = await checkAuthorizationRequest(db(), issuer, { client_id: dynamic.client_id, redirect_uri: redirectUri });
    expect(refused).toMatchObject({ kind: "refused", error: "invalid_request", trusted: false });
    const { integration: created } = await createIntegration(await ctxOf(a.admin.user, a.account.id), {
      name: "Reporting tool",
      scopes: ["read"],
      grant_types: ["authorization_code"],
      redirect_uris: [redirectUri],
    });
    const integration = await checkAuthorizationRequest(db(), issuer, { client_id: created.client_id, redirect_uri: redirectUri });
    expect(integration).toMatchObject({ kind: "refused", trusted: true });
  });

  it("revokes the tokens of a code exchanged twice at once: one exchange wins, and its grant dies", async () => {
    const flow = await authorize(await register(), a.admin.user, a.account.id, { scope: "read" });
    const code = flow.callback.searchParams.get("code")!;
    const form = { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: flow.verifier, client_id: flow.client.client_id };
    const answers = await Promise.all([tokenRequest(form), tokenRequest(form)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await apiGet(`/api/v1/accounts/${a.account.id}`, winner.body.access_token)).status).toBe(401);
  });
});
