import { expect, type APIRequestContext, type Cookie, type Locator, type Page } from "@playwright/test";

/** What `npm start` seeds into an empty database (demo/seed.ts), with the password the config sets. */
export const DEMO_PASSWORD = "demo-password-2026";
export const ADMIN_EMAIL = "admin@demo.venuedesk.test";
export const AGENT_EMAIL = "agent@demo.venuedesk.test";

const conversationsUrl = /\/app\/accounts\/\d+\/conversations$/;

/** The page's live stream (GET /app/live) answering: waited for before a test relies on live updates. */
export const liveStreamOpened = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === "/app/live");

/** Signs in through the sign-in form and waits for the conversations page it leads to. */
export const signInWithForm = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(conversationsUrl);
};

/** The session cookie each email and password got the first time this worker signed in with them. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs in and waits for the conversations page. The first time in this worker for an email and
 * password, through the form; after that with the session cookie that sign-in set (a signed JWT
 * the server keeps no state for), opening /app as a signed-in browser would: each sign-in through
 * the form costs about a second, and the form itself is tested in sign-in*.spec.ts.
 */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  const key = `${email}\n${password}`;
  const cookies = sessions.get(key);
  if (!cookies) {
    await signInWithForm(page, email, password);
    sessions.set(key, (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("next-auth.session-token")));
    return;
  }
  await page.context().addCookies(cookies);
  await page.goto("/app");
  await page.waitForURL(conversationsUrl);
};

/** The account the signed-in page is in, from its URL. */
export const accountIdOf = (page: Page) => {
  const match = /\/app\/accounts\/(\d+)/.exec(page.url());
  if (!match) throw new Error(`not on an account page: ${page.url()}`);
  return match[1]!;
};

/** Opens a page of the current account and waits for its heading. */
export const openAccountPage = async (page: Page, path: string, heading: string) => {
  await page.goto(`/app/accounts/${accountIdOf(page)}/${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
};

/**
 * The image's width once the browser has fetched and decoded it (0 while it loads or if it failed):
 * brought into view first, so a lazy image loads, and waited for, since it arrives after the page.
 */
export const decodedWidth = async (image: Locator) => {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
};

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** A signed-in user's way into the API: their access token, read from their profile page. */
export type UserApi = { request: APIRequestContext; token: string; account: string };

/** Signs in and reads the user's API access token, for setting up through the API what a test needs. */
export const signInWithToken = async (page: Page, email: string): Promise<UserApi> => {
  await signIn(page, email);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  return { request: page.request, token: await page.getByLabel("Access token", { exact: true }).inputValue(), account };
};

/** POST to the account's API as that user; the answer's JSON (null for an empty 200). */
export const postAs = async (api: UserApi, path: string, body: unknown) => {
  const response = await api.request.post(`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  const text = await response.text();
  expect(response.status(), `${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
};
