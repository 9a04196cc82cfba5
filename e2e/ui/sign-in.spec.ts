import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, screenshot, signInWithForm } from "./helpers";

test("sends a signed-out visitor from / to the sign-in page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to Venuedesk" })).toBeVisible();
  await screenshot(page, "login");
});

test("refuses a wrong password with a message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill("not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, "login-error");
});

test("signs the demo administrator in to Demo Venue, and out again", async ({ page }) => {
  await signInWithForm(page, ADMIN_EMAIL);
  const sidebar = page.getByRole("complementary", { name: "Account navigation" });
  await expect(sidebar.getByText("Demo Venue")).toBeVisible();
  await expect(sidebar.getByText("Alex Morgan")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Conversations" })).toHaveAttribute("aria-current", "page");

  await page.goto("/");
  await expect(page).toHaveURL(/\/app\/accounts\/\d+\/conversations$/);

  await sidebar.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login/);
});
