import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIResponse, type Browser, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * The website chat end to end: the administrator copies the snippet from the demo's website
 * inbox, a venue's page (a plain HTML file served from another port) pastes it, a visitor chats
 * from there, and an agent answers in the inbox. Everything runs on 127.0.0.1 and the app's
 * own address.
 */

const stamp = Date.now().toString(36);
const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Setup = { snippet: string; websiteToken: string; apiIdentifier: string; appOrigin: string; hostUrl: string; server: Server };
let setup: Setup;

/** A venue's website: a page of its own, with whatever the test puts at the end of the body. */
const venuePage = (body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo Venue</title>
<style>body{font-family:Georgia,serif;margin:0;color:#1c1917;background:#fafaf9}header{padding:48px 24px;background:#e7e5e4}main{padding:24px;max-width:640px}</style>
</head>
<body>
<header><h1>Demo Venue</h1><p>Weddings, dinners and conferences by the canal.</p></header>
<main><h2>Our rooms</h2><p>The Garden Room seats 80 for dinner; the Loft takes 40 for a reception.</p></main>
${body}
</body>
</html>`;

const serveVenue = (pages: Record<string, string>) =>
  new Promise<Server>((resolve) => {
    const server = createServer((request, response) => {
      const page = pages[new URL(request.url ?? "/", "http://127.0.0.1").pathname];
      response.writeHead(page ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
      response.end(page ?? "Not found");
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "settings/inboxes", "Inboxes");
  const apiRow = page.getByRole("table", { name: "Inboxes" }).getByRole("link", { name: "Website enquiries", exact: true });
  await apiRow.click();
  const apiIdentifier = await page.getByLabel("Inbox identifier", { exact: true }).inputValue();

  await openAccountPage(page, "settings/inboxes", "Inboxes");
  await page.getByRole("table", { name: "Inboxes" }).getByRole("link", { name: "Website chat", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Website chat" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add the chat to your website" })).toBeVisible();
  const code = page.getByLabel("Code for your website", { exact: true });
  await expect(code).toHaveAccessibleDescription(/Paste it just before <\/body>/);
  await page.getByRole("button", { name: "Copy code for your website" }).click();
  await expect(page.getByRole("button", { name: "Copy code for your website" })).toHaveText("Copied");
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toBe(await code.inputValue());
  // The labels say what each setting does, not what it is called in the API.
  await expect(page.getByLabel("Show a greeting when a visitor opens the chat")).toHaveAccessibleDescription(/top of the chat/);
  await expect(page.getByLabel("Tell visitors when you're away")).toHaveAccessibleDescription(/says you're away/);
  await expect(page.getByText(/greeting_enabled|working_hours_enabled|identifier_hash/)).toHaveCount(0);
  await screenshot(page, "widget-settings");

  const websiteToken = /websiteToken: "([\w-]+)"/.exec(snippet)?.[1];
  const appOrigin = /var BASE_URL = "([^"]+)";/.exec(snippet)?.[1];
  expect(websiteToken, snippet).toBeTruthy();
  expect(appOrigin, snippet).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+$/);
  await context.close();

  const wrongToken = snippet.replace(websiteToken!, "no-such-website-token");
  const server = await serveVenue({
    "/": venuePage(snippet),
    "/wrong-token.html": venuePage(wrongToken),
    "/frames.html": venuePage(
      `<iframe title="Portal" src="${appOrigin}/login"></iframe><iframe title="Chat page" src="${appOrigin}/widget?website_token=${websiteToken}"></iframe>`,
    ),
  });
  const { port } = server.address() as AddressInfo;
  setup = { snippet, websiteToken: websiteToken!, apiIdentifier, appOrigin: appOrigin!, hostUrl: `http://127.0.0.1:${port}`, server };
});

test.afterAll(async () => {
  if (!setup) return;
  setup.server.closeAllConnections();
  await new Promise((resolve) => setup.server.close(resolve));
});

const chatFrame = (page: Page) => page.frameLocator("iframe[title^='Chat with']");

/** The agent opens the visitor's conversation from the inbox (All), by what the visitor wrote. */
const agentOpens = async (browser: Browser, baseURL: string, text: string) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  await page.getByRole("tab", { name: /^All/ }).click();
  const row = page.getByRole("link").filter({ hasText: text });
  await expect(row).toContainText(/Website visitor \d{4}/);
  await row.click();
  await expect(page.getByRole("log", { name: "Messages" }).getByText(text)).toBeVisible();
  return { context, page };
};

for (const viewport of viewports) {
  test(`a visitor chats from the venue's website and an agent answers (${viewport.name})`, async ({ browser }, testInfo) => {
    const visitor = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await visitor.newPage();
    await page.goto(setup.hostUrl);
    const launcher = page.getByRole("button", { name: "Chat with us" });
    // On a phone the open chat covers the page, the button too: its state is still there to check.
    const toggle = page.getByRole("button", { name: "Chat with us", includeHidden: true });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expect(launcher).toHaveCSS("background-color", "rgb(31, 147, 255)");
    // The script adds one global and one element to the venue's page, nothing else.
    expect(await page.evaluate(() => typeof (window as unknown as { venuedeskSDK?: { run: unknown } }).venuedeskSDK?.run)).toBe("function");
    expect(await page.locator("body > div").count()).toBe(1);

    // Keyboard: Tab to the button, Enter opens the chat.
    await launcher.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(launcher).toBeVisible({ visible: viewport.name === "desktop" });
    const chat = chatFrame(page);
    await expect(chat.getByRole("heading", { level: 1, name: "Website chat" })).toBeVisible();
    const conversation = chat.getByRole("log", { name: "Conversation" });

    const question = `Do you have room for 80 guests on 12 September? (${viewport.name} ${stamp})`;
    const message = chat.getByRole("textbox", { name: "Message" });
    await message.fill(question);
    await message.press("Enter");
    await expect(conversation.getByText(question)).toBeVisible();
    await expect(message).toHaveValue("");

    const agent = await agentOpens(browser, testInfo.project.use.baseURL!, question);
    const reply = `Yes, the Garden Room seats 80 for dinner. (${viewport.name} ${stamp})`;
    await agent.page.getByRole("textbox", { name: "Message" }).fill(reply);
    await agent.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(agent.page.getByRole("log", { name: "Messages" }).getByText(reply)).toBeVisible();

    // The chat polls: the reply arrives without a reload, under the agent's name.
    await expect(conversation.getByText(reply)).toBeVisible({ timeout: 15_000 });
    await expect(conversation.getByRole("listitem").filter({ hasText: reply })).toContainText(/Alex/);
    await screenshot(page, `widget-${viewport.name}`);

    // The session is kept on our origin or, where the browser refuses storage to frames of
    // another site (as in this test's private contexts), by the venue's page for the chat.
    const keys = () => Object.keys(localStorage).filter((key) => key.startsWith("venuedesk.chat."));
    const ownKeys = await page.frame({ url: /\/widget\?/ })!.evaluate(() => {
      try {
        return Object.keys(localStorage).filter((key) => key.startsWith("venuedesk.chat."));
      } catch {
        return [];
      }
    });
    expect([...ownKeys, ...(await page.evaluate(keys))]).toEqual([`venuedesk.chat.${setup.websiteToken}`]);

    // A reload continues the same conversation.
    await page.reload();
    await page.getByRole("button", { name: "Chat with us" }).click();
    await expect(conversation.getByText(question)).toBeVisible();
    await expect(conversation.getByText(reply)).toBeVisible();

    // Closing from inside the chat gives the focus back to the button.
    await chat.getByRole("button", { name: "Close chat" }).click();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expect(launcher).toBeFocused();
    await expect(page.locator("iframe")).toBeHidden();

    await agent.context.close();
    await visitor.close();
  });
}

const expectPolicy = (response: APIResponse, frameAncestors: string, frameOptions: string | undefined) => {
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toContain(`frame-ancestors ${frameAncestors}`);
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(response.headers()["x-frame-options"]).toBe(frameOptions);
};

test("only the chat page may be framed by other sites; the portal still refuses", async ({ page, request }) => {
  expectPolicy(await request.get(`/widget?website_token=${setup.websiteToken}`), "*", undefined);
  expectPolicy(await request.get("/login"), "'none'", "DENY");
  await signIn(page, ADMIN_EMAIL);
  expectPolicy(await page.request.get(`/app/accounts/${accountIdOf(page)}/settings/inboxes`), "'none'", "DENY");

  // In a browser: on a page of another origin the chat loads, the sign-in page does not.
  await page.goto(`${setup.hostUrl}/frames.html`);
  await expect(page.frameLocator("iframe[title='Chat page']").getByRole("heading", { level: 1, name: "Website chat" })).toBeVisible();
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith("chrome-error://"))).toBe(true);
  await expect(page.frameLocator("iframe[title='Portal']").getByRole("button", { name: "Sign in" })).toHaveCount(0);
});

test("the script is served as JavaScript, never sniffed, cached briefly and revalidated by its hash", async ({ request }) => {
  const script = await request.get("/widget/sdk.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["cache-control"]).toBe("public, max-age=600");
  const etag = script.headers().etag!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(await script.text()).toContain("window.venuedeskSDK = { run: run };");
  const again = await request.get("/widget/sdk.js", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
});

test("a token that names no website inbox opens no chat", async ({ page }) => {
  for (const token of ["no-such-website-token", setup.apiIdentifier]) {
    await page.goto(`/widget?website_token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Chat is unavailable" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  }
  await page.goto("/widget");
  await expect(page.getByRole("heading", { level: 1, name: "Chat is unavailable" })).toBeVisible();

  // On a venue's page, a wrong token shows no button at all, and says why in the console.
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto(`${setup.hostUrl}/wrong-token.html`);
  await expect.poll(() => warnings.join("\n")).toContain("no website inbox has this websiteToken");
  await expect(page.getByRole("button", { name: "Chat with us" })).toBeHidden();
});

test("the chat opened on its own keeps the conversation on our origin across a reload", async ({ page }) => {
  await page.goto(`/widget?website_token=${setup.websiteToken}`);
  await expect(page.getByRole("button", { name: "Close chat" })).toHaveCount(0);
  const question = `Can we bring our own cake? (${stamp})`;
  await page.getByRole("textbox", { name: "Message" }).fill(question);
  await page.getByRole("button", { name: "Send" }).click();
  const conversation = page.getByRole("log", { name: "Conversation" });
  await expect(conversation.getByText(question)).toBeVisible();
  await expect(conversation.getByText("Sending…")).toHaveCount(0);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `venuedesk.chat.${setup.websiteToken}`)).toMatch(/"source_id":"[\w-]+"/);
  await page.reload();
  await expect(conversation.getByText(question)).toBeVisible();
});

// Last: it spends this inbox's write budget for this address until the minute is over.
test("the chat's messages count against the Client API's limit for the inbox and address", async ({ browser, request }, testInfo) => {
  // The Client API counts writes naming the website token by the same key as the chat, even
  // though it answers only API inboxes: spending the budget there leaves the chat none.
  // Windows are whole minutes: start early in one, so the chat's attempt falls in the same window.
  const second = new Date().getUTCSeconds();
  if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
  let status = 0;
  for (let spent = 0; spent <= 60 && status !== 429; spent++) {
    status = (await request.post(`/public/api/v1/inboxes/${setup.websiteToken}/contacts`, { data: {} })).status();
    expect([404, 429]).toContain(status);
  }
  expect(status).toBe(429);
  // The chat page on its own, on the address the requests above came from.
  const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await visitor.newPage();
  await page.goto(`/widget?website_token=${setup.websiteToken}`);
  await page.getByRole("textbox", { name: "Message" }).fill("Is anyone there?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "too quickly" })).toHaveText("You're sending messages too quickly. Please wait a minute and try again.");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("Is anyone there?");
  await visitor.close();
});
