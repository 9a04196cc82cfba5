import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * The customer's quote page, /q/[token], opened without signing in. The venue side is set up
 * through the API with the demo admin's token: a space of this test's own, a day rate and a
 * pricing plan for it, an event holding the space on a day in 2029 (past the demo data), and a
 * quote with optional lines, marked sent.
 */

const zone = "Europe/Amsterdam";

type Api = { request: APIRequestContext; token: string; account: string };

const call = async (api: Api, method: "get" | "post", path: string, body?: unknown) => {
  const response = await api.request[method](`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
};

type Venue = Api & { tag: string; space: { id: string; name: string }; planId: number };

/** A space of its own with a day rate (21% tax) and a plan that prices it, so no other test's data matters. */
const setUpVenue = async (page: Page): Promise<Venue> => {
  const tag = Math.random().toString(36).slice(2, 8);
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  const api = { request: page.request, token, account };
  const space = await call(api, "post", "spaces", { name: `Orangery ${tag}`, timezone: zone, position: 950, banquet: 120 });
  const rate = await call(api, "post", "planning/rates", { name: `Orangery day ${tag}`, unit: "day", amount: "2400", tax_rate: 21, category: "space", space_id: space.id });
  const plan = await call(api, "post", "planning/pricing-plans", { name: `Orangery ${tag}`, pricing_rules: [{ name: "Day hire", rate_id: rate.id, is_default: true }] });
  return { ...api, tag, space: { id: space.id, name: space.name }, planId: plan.id };
};

/** An event holding the space on a 2029 day (Amsterdam summer time: UTC+2) and its first quote, sent. */
const sentQuote = async (venue: Venue, day: string, quote: Record<string, unknown> = {}) => {
  const event = await call(venue, "post", "planning/events", {
    event: { name: `Garden dinner ${venue.tag}`, attendees_count: 80, currency: "EUR", pricing_plan_id: venue.planId },
    allocations: [{ space_id: venue.space.id, start_at: `${day}T16:00:00+02:00`, end_at: `${day}T23:00:00+02:00`, title: `Garden dinner ${venue.tag}` }],
  });
  const created = await call(venue, "post", `planning/events/${event.id}/quotes`, {
    name: "Garden dinner",
    customer_first_name: "Maria",
    customer_last_name: "Jansen",
    customer_email: "maria.jansen@example.test",
    company_name: "Jansen & Co",
    notes: "Dinner is served in the Orangery; the garden is yours from 16:00.",
    overrides: {
      additional_lines: [{ name: "Three-course dinner", unit_price: "65", quantity: 80, tax_rate: 9, category: "catering" }],
      optional_lines: [
        { key: "wine", name: "Wine pairing", unit_price: "28.50", quantity: 80, tax_rate: 21, category: "catering", unit: "person", description: "Three glasses per guest" },
        { key: "dj", name: "DJ until midnight", unit_price: "650", tax_rate: 21, category: "staff" },
      ],
    },
    ...quote,
  });
  const sent = await call(venue, "post", `planning/events/${event.id}/quotes/${created.id}/send_quote`, { delivery_mode: "manual" });
  expect(sent.status).toBe("sent");
  return { event: event as { id: string; allocation_ids: string[] }, quote: sent as { id: number; public_url: string; public_token: string } };
};

/** A browser with no session at all: what the customer has. */
const customerPage = async (browser: Browser, baseURL: string | undefined) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
};

const pathOf = (url: string) => new URL(url, "http://x").pathname;

test("a customer opens the quote without signing in, adds an option, accepts it, and the hold becomes a booking", async ({ page, browser, baseURL }) => {
  const venue = await setUpVenue(page);
  const { event, quote } = await sentQuote(venue, "2029-06-16");
  expect(quote.public_url).toMatch(/\/q\/[\w-]{20,}$/);
  const quotePath = `planning/events/${event.id}/quotes/${quote.id}`;
  expect((await call(venue, "get", quotePath)).viewed_at).toBeNull();

  const customer = await customerPage(browser, baseURL);
  const open = customer.page;
  const response = await open.goto(pathOf(quote.public_url));
  expect(response?.status()).toBe(200);
  await expect(open.getByRole("heading", { level: 1, name: "Garden dinner" })).toBeVisible();
  await expect(open.locator("meta[name=robots]")).toHaveAttribute("content", /noindex/);
  await expect(open.getByText("Jansen & Co")).toBeVisible();
  await expect(open.getByText("Attn. Maria Jansen")).toBeVisible();
  // The hold, in the space's own zone.
  await expect(open.getByText(venue.space.name, { exact: true })).toBeVisible();
  await expect(open.getByText(`Saturday 16 June 2029, 16:00–23:00 (${zone})`)).toBeVisible();
  // Day hire 2,400.00 (21%) + dinner 80 × 65.00 = 5,200.00 (9%); tax 504.00 + 468.00.
  const total = open.getByTestId("quote-total");
  await expect(total).toHaveText("€8,572.00");
  await expect(open.getByText("Tax 21% on €2,400.00")).toBeVisible();
  await expect(open.getByText("Tax 9% on €5,200.00")).toBeVisible();
  const wine = open.getByRole("checkbox", { name: "Wine pairing" });
  await expect(wine).not.toBeChecked();
  await expect(open.getByRole("checkbox", { name: "DJ until midnight" })).not.toBeChecked();
  await screenshot(open, "public-quote");
  await open.setViewportSize({ width: 390, height: 844 });
  await expect(total).toBeVisible();
  const overflow = await open.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "nothing is wider than the phone").toBe(0);
  await screenshot(open, "public-quote-phone");
  await open.setViewportSize({ width: 1280, height: 900 });

  // The first view is recorded.
  expect((await call(venue, "get", quotePath)).viewed_at).not.toBeNull();

  // Wine pairing 80 × 28.50 = 2,280.00 + 21% 478.80: the server prices the choice.
  await wine.check();
  await expect(total).toHaveText("€11,330.80");
  await expect(open.getByText("Tax 21% on €4,680.00")).toBeVisible();
  await expect(open.getByRole("button", { name: "Accept quote" })).toBeEnabled();
  const download = open.getByRole("link", { name: "Download PDF" });
  await expect(download).toHaveAttribute("href", /selection=custom&option=wine$/);
  const chosen = await open.request.get((await download.getAttribute("href"))!);
  expect(chosen.status()).toBe(200);
  expect(chosen.headers()["content-type"]).toBe("application/pdf");

  // A second tab of the same link, still showing the open quote.
  const second = await customer.context.newPage();
  await second.goto(pathOf(quote.public_url));
  await expect(second.getByRole("button", { name: "Accept quote" })).toBeVisible();

  // A name is needed.
  await open.getByLabel("Your full name").fill(" M ");
  await open.getByRole("button", { name: "Accept quote" }).click();
  await expect(open.getByText("Please type your full name.")).toBeVisible();
  await open.getByLabel("Your full name").fill("Maria Jansen");
  await open.getByRole("button", { name: "Accept quote" }).click();
  await expect(open.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  await expect(open.getByText(/^Accepted by Maria Jansen on \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Europe\/Amsterdam\)\.$/)).toBeVisible();
  await expect(total).toHaveText("€11,330.80");
  await expect(open.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await expect(open.getByRole("checkbox")).toHaveCount(0);
  await expect(open.getByText("Optional · selected")).toBeVisible();
  await expect(open.getByText("Optional · not included")).toBeVisible();
  await screenshot(open, "public-quote-accepted");

  // Accepting again from the other tab changes nothing: the first acceptance stands.
  await second.getByLabel("Your full name").fill("Someone Else");
  await second.getByRole("button", { name: "Accept quote" }).click();
  await expect(second.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  await expect(second.getByText(/^Accepted by Maria Jansen on /)).toBeVisible();
  await expect(second.getByTestId("quote-total")).toHaveText("€11,330.80");
  await second.close();

  // Recorded on the quote, with the customer's choice; the hold is now a booking.
  const accepted = await call(venue, "get", quotePath);
  expect(accepted).toMatchObject({ status: "accepted", accepted_by_name: "Maria Jansen", total_incl_tax: 11330.8, selected_optional_keys: ["wine"] });
  const allocation = await call(venue, "get", `planning/allocations/${event.allocation_ids[0]}`);
  expect(allocation.status).toBe("confirmed");

  // Reloading shows the same result; the PDF downloads.
  await open.reload();
  await expect(open.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  const pdf = await open.request.get(`${pathOf(quote.public_url)}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; filename="quote-.+-v1\.pdf"$/);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Unknown links, and quotes not sent yet, are the same plain 404 that names nobody.
  const unknown = await open.goto(`/q/${"x".repeat(32)}`);
  expect(unknown?.status()).toBe(404);
  await expect(open.getByRole("heading", { level: 1, name: "Quote not found" })).toBeVisible();
  await expect(open.locator("body")).not.toContainText("Canal House");
  const draft = await call(venue, "post", `planning/events/${event.id}/quotes`, { name: "Draft version" });
  expect((await open.goto(`/q/${draft.public_token}`))?.status()).toBe(404);
  await expect(open.getByRole("heading", { level: 1, name: "Quote not found" })).toBeVisible();
  await expect(open.locator("body")).not.toContainText("Garden dinner");
  expect((await open.request.get(`/q/${draft.public_token}/pdf`)).status()).toBe(404);
  await screenshot(open, "public-quote-not-found");
  await customer.context.close();
});

test("a replaced quote points to the newest sent version, a taken space is refused clearly, and a customer declines with a reason", async ({ page, browser, baseURL }) => {
  const venue = await setUpVenue(page);
  const { event, quote } = await sentQuote(venue, "2029-06-23");
  const customer = await customerPage(browser, baseURL);
  const open = customer.page;

  // Revised: version 1 is superseded; version 2 is a draft the customer cannot see yet.
  const revised = await call(venue, "post", `planning/events/${event.id}/quotes/${quote.id}/revise`);
  await open.goto(pathOf(quote.public_url));
  await expect(open.getByRole("heading", { name: "Replaced by a newer version" })).toBeVisible();
  await expect(open.getByText(/They will send you the new version/)).toBeVisible();
  await expect(open.getByRole("button", { name: "Accept quote" })).toHaveCount(0);

  // Once version 2 is sent, version 1 links to it.
  await call(venue, "post", `planning/events/${event.id}/quotes/${revised.id}/send_quote`, { delivery_mode: "manual" });
  await open.reload();
  await screenshot(open, "public-quote-superseded");
  await open.getByRole("link", { name: "View the newest version (version 2)" }).click();
  await expect(open).toHaveURL(new RegExp(`/q/${revised.public_token}$`));
  await expect(open.getByRole("button", { name: "Accept quote" })).toBeVisible();

  // Someone books the space outright meanwhile: acceptance is refused in words the customer understands.
  const clash = await call(venue, "post", "planning/allocations", {
    space_id: venue.space.id,
    start_at: "2029-06-23T18:00:00+02:00",
    end_at: "2029-06-23T22:00:00+02:00",
    status: "confirmed",
    title: `Other booking ${venue.tag}`,
  });
  await open.getByLabel("Your full name").fill("Maria Jansen");
  await open.getByRole("button", { name: "Accept quote" }).click();
  await expect(open.getByRole("alert").filter({ hasText: "Sorry" })).toContainText(new RegExp(`^Sorry, ${venue.space.name} is no longer available on Saturday,? 23 June 2029`));
  await expect(open.getByRole("button", { name: "Accept quote" })).toBeVisible();
  await screenshot(open, "public-quote-unavailable");
  expect((await call(venue, "get", `planning/events/${event.id}/quotes/${revised.id}`)).status).toBe("sent");
  expect(clash.status).toBe("confirmed");

  // So the customer declines, with a reason the venue reads.
  await open.getByText("Decline this quote", { exact: true }).click();
  await open.getByRole("button", { name: "Decline quote" }).click();
  await expect(open.getByText("Please tell us why you are declining.")).toBeVisible();
  await open.getByLabel("Reason for declining").fill("We found another date elsewhere.");
  await open.getByRole("button", { name: "Decline quote" }).click();
  await expect(open.getByRole("heading", { name: "Quote declined" })).toBeVisible();
  await expect(open.getByText("We found another date elsewhere.")).toBeVisible();
  await screenshot(open, "public-quote-declined");
  const declined = await call(venue, "get", `planning/events/${event.id}/quotes/${revised.id}`);
  expect(declined).toMatchObject({ status: "rejected", rejection_reason: "We found another date elsewhere." });

  // Withdrawn while the customer has the page open: their acceptance is refused and the page says why.
  const other = await sentQuote(venue, "2029-06-30");
  await open.goto(pathOf(other.quote.public_url));
  await expect(open.getByRole("button", { name: "Accept quote" })).toBeVisible();
  await call(venue, "post", `planning/events/${other.event.id}/quotes/${other.quote.id}/withdraw`);
  await open.getByLabel("Your full name").fill("Maria Jansen");
  await open.getByRole("button", { name: "Accept quote" }).click();
  await expect(open.getByRole("heading", { name: "Quote withdrawn" })).toBeVisible();
  await expect(open.getByText(/has withdrawn this quote, so it can no longer be accepted/)).toBeVisible();
  await expect(open.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  const withdrawn = await call(venue, "get", `planning/events/${other.event.id}/quotes/${other.quote.id}`);
  expect(withdrawn).toMatchObject({ status: "withdrawn", accepted_at: null });
  expect((await call(venue, "get", `planning/allocations/${other.event.allocation_ids[0]}`)).status).toBe("tentative");
  await screenshot(open, "public-quote-withdrawn");
  await customer.context.close();
});
