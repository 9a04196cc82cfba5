import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, postAs, screenshot, signInWithToken } from "./helpers";

/*
 * The whole quote journey across both sides: the planner builds and sends a quote in the
 * portal, the customer opens the public link in a browser of their own, picks an optional
 * line and accepts, and the planner sees the quote accepted and the hold confirmed on the
 * calendar. The venue's prices are this test's own (set up through the API), on an October
 * 2032 Saturday evening in Amsterdam (UTC+2).
 */

test("a planner sends a quote, the customer accepts it online, and the booking is confirmed", async ({ page, browser }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await page.setViewportSize({ width: 1280, height: 900 });
  const api = await signInWithToken(page, ADMIN_EMAIL);
  const account = api.account;
  const space = await postAs(api, "spaces", { space: { name: `Glasshouse ${tag}`, timezone: "Europe/Amsterdam", position: 970, banquet: 120 } });
  const rate = await postAs(api, "planning/rates", { rate: { name: "Evening hire", unit: "hour", amount: "200", tax_rate: 21, space_id: space.id } });
  const plan = await postAs(api, "planning/pricing-plans", { pricing_plan: { name: `Glasshouse ${tag}`, pricing_rules: [{ name: "Hourly", rate_id: rate.id, is_default: true }] } });
  const name = `Anniversary dinner ${tag}`;
  const event = await postAs(api, "planning/events", {
    event: { name, attendees_count: 60, currency: "EUR", pricing_plan_id: plan.id },
    allocations: [{ space_id: space.id, start_at: "2032-10-09T18:00:00+02:00", end_at: "2032-10-09T23:00:00+02:00", title: name }],
  });

  // The planner builds the quote: 5 h x €200 = €1,000 + 21% = €1,210; an optional wine pairing.
  await page.goto(`/app/accounts/${account}/planning/events/${event.id}`);
  const quotes = page.locator("#quotes");
  await quotes.getByRole("button", { name: "Create quote" }).click();
  const total = quotes.getByTestId("quote-total");
  await expect(total).toHaveText("€1,210.00");
  await quotes.getByRole("button", { name: "Add optional line" }).click();
  const option = quotes.getByRole("region", { name: "Add an optional line" });
  await option.getByLabel("Name").fill("Wine pairing");
  await option.getByLabel("Quantity").fill("60");
  await option.getByLabel("Unit price").fill("18.50");
  await option.getByLabel("Tax %").fill("21");
  await option.getByRole("button", { name: "Add optional line" }).click();
  await expect(quotes.getByRole("checkbox", { name: "Selected: Wine pairing" })).not.toBeChecked();
  await expect(total).toHaveText("€1,210.00");

  // …and sends it (no mail server here: the outbox keeps the email).
  await quotes.getByRole("button", { name: "Send quote" }).click();
  const send = page.getByRole("dialog", { name: "Send version 1" });
  await send.getByLabel("Customer email").fill(`guest-${tag}@example.test`);
  await send.getByRole("button", { name: "Send quote" }).click();
  await expect(send).toBeHidden();
  const publicUrl = await quotes.getByRole("textbox", { name: "Public link" }).inputValue();
  expect(publicUrl).toMatch(/\/q\/[\w-]{20,}$/);

  // The customer, in a browser of their own with no session, picks the wine and accepts.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const open = await customer.newPage();
  await open.goto(new URL(publicUrl).pathname);
  await expect(open.getByRole("heading", { level: 1, name: name })).toBeVisible();
  await expect(open.getByText("€1,210.00").first()).toBeVisible();
  await open.getByRole("checkbox", { name: "Wine pairing" }).check();
  // 60 x €18.50 = €1,110 + 21% = €1,343.10 more: €2,553.10.
  await expect(open.getByText("€2,553.10").first()).toBeVisible();
  await open.getByLabel("Your full name").fill("Jo de Wit");
  await open.getByRole("button", { name: "Accept quote" }).click();
  await expect(open.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  await screenshot(open, "quote-flow-customer-accepted");
  await customer.close();

  // The planner sees it accepted, at the customer's total, and the hold is now a booking.
  await page.reload();
  const versions = quotes.getByRole("table", { name: "Quote versions" });
  await expect(versions.getByRole("row", { name: /Version 1/ })).toContainText("Accepted");
  await expect(total).toHaveText("€2,553.10");
  await page.goto(`/app/accounts/${account}/planning?date=2032-10-09&view=day`);
  await expect(page.getByRole("button", { name: new RegExp(`^${name}, .*Confirmed`) })).toBeVisible();
  await screenshot(page, "quote-flow-calendar-confirmed");

  // The Quotes page lists it, accepted, with the customer's total.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quotes" }).click();
  const listed = page.getByRole("table", { name: "Quotes" }).getByRole("row").filter({ hasText: name });
  await expect(listed).toContainText("Accepted");
  await expect(listed).toContainText("€2,553.10");
  await screenshot(page, "quotes");
});
