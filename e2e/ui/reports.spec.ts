import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, screenshot, signIn } from "./helpers";

/*
 * The Reports entry shows the summary the API has (GET reports/summary) over a range kept in the
 * URL — never "no reports" over an account with conversations.
 */

const figure = (page: import("@playwright/test").Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd").first();

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`an administrator reads the account's figures and picks a range (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN_EMAIL);
    const account = accountIdOf(page);
    await page.goto(`/app/accounts/${account}/reports`);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    const range = page.getByRole("navigation", { name: "Report range" });
    await expect(range.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    // The demo account's conversations were started when it was seeded: they count.
    await expect(figure(page, "Conversations")).toHaveText(/^[1-9]\d*$/);
    await expect(figure(page, "Messages received")).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByText("No reports yet")).toHaveCount(0);

    await range.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/reports\?range=7d$/);
    await expect(range.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    await expect(figure(page, "Conversations")).toHaveText(/^[1-9]\d*$/);
    await screenshot(page, `reports-${viewport.name}`);

    // Two dates long before the account existed: zeros, said plainly, and the range survives a reload.
    await page.getByLabel("From").fill("2020-01-01");
    await page.getByLabel("To").fill("2020-01-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
    await expect(page.getByRole("heading", { name: "1 Jan 2020 – 31 Jan 2020" })).toBeVisible();
    await expect(figure(page, "Conversations")).toHaveText("0");
    await page.reload();
    await expect(page.getByLabel("From")).toHaveValue("2020-01-01");
    await expect(figure(page, "Conversations")).toHaveText("0");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });
}

test("an impossible range falls back to the last 30 days and says so", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/reports?from=2026-02-30&to=2026-03-01`);
  await expect(page.getByRole("status").filter({ hasText: "could not be shown" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Report range" }).getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
});

test("an agent without the reports permission is told so, not shown zeros", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/reports`);
  await expect(page.getByRole("heading", { name: "Reports are not open to you" })).toBeVisible();
  await expect(page.locator("dl")).toHaveCount(0);
});
