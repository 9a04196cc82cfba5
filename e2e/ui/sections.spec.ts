import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, screenshot, signIn } from "./helpers";

test("an account the user does not belong to is not found", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const response = await page.goto("/app/accounts/999999/conversations");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await screenshot(page, "not-found");
});

test("a record that is not in the account is not found, inside the portal", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  // The page streams behind its loading skeleton, so the status is already sent; the content says it.
  await page.goto(`/app/accounts/${account}/settings/canned-responses/999999`);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("on a narrow screen the navigation sits above the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN_EMAIL);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Conversations" })).toBeVisible();
  await screenshot(page, "conversations-mobile");
});
