import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, postAs, screenshot, signIn, signInWithToken } from "./helpers";

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

/** The demo's planning is dated from "Monday of next week" in the venue's zone (demo/planning.ts). */
const demoZone = "Europe/Amsterdam";
const demoMonday = () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: demoZone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() + 7 - weekday);
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(date);
};

/** A CSV line's cells (the downloads quote only what needs it). */
const cellsOf = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map(([, cell]) => (cell!.startsWith('"') ? cell!.slice(1, -1).replaceAll('""', '"') : cell!));

test("the agent, inbox, team and label tables show the range's figures, and the agents' CSV has the table's rows", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await page.goto(`/app/accounts/${account}/reports?range=30d`);
  const tabs = page.getByRole("navigation", { name: "Table" });
  await expect(tabs.getByRole("link", { name: "Agents" })).toHaveAttribute("aria-current", "page");
  const agents = page.getByRole("table", { name: "Agents in this period" });
  // Both demo agents are members; the demo's conversations were assigned, so someone has some.
  const rows = agents.locator("tbody tr");
  await expect(rows.filter({ hasText: "Alex Morgan" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Sam Rivera" })).toHaveCount(1);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")!.textContent!, tr.querySelector("td")!.textContent!.replaceAll(",", "")]));
  expect(shown.some(([, conversations]) => Number(conversations) > 0)).toBe(true);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the agents table as CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("agents_report.csv");
  const lines = (await readFile(await download.path(), "utf8")).split("\n").filter((line) => line !== "");
  expect(lines[0]).toMatch(/^Reporting period \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/);
  expect(cellsOf(lines[1]!)[0]).toBe("Agent name");
  // The same agents, in the same order, with the same conversations.
  expect(lines.slice(2).map((line) => cellsOf(line).slice(0, 2))).toEqual(shown);

  // The summary's download counts what its card does.
  const [summary] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the summary as CSV" }).click()]);
  const summaryLines = (await readFile(await summary.path(), "utf8")).split("\n").filter((line) => line !== "");
  expect(cellsOf(summaryLines[1]!)[0]).toBe("Conversations");
  expect(cellsOf(summaryLines[2]!)[0]).toBe(await figure(page, "Conversations").textContent());

  await tabs.getByRole("link", { name: "Inboxes" }).click();
  await expect(page).toHaveURL(/\?range=30d&table=inbox$/);
  const inboxes = page.getByRole("table", { name: "Inboxes in this period" });
  await expect(inboxes.locator("tbody tr").first()).toBeVisible();
  // Another range keeps the table.
  await page.getByRole("navigation", { name: "Report range" }).getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\?range=7d&table=inbox$/);
  await expect(tabs.getByRole("link", { name: "Inboxes" })).toHaveAttribute("aria-current", "page");
  // Long before the account: said so, not a table of zeros.
  await page.goto(`/app/accounts/${account}/reports?from=2020-01-01&to=2020-01-31&table=agent`);
  await expect(page.getByText("No agent had conversations in this period.")).toBeVisible();
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`the venue reports show the demo's bookings ahead, and another range changes them (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN_EMAIL);
    const account = accountIdOf(page);
    await page.goto(`/app/accounts/${account}/reports`);
    const dates = page.getByRole("navigation", { name: "Event dates" });
    await expect(dates.getByRole("link", { name: "Next 30 days" })).toHaveAttribute("aria-current", "page");
    // The wedding books the Grand Hall on the Saturday of next week.
    const occupancy = page.getByRole("table", { name: "Occupancy by space and week" });
    const grandHall = occupancy.getByRole("cell", { name: new RegExp(`^Grand Hall, week of ${demoMonday()}: `) });
    await expect(grandHall).toHaveAccessibleName(/: [1-9][\d.]* h booked of [\d.]+ h open \(\d+%\)/);
    await expect(occupancy.getByRole("rowheader", { name: "Hall A" })).toBeVisible();
    // The wedding (sent) and the summit (accepted) are definite: their quotes' value is in the pipeline.
    const pipeline = page.getByRole("list", { name: "Pipeline by status" });
    await expect(pipeline.getByRole("listitem", { name: /^Definite: [1-9]\d* events?$/ })).toContainText(/€[\d,]+\.\d\d quoted \(2 events\)/);
    await expect(pipeline.getByRole("listitem", { name: /^Lead: 1 event$/ })).toBeVisible();
    // The summit's accepted quote is revenue in its month.
    await expect(page.getByRole("region", { name: "Revenue" }).getByRole("table", { name: "Revenue by space" }).getByRole("row", { name: /^Hall A 1 €[1-9]/ })).toBeVisible();
    // Holds and the quote were placed and sent when the demo was seeded, within the last 30 days.
    await expect(page.getByRole("region", { name: "Quote conversion" }).getByText("Quotes sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Hold conversion" }).getByText("Holds placed", { exact: true })).toBeVisible();
    await expect(page.locator("svg.recharts-surface").first()).toBeVisible();
    await noSidewaysScroll(page, viewport.width);
    await screenshot(page, `reports-venue-${viewport.name}`);

    // The occupancy download holds the map's rows.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download occupancy as CSV" }).click()]);
    const csv = (await readFile(await download.path(), "utf8")).split("\n");
    expect(csv[0]).toBe("Space,Inside,Week of,Open hours,Booked hours,Held hours,Booked share");
    expect(csv.some((line) => /^Grand Hall,Canal House,\d{4}-\d\d-\d\d,[\d.]+,[1-9]/.test(line))).toBe(true);

    // The past: the demo's events all lie ahead.
    await dates.getByRole("link", { name: "Past 90 days" }).click();
    await expect(page).toHaveURL(/\?range=30d&venue=last_90d$|\?venue=last_90d$/);
    await expect(dates.getByRole("link", { name: "Past 90 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No events dated in these days.")).toBeVisible();
    await expect(page.getByText("Nothing is booked or held in these weeks.")).toBeVisible();
    await expect(grandHall).toHaveCount(0);
    await noSidewaysScroll(page, viewport.width);
  });
}

test("an accepted quote shows in revenue by month, space and category, in its currency", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = Math.random().toString(36).slice(2, 8);
  const api = await signInWithToken(page, ADMIN_EMAIL);
  // Four months ahead: beyond the demo's events and the default 30 days, inside the next 12 months.
  const day = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const space = await postAs(api, "spaces", { space: { name: `Orangery ${tag}`, timezone: "Europe/Amsterdam" } });
  const event = await postAs(api, "planning/events", {
    event: { name: `Harvest dinner ${tag}`, attendees_count: 40, currency: "EUR" },
    allocations: [{ space_id: space.id, start_at: `${day}T16:00:00Z`, end_at: `${day}T21:00:00Z`, title: "Dinner" }],
  });
  const quote = await postAs(api, `planning/events/${event.id}/quotes`, {
    name: `Quote ${tag}`,
    overrides: { additional_lines: [{ name: "Exclusive hire", unit_price: "2500.00", tax_rate: "21", category: `hire-${tag}` }] },
  });
  await postAs(api, `planning/events/${event.id}/quotes/${quote.id}/send_quote`, { delivery_mode: "manual" });
  await postAs(api, `planning/events/${event.id}/quotes/${quote.id}/accept`, {});

  await page.goto(`/app/accounts/${api.account}/reports`);
  const revenue = page.getByRole("region", { name: "Revenue" });
  // Four months ahead is outside the default 30 days (which hold the demo's accepted summit).
  await expect(revenue.getByRole("table", { name: "Revenue by category" }).getByRole("row", { name: new RegExp(`^hire-${tag} `) })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Event dates" }).getByRole("link", { name: "Next 12 months" }).click();
  await expect(page).toHaveURL(/venue=next_365d/);
  const month = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(`${day}T12:00:00Z`));
  // The event's month has its revenue (the hire line, and the space's own price if it has one); the months around it none of it.
  await expect(revenue.getByRole("table", { name: "Revenue by month (EUR)" }).getByRole("row", { name: new RegExp(`^${month} €[1-9]`) })).toBeVisible();
  await expect(revenue.getByRole("table", { name: "Revenue by space" }).getByRole("row", { name: new RegExp(`^Not tied to a space `) })).toContainText(/€[1-9]/);
  await expect(revenue.getByRole("table", { name: "Revenue by category" }).getByRole("row", { name: new RegExp(`^hire-${tag} `) })).toContainText("€2,500.00");
  await expect(revenue.locator("svg.recharts-surface")).toBeVisible();
  await screenshot(page, "reports-venue-revenue-desktop");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download revenue by category as CSV" }).click()]);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\n")).toContain(`hire-${tag},EUR,1,2500.00,525.00,3025.00`);
});
