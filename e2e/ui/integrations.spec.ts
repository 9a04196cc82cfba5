import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * Settings → Integrations and "Connect an AI assistant". The secrets the page shows are used
 * against the token endpoint, so "the old secret stops working" and "its tokens stop working at
 * once" are checked where they matter, not only on the page.
 */

const redirectUri = "http://127.0.0.1:9/callback";
const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;

const clientCredentialsToken = (request: APIRequestContext, clientId: string, secret: string) =>
  request.post("/oauth/token", { form: { grant_type: "client_credentials", scope: "read" }, headers: { authorization: basic(clientId, secret) } });

/** Whether an OAuth access token still reads the account's labels. */
const labelsStatus = async (request: APIRequestContext, accountId: string, accessToken: string) =>
  (await request.get(`/api/v1/accounts/${accountId}/labels`, { headers: { authorization: `Bearer ${accessToken}` } })).status();

const readSecret = async (scope: Page | Locator) => {
  const secret = await scope.getByLabel("Client secret", { exact: true }).inputValue();
  const clientId = await scope.getByLabel("Client ID", { exact: true }).inputValue();
  expect(secret.length).toBeGreaterThan(20);
  return { clientId, secret };
};

test("an administrator registers an integration, sees its secret once, rotates it and revokes it; an agent authorizes it and revokes that", async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN_EMAIL);
  const accountId = accountIdOf(page);
  await openAccountPage(page, "settings", "Settings");
  await page.getByRole("main").getByRole("link", { name: /^Integrations/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No integrations yet" })).toBeVisible();
  // Whether the administrator has authorized apps depends on the specs before this one (MCP clients sign in as them).
  await expect(page.getByRole("heading", { name: "Apps you authorized" })).toBeVisible();
  await screenshot(page, "settings-integrations-empty");

  await page.getByRole("link", { name: "Register integration" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Register integration" })).toBeVisible();
  await expect(page.getByLabel(/Your own program/)).toBeChecked();
  await expect(page.getByLabel("Read the account's data")).toBeChecked();

  // The service's rules come back beside the inputs; a bad redirect URI is named beside its box.
  await page.getByLabel(/People sign in and approve/).check();
  await page.getByLabel("Redirect URIs").fill(`https://example.test/callback\nhttp://example.test/callback`);
  await page.getByRole("button", { name: "Register integration" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Line 2 must use https/)).toBeVisible();
  await expect(page.getByLabel(/People sign in and approve/)).toBeChecked();
  await screenshot(page, "settings-integration-errors");

  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Nightly export");
  await page.getByLabel("Make changes in the account").check();
  await page.getByLabel(/Stay connected/).check();
  await page.getByLabel("Redirect URIs").fill(redirectUri);
  await page.getByRole("button", { name: "Register integration" }).click();
  await expect(page.getByRole("heading", { name: "Copy the client secret of Nightly export" })).toBeFocused();
  await expect(page.getByText("You won’t see this secret again.")).toBeVisible();
  const first = await readSecret(page);
  await screenshot(page, "settings-integration-secret");

  const token = await clientCredentialsToken(page.request, first.clientId, first.secret);
  expect(token.status()).toBe(200);
  const serviceToken = ((await token.json()) as { access_token: string }).access_token;
  expect(await labelsStatus(page.request, accountId, serviceToken)).toBe(200);

  // Nothing keeps the secret: a reload shows an empty form, and the list never shows it.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  await expect(page.getByLabel("Client secret", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(first.secret);

  await openAccountPage(page, "settings/integrations", "Integrations");
  const item = page.getByRole("listitem", { name: "Nightly export" });
  await expect(item.getByText(first.clientId)).toBeVisible();
  await expect(item.getByText("Active")).toBeVisible();
  await expect(item.getByText("Client credentials, Authorization code, Refresh tokens")).toBeVisible();
  expect(await page.content()).not.toContain(first.secret);
  await screenshot(page, "settings-integrations");

  await page.getByRole("button", { name: "Rotate the secret of Nightly export" }).click();
  const rotate = page.getByRole("dialog", { name: "Rotate the secret of Nightly export?" });
  await expect(rotate).toBeVisible();
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  await expect(item.getByRole("heading", { name: "Copy the new client secret of Nightly export" })).toBeVisible();
  await expect(item.getByRole("status").filter({ hasText: "The previous secret no longer works." })).toBeVisible();
  const second = await readSecret(item);
  expect(second.clientId).toBe(first.clientId);
  expect(second.secret).not.toBe(first.secret);
  await screenshot(page, "settings-integration-rotated");
  expect((await clientCredentialsToken(page.request, first.clientId, first.secret)).status()).toBe(401);
  expect((await clientCredentialsToken(page.request, second.clientId, second.secret)).status()).toBe(200);
  await item.getByRole("button", { name: "I’ve copied it" }).click();
  await expect(item.getByLabel("Client secret", { exact: true })).toHaveCount(0);

  // The agent approves the integration and finds it under "Apps you authorized".
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agentContext.route("http://127.0.0.1:9/**", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "callback" }));
  await signIn(agent, AGENT_EMAIL);
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URLSearchParams({
    client_id: first.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "read",
    state: "e2e",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  await agent.goto(`/oauth/authorize?${authorize}`);
  await agent.getByRole("button", { name: "Allow access" }).click();
  await agent.waitForURL(/^http:\/\/127\.0\.0\.1:9\/callback\?/);
  const code = new URL(agent.url()).searchParams.get("code");
  expect(code).toBeTruthy();
  const exchange = await agent.request.post("/oauth/token", {
    form: { grant_type: "authorization_code", code: code!, redirect_uri: redirectUri, code_verifier: verifier },
    headers: { authorization: basic(second.clientId, second.secret) },
  });
  expect(exchange.status()).toBe(200);
  const agentToken = ((await exchange.json()) as { access_token: string }).access_token;
  expect(await labelsStatus(agent.request, accountId, agentToken)).toBe(200);

  await agent.goto(`/app/accounts/${accountId}/settings/integrations`);
  const apps = agent.getByRole("table", { name: "Apps you authorized" });
  await expect(apps.getByRole("row", { name: /Nightly export/ })).toBeVisible();
  await expect(apps.getByText("Registered by an administrator of this account")).toBeVisible();
  await expect(apps.getByText("Read the account's data")).toBeVisible();
  await expect(agent.getByRole("link", { name: "Register integration" })).toHaveCount(0);
  await expect(agent.getByRole("heading", { name: "Registered integrations" })).toHaveCount(0);
  await screenshot(agent, "settings-integrations-agent");
  await agent.setViewportSize({ width: 390, height: 844 });
  await expect(apps.getByText("Read the account's data")).toBeVisible();
  expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(agent, "settings-integrations-agent-phone");

  await agent.getByRole("button", { name: "Revoke access for Nightly export" }).click();
  const revokeApp = agent.getByRole("dialog", { name: "Revoke access for Nightly export?" });
  await expect(revokeApp).toBeVisible();
  await revokeApp.getByRole("button", { name: "Revoke access" }).click();
  await expect(agent.getByRole("heading", { name: "No apps yet" })).toBeVisible();
  expect(await labelsStatus(agent.request, accountId, agentToken)).toBe(401);
  await agentContext.close();

  // Revoking the integration ends its own tokens at once.
  await page.getByRole("button", { name: "Revoke Nightly export" }).click();
  const revoke = page.getByRole("dialog", { name: "Revoke Nightly export?" });
  await expect(revoke).toBeVisible();
  await screenshot(page, "settings-integration-revoke");
  await revoke.getByRole("button", { name: "Revoke" }).click();
  await expect(item.getByText("Revoked", { exact: true }).first()).toBeVisible();
  await expect(item.getByText("Active", { exact: true })).toHaveCount(0);
  await expect(item.getByRole("button", { name: /Rotate|Revoke/ })).toHaveCount(0);
  expect(await labelsStatus(page.request, accountId, serviceToken)).toBe(401);
  expect((await clientCredentialsToken(page.request, second.clientId, second.secret)).status()).toBe(401);
});

test("an agent sees the apps they authorized but cannot register integrations", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "settings/integrations", "Integrations");
  await expect(page.getByRole("heading", { name: "Apps you authorized" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No apps yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Register integration" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Registered integrations" })).toHaveCount(0);

  await openAccountPage(page, "settings/integrations/new", "Register integration");
  await expect(page.getByRole("heading", { name: "Administrators only" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveCount(0);
});

test("the Connect page gives the MCP URL, ready configurations and the administrator's tools", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, ADMIN_EMAIL);
  const accountId = accountIdOf(page);
  await openAccountPage(page, "settings", "Settings");
  await page.getByRole("main").getByRole("link", { name: /^Connect an AI assistant/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect an AI assistant" })).toBeVisible();

  const url = await page.getByLabel("MCP server URL", { exact: true }).inputValue();
  expect(url).toMatch(new RegExp(`^https?://[^/]+/api/v1/accounts/${accountId}/mcp$`));

  // One client at a time, chosen by tabs that the arrow keys move between.
  const snippet = (name: string) => page.getByRole("figure", { name, exact: true });
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  await expect(tab("Claude Code")).toHaveAttribute("aria-selected", "true");
  await expect(snippet("Claude Code command")).toContainText(`claude mcp add --transport http venuedesk ${url}`);
  await expect(snippet("Claude Code .mcp.json")).toContainText(`"type": "http"`);
  await expect(snippet("Claude Code .mcp.json")).toContainText(`"mcpServers"`);
  await tab("Claude Code").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Claude Desktop")).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Claude Desktop" })).toContainText("Add custom connector");
  await page.keyboard.press("ArrowRight");
  await expect(tab("Cursor")).toHaveAttribute("aria-selected", "true");
  await expect(snippet("Cursor mcp.json")).toContainText(`"url": "${url}"`);
  await expect(snippet("Claude Code command")).toBeHidden();

  // Copy buttons are buttons: reachable and pressed from the keyboard.
  const copy = page.getByRole("button", { name: "Copy Cursor mcp.json" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`"url": "${url}"`);

  await tab("VS Code").click();
  await expect(snippet("VS Code mcp.json")).toContainText(`"servers"`);
  await expect(snippet("VS Code mcp.json")).toContainText(`"type": "http"`);
  await tab("Other clients").click();
  await expect(snippet("Configuration with the access token header")).toContainText(`"api_access_token": "YOUR_ACCESS_TOKEN"`);
  await expect(snippet("Claude Code command with the access token header")).toContainText(`--header "api_access_token: YOUR_ACCESS_TOKEN"`);
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "your profile" })).toHaveAttribute("href", `/app/accounts/${accountId}/profile`);

  const quotes = page.getByRole("list", { name: "Quotes and pricing tools" });
  await expect(quotes.getByText("Create a quote", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Conversations tools" }).getByText("Reply to the customer")).toBeVisible();
  await screenshot(page, "settings-ai-assistant");
});

test("an agent's Connect page lists only the tools an agent may use, also on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "settings/ai-assistant", "Connect an AI assistant");
  await expect(page.getByRole("figure", { name: "Claude Code command", exact: true })).toBeVisible();
  await expect(page.getByText("List conversations", { exact: true })).toBeVisible();
  await expect(page.getByText("Get a quote", { exact: true })).toBeVisible();
  await expect(page.getByText("Create a quote", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Place a hold on a space", { exact: true })).toHaveCount(0);
  // Long snippets scroll inside their own box; the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "settings-ai-assistant-agent-phone");
});
