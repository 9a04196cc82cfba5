import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, DEMO_PASSWORD, screenshot } from "./helpers";

/*
 * The OAuth consent page in a real browser: a client registers, sends the signed-out user to
 * /oauth/authorize, the user signs in, comes back, allows, and the browser lands on the client's
 * loopback redirect URI with code, state and iss — which the client exchanges for a token that
 * works on the API. The redirect to another origin at the end of a server action must get past
 * the page's CSP (form-action 'self').
 */

let callbackServer: Server;
let redirectUri: string;

test.beforeAll(async () => {
  callbackServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Callback</title><h1>Back in the app</h1>");
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  redirectUri = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
});

test.afterAll(async () => {
  callbackServer.closeAllConnections();
  await new Promise((resolve) => callbackServer.close(resolve));
});

const register = async (request: APIRequestContext, name: string) => {
  const res = await request.post("/oauth/register", {
    data: { client_name: name, redirect_uris: [redirectUri], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { client_id: string };
};

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
  `/oauth/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-123",
    scope: "profile read",
    ...extra,
  })}`;

const signInHere = async (page: Page) => {
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
};

test("a signed-out user signs in, allows the app, and the app gets a working token", async ({ page, request, baseURL }) => {
  const client = await register(request, "Claude Desktop");
  const { verifier, challenge } = pkce();
  const link = authorizeUrl(client.client_id, challenge);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await signInHere(page);

  await expect(page.getByRole("heading", { level: 1, name: "Claude Desktop wants to access your Venuedesk account" })).toBeVisible();
  await expect(page.getByText("Not verified")).toBeVisible();
  await expect(page.getByText("See your profile")).toBeVisible();
  await expect(page.getByText("Read the account's data")).toBeVisible();
  await expect(page.getByText("Demo Venue")).toBeVisible();
  await expect(page.getByText(new URL(redirectUri).host)).toBeVisible();
  await screenshot(page, "oauth-consent-desktop");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Allow access" })).toBeVisible();
  await screenshot(page, "oauth-consent-phone");

  await page.getByRole("button", { name: "Allow access" }).click();
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  await expect(page.getByRole("heading", { name: "Back in the app" })).toBeVisible();
  const callback = new URL(page.url());
  expect(callback.searchParams.get("state")).toBe("state-123");
  expect(callback.searchParams.get("iss")).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+$/);
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();

  const token = await request.post("/oauth/token", {
    form: { grant_type: "authorization_code", code: code!, redirect_uri: redirectUri, code_verifier: verifier, client_id: client.client_id },
  });
  expect(token.status()).toBe(200);
  const tokens = (await token.json()) as { access_token: string; scope: string; refresh_token: string };
  expect(tokens.scope).toBe("profile read");
  const profile = await request.get(`${baseURL}/api/v1/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(profile.status()).toBe(200);
  expect(((await profile.json()) as { email: string }).email).toBe(ADMIN_EMAIL);
});

test("Deny sends the user back with access_denied", async ({ page, request }) => {
  const client = await register(request, "Denied app");
  await page.goto(authorizeUrl(client.client_id, pkce().challenge));
  await signInHere(page);
  await expect(page.getByRole("heading", { level: 1, name: /Denied app wants to access/ })).toBeVisible();
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL((url) => url.href.startsWith(redirectUri));
  const callback = new URL(page.url());
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("state")).toBe("state-123");
  expect(callback.searchParams.get("code")).toBeNull();
});

test("a request with a redirect URI the app did not register shows an error and goes nowhere", async ({ page, request }) => {
  const client = await register(request, "Misconfigured app");
  const link = authorizeUrl(client.client_id, pkce().challenge).replace(encodeURIComponent(redirectUri), encodeURIComponent("https://evil.example/callback"));
  await page.goto(link);
  await signInHere(page);
  await expect(page.getByRole("heading", { level: 1, name: "This request can’t be used" })).toBeVisible();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await screenshot(page, "oauth-consent-invalid");
});

test("a self-registered app's faulty request is shown to the user, not bounced to the app's site", async ({ page, request }) => {
  const client = await register(request, "Bouncer");
  await page.goto(authorizeUrl(client.client_id, pkce().challenge, { response_type: "token" }));
  await signInHere(page);
  // Anyone can register a client: following its error redirect unasked would make us an open redirect.
  await expect(page.getByRole("heading", { level: 1, name: "This request can’t be used" })).toBeVisible();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  const back = page.getByRole("link", { name: /^Return to 127\.0\.0\.1/ });
  await expect(back).toHaveAttribute("href", /error=unsupported_response_type/);
  await back.click();
  await expect(page.getByRole("heading", { name: "Back in the app" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("state")).toBe("state-123");
});

test("an app asking for an account the user is not in can only be denied", async ({ page, request }) => {
  const client = await register(request, "Other venue's app");
  const { issuer } = (await (await request.get("/.well-known/oauth-authorization-server")).json()) as { issuer: string };
  await page.goto(authorizeUrl(client.client_id, pkce().challenge, { resource: `${issuer}/api/v1/accounts/999999/mcp` }));
  await signInHere(page);
  await expect(page.getByText("you are not a member of it")).toBeVisible();
  await expect(page.getByRole("button", { name: "Allow access" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Deny" })).toBeVisible();
  await screenshot(page, "oauth-consent-not-member");
});

test("Switch account signs out and returns to the same request after sign-in", async ({ page, request }) => {
  const client = await register(request, "Switching app");
  const link = authorizeUrl(client.client_id, pkce().challenge);
  await page.goto(link);
  await signInHere(page);
  await expect(page.getByRole("heading", { level: 1, name: /Switching app wants to access/ })).toBeVisible();
  await page.getByRole("button", { name: "Switch account" }).click();
  await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(link)}`);
  await signInHere(page);
  await expect(page.getByRole("heading", { level: 1, name: /Switching app wants to access/ })).toBeVisible();
});
