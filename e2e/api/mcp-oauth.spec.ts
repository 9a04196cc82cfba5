import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationFull, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { ADMIN_EMAIL, DEMO_PASSWORD, accountIdOf, signIn } from "../ui/helpers";
import { nodeAtLeast } from "../../scripts/node-runtime";

/*
 * An AI assistant connects the way real ones do, against the running app: the MCP SDK's own
 * OAuth client meets a 401, discovers the authorization server from the protected-resource
 * metadata, registers itself, sends the user to sign in and consent (scripted here in the
 * browser), exchanges the code, calls MCP, and rotates its refresh token — reusing an old one
 * revokes the whole family. Then the official conformance suite's authorization scenarios.
 *
 * The server's public URL (APP_URL) is http://localhost:<port> (scripts/start.ts): the issuer and
 * resources are named with it, so the clients use it too.
 */

const origin = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** What an MCP host keeps for one server: its registration, tokens and the PKCE verifier. */
class Provider implements OAuthClientProvider {
  info?: OAuthClientInformationFull;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(readonly redirect: string) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "E2E Assistant",
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationFull) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Signs in if asked to, picks the account and allows: what a user does on the consent page. */
const consent = async (page: Page, authorizeUrl: string, redirectPrefix: string) => {
  let redirected: string | null = null;
  await page.route(`${redirectPrefix}**`, (route) => {
    redirected = route.request().url();
    return route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
  });
  await page.goto(authorizeUrl);
  if (page.url().includes("/login")) {
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("wants to access your Venuedesk account");
  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => redirected, { timeout: 15_000 }).not.toBeNull();
  return new URL(redirected!);
};

const refresh = (refreshToken: string, clientId: string) =>
  fetch(`${origin()}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }),
  });

const initialize = (token: string, mcpUrl: string) =>
  fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } } }),
  });

test("an MCP client does the whole OAuth flow: 401, discovery, registration, sign-in and consent, tokens, MCP, refresh rotation", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const accountId = accountIdOf(page);
  await page.context().clearCookies();
  const mcpUrl = `${origin()}/api/v1/accounts/${accountId}/mcp`;
  const redirect = `http://127.0.0.1:${await freePort()}/callback`;
  const provider = new Provider(redirect);

  const first = new Client({ name: "e2e-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.info?.client_id, "registered itself (RFC 7591)").toBeTruthy();
  expect(provider.authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256");
  expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(mcpUrl);

  const back = await consent(page, provider.authorizationUrl!.href, redirect);
  expect(back.searchParams.get("iss"), "RFC 9207").toBe(origin());
  expect(back.searchParams.get("state")).toBe(provider.authorizationUrl!.searchParams.get("state"));
  await transport.finishAuth(back.searchParams.get("code")!);
  expect(provider.saved?.access_token).toBeTruthy();

  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(["list_spaces", "find_available_slots", "create_quote"]));
  const spaces = await client.callTool({ name: "list_spaces", arguments: {} });
  expect(spaces.isError).toBeFalsy();
  await client.close();

  // Refresh rotation: a new refresh token each time; the old one, used again, revokes the family.
  const old = provider.saved!.refresh_token!;
  const rotated = await refresh(old, provider.info!.client_id);
  expect(rotated.status).toBe(200);
  expect(rotated.headers.get("cache-control")).toContain("no-store");
  const fresh = (await rotated.json()) as OAuthTokens;
  expect(fresh.refresh_token).toBeTruthy();
  expect(fresh.refresh_token).not.toBe(old);
  expect((await initialize(fresh.access_token, mcpUrl)).status).toBe(200);

  const reused = await refresh(old, provider.info!.client_id);
  expect(reused.status).toBe(400);
  expect(((await reused.json()) as { error: string }).error).toBe("invalid_grant");
  expect((await initialize(fresh.access_token, mcpUrl)).status, "the family's access token is revoked at once").toBe(401);
  expect((await refresh(fresh.refresh_token!, provider.info!.client_id)).status, "and so is its newest refresh token").toBe(400);
});

/** Runs the conformance suite's CLI on Node 22 or newer (scripts/node-runtime.ts); resolves with its exit code and output. */
const conformance = (args: string[], onOutput?: (text: string, child: ChildProcessWithoutNullStreams) => void) =>
  new Promise<{ code: number | null; log: string }>((resolve) => {
    const child = spawn(nodeAtLeast(22), [path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js"), ...args], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    let log = "";
    const take = (chunk: Buffer) => {
      log += chunk.toString();
      onOutput?.(log, child);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code) => resolve({ code, log }));
  });

test.describe("the MCP conformance suite's authorization scenarios", () => {
  let output: string;
  test.beforeAll(() => {
    output = mkdtempSync(path.join(os.tmpdir(), "mcp-conformance-auth-"));
  });
  test.afterAll(() => rmSync(output, { recursive: true, force: true }));

  // Both scenarios in one run: the code grant reads the endpoints from the metadata scenario's result.
  test("authorization-server-metadata-endpoint and authorization-code-grant (sign-in and consent in the browser)", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, ADMIN_EMAIL);
    const accountId = accountIdOf(page);
    await page.context().clearCookies();
    const port = await freePort();
    const redirect = `http://127.0.0.1:${port}/callback`;
    const registered = await fetch(`${origin()}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Conformance suite", redirect_uris: [redirect], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };

    let authorizeUrl: string | null = null;
    const run = conformance(
      ["authorization", "--url", origin(), "--client-id", client_id, "--port", String(port), "--resource", `${origin()}/api/v1/accounts/${accountId}/mcp`, "-o", output],
      (log) => {
        authorizeUrl ??= /(https?:\/\/\S+\/oauth\/authorize\?\S+)/.exec(log)?.[1] ?? null;
      },
    );
    const finished = { done: false, log: "" };
    void run.then(({ log }) => Object.assign(finished, { done: true, log }));
    await expect.poll(() => authorizeUrl ?? (finished.done ? `exited early:\n${finished.log}` : null), { timeout: 30_000 }).toMatch(/^http/);
    // The browser follows the redirect to the suite's own callback server on 127.0.0.1.
    await page.goto(authorizeUrl!);
    if (page.url().includes("/login")) {
      await page.getByLabel("Email").fill(ADMIN_EMAIL);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
    }
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL(`${redirect}**`);
    const { code, log } = await run;
    expect(code, log.slice(-4000)).toBe(0);
    expect(log).toContain("✓ authorization-server-metadata-endpoint");
    expect(log).toContain("✓ authorization-code-grant");
    expect(log).toMatch(/Total: \d+ passed, 0 failed/);
  });
});
