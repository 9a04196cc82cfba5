import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { screenshot } from "./helpers";

// Records made through the Platform API, as a hosting provider would: a user in two
// accounts, and a user in none.
// Unique per run of beforeAll: it runs again if a failure restarts the worker.
const run = Date.now();
const member = { name: "Jamie Fox", email: `jamie-${run}@e2e.venuedesk.test`, password: "jamie-password-1" };
const loner = { name: "Nova Reyes", email: `nova-${run}@e2e.venuedesk.test`, password: "nova-password-1" };
let platformToken = "";
let memberId = 0;
let firstAccount = 0;
let secondAccount = 0;

const platform = async (request: APIRequestContext, method: "get" | "post", url: string, data?: object) => {
  const response = await request[method](`/platform/api/v1/${url}`, { headers: { api_access_token: platformToken }, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
};

const passwordSignIn = async (page: import("@playwright/test").Page, email: string, password: string) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
};

test.beforeAll(async ({ request }) => {
  // The operator CLI attaches to the embedded database of the server under test.
  const output = execFileSync(
    process.execPath,
    [path.join("node_modules", "tsx", "dist", "cli.mjs"), "scripts/admin.ts", "create-platform-app", "--name", "Portal e2e"],
    { env: { ...process.env, DATA_DIR: process.env.VD_E2E_DATA_DIR }, encoding: "utf8" },
  );
  platformToken = /Platform app token: (\S+)/.exec(output)?.[1] ?? "";
  expect(platformToken).not.toBe("");

  memberId = (await platform(request, "post", "users", member)).id;
  await platform(request, "post", "users", loner);
  firstAccount = (await platform(request, "post", "accounts", { name: "Harbour Hall" })).id;
  secondAccount = (await platform(request, "post", "accounts", { name: "Garden Pavilion" })).id;
  await platform(request, "post", `accounts/${firstAccount}/account_users`, { user_id: memberId, role: "administrator" });
  await platform(request, "post", `accounts/${secondAccount}/account_users`, { user_id: memberId, role: "agent" });
});

test("a Platform API login link signs in once", async ({ page, request }) => {
  const { url } = await platform(request, "get", `users/${memberId}/login`);
  const link = new URL(url);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(new RegExp(`/app/accounts/${firstAccount}/conversations$`));
  await expect(page.getByRole("complementary").getByRole("button", { name: /Harbour Hall/ })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("alert").filter({ hasText: "This sign-in link is invalid or has expired" })).toBeVisible();
});

test("the account switcher opens the same page in another account", async ({ page }) => {
  await passwordSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/app/accounts/${firstAccount}/conversations$`));
  await page.goto(`/app/accounts/${firstAccount}/settings/canned-responses`);
  const sidebar = page.getByRole("complementary", { name: "Account navigation" });
  await expect(sidebar.getByRole("button", { name: /Harbour Hall/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No canned responses yet" })).toBeVisible();
  await screenshot(page, "settings-canned-responses-empty");

  await sidebar.getByRole("button", { name: /switch account/i }).click();
  const menu = sidebar.getByRole("list", { name: "Your accounts" });
  await expect(menu.getByRole("link", { name: "Harbour Hall" })).toHaveAttribute("aria-current", "true");
  await screenshot(page, "account-switcher");
  await menu.getByRole("link", { name: "Garden Pavilion" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/accounts/${secondAccount}/settings/canned-responses$`));
  await expect(sidebar.getByRole("button", { name: /Garden Pavilion/ })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: /Agent/ })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("link", { name: /new canned response/i })).toHaveCount(0);
});

test("a user without an account is told so", async ({ page }) => {
  await passwordSignIn(page, loner.email, loner.password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("heading", { name: "You are not a member of any account" })).toBeVisible();
  await screenshot(page, "no-account");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
