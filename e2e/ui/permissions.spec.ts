import { expect, test } from "@playwright/test";
import { AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test.describe("an agent", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, AGENT_EMAIL);
  });

  test("sees the agents list without controls to change it", async ({ page }) => {
    await openAccountPage(page, "settings/agents", "Agents");
    const table = page.getByRole("table", { name: "Agents" });
    await expect(table.getByText("Alex Morgan")).toBeVisible();
    await expect(table.getByText("Sam Rivera")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add agent" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /remove/i })).toHaveCount(0);
    await screenshot(page, "settings-agents-agent");
  });

  test("sees the bots without controls to change them", async ({ page }) => {
    await openAccountPage(page, "settings/agent-bots", "Agent bots");
    await expect(page.getByRole("table", { name: "Agent bots" }).getByRole("cell", { name: /^Booking Assistant/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "New agent bot" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /delete/i })).toHaveCount(0);
  });

  test("sees the account settings read-only", async ({ page }) => {
    await openAccountPage(page, "settings/account", "Account");
    await expect(page.getByText("Only administrators can change these settings.")).toBeVisible();
    await expect(page.getByText("hello@demo.venuedesk.test")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await screenshot(page, "settings-account-agent");
  });
});
