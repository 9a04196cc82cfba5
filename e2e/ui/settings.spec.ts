import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test.beforeEach(async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
});

test("the settings index leads to every settings page", async ({ page }) => {
  await openAccountPage(page, "settings", "Settings");
  for (const name of ["Account", "Agents", "Agent bots", "Canned responses"]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await screenshot(page, "settings");
  await page.getByRole("main").getByRole("link", { name: /^Agent bots/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent bots" })).toBeVisible();
});

test("an administrator edits the account settings", async ({ page }) => {
  await openAccountPage(page, "settings/account", "Account");
  await expect(page.getByLabel("Account name")).toHaveValue("Demo Venue");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Amsterdam");
  await screenshot(page, "settings-account");

  await page.getByLabel("Support email").fill("not-an-email");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Support email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Is not a valid email address")).toBeVisible();

  await page.getByLabel("Support email").fill("events@demo.venuedesk.test");
  await page.getByLabel("Time zone").selectOption("Europe/London");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Account settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Support email")).toHaveValue("events@demo.venuedesk.test");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/London");
});

test("an administrator adds, edits and removes an agent", async ({ page }) => {
  await openAccountPage(page, "settings/agents", "Agents");
  await screenshot(page, "settings-agents");
  await page.getByRole("link", { name: "Add agent" }).click();
  await page.getByLabel("Name").fill("Robin Lee");
  await page.getByLabel("Email").fill("robin@demo.venuedesk.test");
  await page.getByLabel("First password").fill("short");
  await page.getByRole("button", { name: "Add agent" }).click();
  await expect(page.getByText("Must be at least 8 characters")).toBeVisible();
  await screenshot(page, "settings-agent-new");

  await page.getByLabel("First password").fill("robin-password-1");
  await page.getByRole("button", { name: "Add agent" }).click();
  await expect(page.getByText("Agent created.")).toBeVisible();
  const table = page.getByRole("table", { name: "Agents" });
  await expect(table.getByText("robin@demo.venuedesk.test")).toBeVisible();

  await page.getByRole("link", { name: "Edit Robin Lee" }).click();
  await page.getByLabel("Role").selectOption("administrator");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Agent updated.")).toBeVisible();
  await expect(table.getByRole("row", { name: /Robin Lee/ }).getByText("Administrator")).toBeVisible();

  await page.getByRole("button", { name: "Remove Robin Lee" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Agent deleted.")).toBeVisible();
  await expect(table.getByText("robin@demo.venuedesk.test")).toHaveCount(0);
});

test("an administrator creates a bot, sees its token, resets it and deletes the bot", async ({ page }) => {
  await openAccountPage(page, "settings/agent-bots", "Agent bots");
  await expect(page.getByRole("table", { name: "Agent bots" }).getByRole("link", { name: "Booking Assistant", exact: true })).toBeVisible();
  await screenshot(page, "settings-agent-bots");

  await page.getByRole("link", { name: "New agent bot" }).click();
  await page.getByLabel("Name").fill("Menu Helper");
  await page.getByLabel("Outgoing URL").fill("ftp://example.com");
  await page.getByRole("button", { name: "Create bot" }).click();
  await expect(page.getByText("Must be an http(s) URL")).toBeVisible();

  await page.getByLabel("Outgoing URL").fill("https://bots.example.com/menu");
  await page.getByRole("button", { name: "Create bot" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Menu Helper" })).toBeVisible();
  await expect(page.getByText("Agent bot created.")).toBeVisible();
  const token = page.getByLabel("Access token", { exact: true });
  const first = await token.inputValue();
  expect(first).not.toBe("");
  await screenshot(page, "settings-agent-bot");

  await page.getByRole("button", { name: "Reset token" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset token" }).click();
  await expect(token).not.toHaveValue(first);

  await page.getByRole("link", { name: "Agent bots" }).first().click();
  await page.getByRole("button", { name: "Delete Menu Helper" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Agent bot deleted.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Agent bots" }).getByRole("link", { name: "Menu Helper" })).toHaveCount(0);
});
