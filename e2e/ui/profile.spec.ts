import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test("resetting the access token shows the new one and retires the old one", async ({ page, request }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "profile", "Profile");
  await expect(page.getByLabel("Full name")).toHaveValue("Alex Morgan");
  await expect(page.getByLabel("Email")).toHaveValue(ADMIN_EMAIL);
  const tokenField = page.getByLabel("Access token", { exact: true });
  const oldToken = await tokenField.inputValue();
  expect(oldToken).not.toBe("");
  await expect(page.getByRole("button", { name: "Copy Access token" })).toBeVisible();
  await screenshot(page, "profile");

  await page.getByRole("button", { name: "Reset token" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset the access token?" });
  await dialog.getByRole("button", { name: "Reset token" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("A new token was issued.")).toBeVisible();
  await expect(tokenField).not.toHaveValue(oldToken);
  const newToken = await tokenField.inputValue();
  expect(newToken).not.toBe("");

  const withOld = await request.get("/api/v1/profile", { headers: { api_access_token: oldToken } });
  expect(withOld.status()).toBe(401);
  const withNew = await request.get("/api/v1/profile", { headers: { api_access_token: newToken } });
  expect(withNew.status()).toBe(200);
  expect((await withNew.json()).email).toBe(ADMIN_EMAIL);

  // The page loads the new token from the server too, not only from the reset's answer.
  await page.reload();
  await expect(tokenField).toHaveValue(newToken);
});

test("profile edits are validated by the service and saved", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "profile", "Profile");
  await page.getByLabel("Full name").fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Can't be blank")).toBeVisible();

  await page.getByLabel("Full name").fill("Alex Morgan");
  await page.getByLabel("Display name").fill("Alex");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Alex", { exact: true })).toBeVisible();

  await page.getByLabel("Display name").fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Alex Morgan")).toBeVisible();
});
