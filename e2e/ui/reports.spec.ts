import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, screenshot, signIn } from "./helpers";

/*
 * The Reports entry shows the summary the API has (GET reports/summary) and each report over time
 * (GET reports) over a range kept in the URL — never "no reports" over an account with
 * conversations. The charts are drawn in the browser; their figures are also in a table each,
 * which is what these tests read.
 */

const figure = (page: Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd").first();

/** A chart's table: one row per bucket (after the header row), one cell per series. */
const chartTable = (page: Page, name: string) => page.getByRole("table", { name });

const chartTotal = async (page: Page, name: string) => {
  const cells = await chartTable(page, name).getByRole("cell").allTextContents();
  return cells.reduce((sum, cell) => sum + Number(cell.replaceAll(",", "")), 0);
};

/** The charts are fetched after the page shows; a screenshot waits for them to be drawn. */
const chartsDrawn = (page: Page) => expect(page.locator("svg.recharts-surface").first()).toBeVisible();

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
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
    // The demo account's conversations were started, answered and some resolved when it was seeded: they count.
    await expect(figure(page, "Conversations")).toHaveText(/^[1-9]\d*$/);
    await expect(figure(page, "Messages received")).toHaveText(/^[1-9][\d,]*$/);
    await expect(figure(page, "Messages sent")).toHaveText(/^[1-9][\d,]*$/);
    await expect(figure(page, "Resolved")).toHaveText(/^[1-9][\d,]*$/);
    // Replies were recorded, so the average is a time, not "no data".
    await expect(figure(page, "First response")).toHaveText(/^\d+[smhd]( \d+[smhd])?$/);
    await expect(page.getByText("No reports yet")).toHaveCount(0);

    // Thirty days, one bar a day; the chart holds every demo conversation the card counts.
    const conversations = Number(await figure(page, "Conversations").textContent());
    await expect(chartTable(page, "Conversations by day").getByRole("row")).toHaveCount(31);
    expect(await chartTotal(page, "Conversations by day")).toBe(conversations);
    expect(await chartTotal(page, "Messages by day")).toBeGreaterThan(0);

    await range.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/reports\?range=7d$/);
    await expect(range.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    await expect(chartTable(page, "Conversations by day").getByRole("row")).toHaveCount(8);
    await expect(figure(page, "Conversations")).toHaveText(/^[1-9]\d*$/);
    expect(await chartTotal(page, "Conversations by day")).toBe(Number(await figure(page, "Conversations").textContent()));
    // Seven days are shown by day only.
    await expect(page.getByRole("navigation", { name: "Group by" })).toHaveCount(0);
    await chartsDrawn(page);
    await noSidewaysScroll(page, viewport.width);
    await screenshot(page, `reports-${viewport.name}`);

    // Two dates long before the account existed: zeros, said plainly, and the range survives a reload.
    await page.getByLabel("From").fill("2020-01-01");
    await page.getByLabel("To").fill("2020-01-31");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
    await expect(page.getByRole("heading", { name: "1 Jan 2020 – 31 Jan 2020" })).toBeVisible();
    await expect(figure(page, "Conversations")).toHaveText("0");
    await expect(page.getByRole("heading", { name: "No conversations in this period" })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Conversations by/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("From")).toHaveValue("2020-01-01");
    await expect(figure(page, "Conversations")).toHaveText("0");
    await noSidewaysScroll(page, viewport.width);
    if (viewport.name === "phone") await screenshot(page, "reports-empty-phone");
  });
}

test("the charts regroup by week and month, and the totals stay the same", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/reports?range=90d`);
  // Ninety days are shown by week unless asked otherwise: 13 or 14 Monday-started weeks.
  const byWeek = chartTable(page, "Messages by week");
  await expect(byWeek).toHaveCount(1);
  expect([14, 15]).toContain(await byWeek.getByRole("row").count());
  const total = await chartTotal(page, "Messages by week");
  expect(total).toBeGreaterThan(0);

  const groupBy = page.getByRole("navigation", { name: "Group by" });
  await expect(groupBy.getByRole("link", { name: "Week" })).toHaveAttribute("aria-current", "page");
  await groupBy.getByRole("link", { name: "Month" }).click();
  await expect(page).toHaveURL(/\?range=90d&group_by=month$/);
  await expect(groupBy.getByRole("link", { name: "Month" })).toHaveAttribute("aria-current", "page");
  const byMonth = chartTable(page, "Messages by month");
  await expect(byMonth).toHaveCount(1);
  expect([3, 4]).toContain((await byMonth.getByRole("row").count()) - 1);
  expect(await chartTotal(page, "Messages by month")).toBe(total);

  await groupBy.getByRole("link", { name: "Day" }).click();
  // The venue's own days, a DST change in the range included (GET reports with `timezone`): 90 of them.
  await expect(chartTable(page, "Messages by day").getByRole("row")).toHaveCount(91);
  expect(await chartTotal(page, "Messages by day")).toBe(total);
  // Another range takes its own grouping again.
  await page.getByRole("navigation", { name: "Report range" }).getByRole("link", { name: "Last month" }).click();
  await expect(page).toHaveURL(/\?range=last_month$/);
  await expect(page.getByRole("table", { name: /^Conversations by day$/ }).or(page.getByRole("heading", { name: "No conversations in this period" }))).toBeVisible();
});

test("the business-hours switch is kept in the URL and names the times it changes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/reports?range=7d`);
  const toggle = page.getByRole("switch", { name: "Business hours only" });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText("Average time to the first reply", { exact: true })).toBeVisible();
  await toggle.check();
  await expect(page).toHaveURL(/\?range=7d&business_hours=true$/);
  await expect(page.getByText("Average time to the first reply, in working hours")).toBeVisible();
  await expect(page.getByText(/Times count the inboxes' working hours only/)).toBeVisible();
  // Counts do not depend on working hours.
  await expect(figure(page, "Conversations")).toHaveText(/^[1-9]\d*$/);
  await page.reload();
  await expect(toggle).toBeChecked();
  // Changing the range, or two dates, keeps the switch on.
  await page.getByRole("navigation", { name: "Report range" }).getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(/\?range=30d&business_hours=true$/);
  await page.getByLabel("From").fill("2020-01-01");
  await page.getByLabel("To").fill("2020-01-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31&business_hours=true/);
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page).toHaveURL(/\?from=2020-01-01&to=2020-01-31$/);
});

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
  await expect(page.getByRole("table")).toHaveCount(0);
});
