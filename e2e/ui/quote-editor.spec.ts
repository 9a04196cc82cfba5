import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * The quote editor on the event page. The venue side is set up through the API with the demo
 * admin's token, so no other test's (or the demo's) prices matter: a space of this test's own,
 * an hourly rate (21% tax) and a plan with two bundles that the event names, a 10% discount
 * code, and an event holding the space for six hours on a March 2031 evening (Amsterdam: UTC+1).
 */

const zone = "Europe/Amsterdam";

type Api = { request: APIRequestContext; token: string; account: string };

const call = async (api: Api, method: "get" | "post" | "delete", path: string, body?: unknown) => {
  const response = await api.request[method](`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBeLessThan(300);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
};

const setUp = async (page: Page) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  const api = { request: page.request, token, account };
  const space = await call(api, "post", "spaces", { name: `Boathouse ${tag}`, timezone: zone, position: 960, banquet: 100 });
  const rate = await call(api, "post", "planning/rates", { name: "Evening hire", unit: "hour", amount: "150", tax_rate: 21, category: "space", space_id: space.id });
  const plan = await call(api, "post", "planning/pricing-plans", {
    name: `Boathouse ${tag}`,
    pricing_rules: [{ name: "Hourly", rate_id: rate.id, is_default: true }],
    bundles: [
      { name: "AV package", unit: "fixed", amount: "450", tax_rate: 21, category: "equipment", description: "Projector, screen and two microphones" },
      { name: "Welcome drinks", unit: "person", amount: "12.50", tax_rate: 21, category: "catering", description: null },
    ],
  });
  const code = `SAVE10${tag.toUpperCase()}`;
  await call(api, "post", "planning/discount-codes", { name: "Ten percent off", code, discount_type: "percentage", value: 10 });
  const name = `Rowing club dinner ${tag}`;
  const event = await call(api, "post", "planning/events", {
    event: { name, attendees_count: 80, currency: "EUR", pricing_plan_id: plan.id },
    allocations: [{ space_id: space.id, start_at: "2031-03-12T16:00:00+01:00", end_at: "2031-03-12T22:00:00+01:00", title: name }],
  });
  return { api, tag, space, code, event: event as { id: string; name: string; allocation_ids: string[] } };
};

test("a planner prices, adjusts, discounts, sends, shares and revises a quote, and accepts it for the customer", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { api, space, code, event } = await setUp(page);
  await page.goto(`/app/accounts/${api.account}/planning/events/${event.id}`);
  await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();

  const quotes = page.locator("#quotes");
  await expect(quotes.getByRole("heading", { name: "No quotes yet" })).toBeVisible();
  await quotes.getByRole("button", { name: "Create quote" }).click();

  // Version 1: one line generated from the hold — 6 hours × €150.00 at 21%.
  const versions = quotes.getByRole("table", { name: "Quote versions" });
  await expect(versions.getByRole("row", { name: /Version 1/ })).toContainText("Draft");
  const lines = quotes.getByRole("table", { name: "Lines of version 1" });
  const spaceLine = lines.getByRole("row").filter({ hasText: space.name });
  await expect(spaceLine).toContainText("6 hours");
  await expect(spaceLine).toContainText("€900.00");
  await expect(spaceLine).toContainText("From the booking");
  const total = quotes.getByTestId("quote-total");
  await expect(total).toHaveText("€1,089.00");

  // The generated line: five hours instead of six.
  await spaceLine.getByRole("button", { name: /^Edit / }).click();
  const lineForm = quotes.getByRole("form", { name: /^Edit Boathouse/ });
  await lineForm.getByLabel("Quantity").fill("5");
  await lineForm.getByRole("button", { name: "Save line" }).click();
  await expect(total).toHaveText("€907.50");
  await expect(spaceLine).toContainText("From the booking · adjusted");

  // A refused value is named beside its input, and nothing changes.
  await quotes.getByRole("button", { name: "Add line", exact: true }).click();
  const addLine = quotes.getByRole("region", { name: "Add a line" });
  await addLine.getByLabel("Name").fill("Flowers");
  await addLine.getByLabel("Unit price").fill("-5");
  await addLine.getByRole("button", { name: "Add line" }).click();
  await expect(addLine.getByText("Must not be negative")).toBeVisible();
  await expect(total).toHaveText("€907.50");

  // An added line at 9%.
  await addLine.getByLabel("Unit price").fill("250");
  await addLine.getByLabel("Tax %").fill("9");
  await addLine.getByRole("button", { name: "Add line" }).click();
  await expect(addLine).toHaveCount(0);
  await expect(lines.getByRole("row").filter({ hasText: "Flowers" })).toContainText("Added");
  await expect(total).toHaveText("€1,180.00");

  // An optional line counts only once selected.
  await quotes.getByRole("button", { name: "Add optional line" }).click();
  const addOption = quotes.getByRole("region", { name: "Add an optional line" });
  await addOption.getByLabel("Name").fill("Late-night snacks");
  await addOption.getByLabel("Quantity").fill("80");
  await addOption.getByLabel("Unit price").fill("7.50");
  await addOption.getByLabel("Tax %").fill("9");
  await addOption.getByLabel("Category").selectOption("catering");
  await addOption.getByRole("button", { name: "Add optional line" }).click();
  const snacks = quotes.getByRole("checkbox", { name: "Selected: Late-night snacks" });
  await expect(snacks).not.toBeChecked();
  await expect(total).toHaveText("€1,180.00");
  await snacks.check();
  await expect(snacks).toBeChecked();
  await expect(total).toHaveText("€1,834.00");

  // A bundle from the plan: the AV package, once.
  await quotes.getByRole("button", { name: "Add bundle" }).click();
  const addBundle = quotes.getByRole("region", { name: "Add a bundle" });
  await expect(addBundle.getByLabel("Bundle")).toContainText("AV package — €450.00");
  await addBundle.getByLabel("Bundle").selectOption({ label: `Welcome drinks — €12.50 / person (${space.name})` });
  await expect(addBundle.getByLabel("People")).toHaveValue("80");
  await addBundle.getByLabel("Bundle").selectOption({ index: 0 });
  await expect(addBundle.getByLabel("Quantity")).toHaveValue("1");
  await addBundle.getByRole("button", { name: "Add bundle" }).click();
  await expect(lines.getByRole("row").filter({ hasText: "AV package" })).toContainText("€450.00");
  await expect(total).toHaveText("€2,378.50");

  // 10% off everything counted: 2,050.00 − 205.00; tax on the discounted amounts.
  await quotes.getByLabel("Discount code").selectOption({ label: `${code} — Ten percent off (10%)` });
  await quotes.getByRole("button", { name: "Apply code" }).click();
  await expect(total).toHaveText("€2,140.65");
  await expect(quotes.getByTestId("quote-subtotal")).toHaveText("€2,050.00");
  await expect(quotes.getByRole("list", { name: "Applied discount codes" })).toContainText("-€205.00");
  await expect(quotes.getByText("Tax 21% on €1,080.00")).toBeVisible();
  await expect(quotes.getByText("Tax 9% on €765.00")).toBeVisible();

  // Left out and put back: the adjusted quantity stays.
  await spaceLine.getByRole("button", { name: /^Leave out / }).click();
  await expect(quotes.getByText("Left out of this version")).toBeVisible();
  await expect(total).not.toHaveText("€2,140.65");
  await quotes.getByRole("button", { name: /^Include Boathouse/ }).click();
  await expect(quotes.getByText("Left out of this version")).toHaveCount(0);
  await expect(total).toHaveText("€2,140.65");
  await quotes.scrollIntoViewIfNeeded();
  await screenshot(page, "quote-editor");

  // On a phone the page does not scroll sideways (a wide table scrolls inside its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(total).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "nothing is wider than the phone").toBe(0);
  await lines.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/quote-editor-phone.png" });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Terms: a PO number, saved with the draft.
  await quotes.getByRole("button", { name: "Edit customer and terms" }).click();
  const terms = quotes.getByRole("form", { name: "Customer and terms" });
  await terms.getByLabel("PO number").fill("PO-4471");
  await terms.getByLabel("Customer email").fill("not an email");
  await terms.getByRole("button", { name: "Save details" }).click();
  await expect(terms.getByLabel("Customer email")).toHaveAttribute("aria-invalid", "true");
  await terms.getByLabel("Customer email").fill("");
  await terms.getByRole("button", { name: "Save details" }).click();
  await expect(terms).toHaveCount(0);
  await expect(quotes.getByText("PO-4471")).toBeVisible();
  await expect(total).toHaveText("€2,140.65");

  // Preview opens the document in a new tab, with the signed-in session.
  const [preview] = await Promise.all([page.waitForEvent("popup"), quotes.getByRole("link", { name: /^Preview/ }).click()]);
  await preview.waitForLoadState();
  await expect(preview.locator("body")).toContainText("Late-night snacks");
  await expect(preview.locator("body")).toContainText("€2,140.65");
  await preview.close();
  const pdf = await page.request.get(await quotes.getByRole("link", { name: "PDF" }).getAttribute("href").then((href) => href!));
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Send: no mail server in the test, so it goes to the outbox; the event has no contact, so the dialog asks for an email.
  await quotes.getByRole("button", { name: "Send quote" }).click();
  const send = page.getByRole("dialog", { name: "Send version 1" });
  await expect(send).toContainText("No mail server is configured");
  await send.getByLabel("Customer email").fill("lena.visser@example.test");
  await send.getByLabel("Message").fill("Dear Lena,\n\nHere is our quote for the club dinner.");
  await screenshot(page, "quote-editor-send");
  await send.getByRole("button", { name: "Send quote" }).click();
  await expect(send).toBeHidden();
  await expect(quotes.getByText("No mail server is configured: the email is kept in the outbox.")).toBeVisible();
  await expect(versions.getByRole("row", { name: /Version 1/ })).toContainText("Sent");
  await expect(quotes.getByRole("button", { name: "Add line", exact: true })).toHaveCount(0);

  // The public link copies, and opens the customer's page.
  const link = quotes.getByRole("textbox", { name: "Public link" });
  await expect(link).toHaveValue(/\/q\/[\w-]{20,}$/);
  await quotes.getByRole("button", { name: "Copy Public link" }).click();
  await expect(quotes.getByRole("button", { name: "Copy Public link" })).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());
  expect((await page.request.get(new URL(copied).pathname)).status()).toBe(200);

  // The outbox shows the email, its message, and links back to the quote.
  await page.getByRole("navigation", { name: "Planning" }).getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const row = page.getByRole("table", { name: "Outbox" }).getByRole("row").filter({ hasText: event.name });
  await expect(row).toContainText("lena.visser@example.test");
  await expect(row).toContainText(`Your quote for ${event.name}`);
  await expect(row).toContainText("In outbox");
  await row.getByText(`Your quote for ${event.name}`).click();
  await expect(row.locator("pre")).toContainText("Here is our quote for the club dinner.");
  await expect(row.locator("pre")).toContainText(copied);
  await screenshot(page, "quote-outbox");
  await row.getByRole("link", { name: new RegExp(event.name) }).click();
  await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();
  await expect(quotes.getByRole("heading", { name: /Version 1/ })).toContainText("Sent");

  // Revise: version 2 is a draft copied from it, version 1 is superseded.
  await quotes.getByRole("button", { name: "Revise" }).click();
  await page.getByRole("dialog", { name: "Revise version 1?" }).getByRole("button", { name: "Create new version" }).click();
  await expect(quotes.getByRole("heading", { name: /Version 2/ })).toContainText("Draft");
  await expect(versions.getByRole("row", { name: /Version 2/ })).toContainText("Draft");
  await expect(versions.getByRole("row", { name: /Version 1/ })).toContainText("Superseded");
  await expect(total).toHaveText("€2,140.65");
  await expect(quotes.getByRole("checkbox", { name: "Selected: Late-night snacks" })).toBeChecked();

  // Someone books the space outright: accepting for the customer is refused with the reason, and nothing changes.
  const clash = await call(api, "post", "planning/allocations", {
    space_id: space.id,
    start_at: "2031-03-12T20:00:00+01:00",
    end_at: "2031-03-12T23:00:00+01:00",
    status: "confirmed",
    title: "Other booking",
  });
  await quotes.getByRole("button", { name: "Accept for the customer" }).click();
  const accept = page.getByRole("dialog", { name: "Accept version 2 for the customer?" });
  await accept.getByLabel("Note (optional)").fill("Confirmed by phone with Lena.");
  await accept.getByRole("button", { name: "Accept quote" }).click();
  await expect(accept.getByRole("alert")).toContainText("Can’t accept:");
  await expect(versions.getByRole("row", { name: /Version 2/ })).toContainText("Draft");

  // Once that booking goes, the acceptance goes through and the hold becomes a booking.
  await call(api, "delete", `planning/allocations/${clash.id}`);
  await accept.getByRole("button", { name: "Accept quote" }).click();
  await expect(accept).toBeHidden();
  await expect(versions.getByRole("row", { name: /Version 2/ })).toContainText("Accepted");
  await expect(quotes.getByText("Acceptance note: Confirmed by phone with Lena.")).toBeVisible();
  await expect(page.locator("main header")).toContainText("Definite");
  await expect(page.getByLabel("Status")).toHaveValue("definite");
  expect((await call(api, "get", `planning/allocations/${event.allocation_ids[0]}`)).status).toBe("confirmed");
  await expect(quotes.getByRole("button", { name: "Revise" })).toBeVisible();
  await expect(quotes.getByRole("button", { name: "Accept for the customer" })).toHaveCount(0);
  await screenshot(page, "quote-editor-accepted");
});

test("a member without the quote permission sees the versions read-only and no outbox", async ({ page }) => {
  const { api, event, tag } = await setUp(page);
  // A second space the plan has no rate for: its hold gets no line, and the quote says so.
  const annex = await call(api, "post", "spaces", { name: `Annex ${tag}`, timezone: zone, position: 961, banquet: 20 });
  await call(api, "post", "planning/allocations", {
    space_id: annex.id,
    event_id: event.id,
    start_at: "2031-03-12T15:00:00+01:00",
    end_at: "2031-03-12T16:00:00+01:00",
    title: "Welcome",
  });
  const quote = await call(api, "post", `planning/events/${event.id}/quotes`, {
    customer_email: "lena.visser@example.test",
    overrides: { optional_lines: [{ key: "snacks", name: "Late-night snacks", unit_price: "7.50", quantity: 80, tax_rate: 9, category: "catering" }] },
  });
  await call(api, "post", `planning/events/${event.id}/quotes/${quote.id}/send_quote`, { delivery_mode: "manual" });

  await page.context().clearCookies();
  await signIn(page, AGENT_EMAIL);
  await page.goto(`/app/accounts/${api.account}/planning/events/${event.id}`);
  const quotes = page.locator("#quotes");
  await expect(quotes.getByRole("table", { name: "Quote versions" }).getByRole("row", { name: /Version 1/ })).toContainText("Sent");
  await expect(quotes.getByTestId("quote-total")).toHaveText("€1,089.00");
  const warning = quotes.getByRole("status").filter({ hasText: "No rate in plan" });
  await expect(warning).toContainText(`Annex ${tag}`);
  await expect(warning.getByRole("link", { name: "pricing settings" })).toHaveAttribute("href", `/app/accounts/${api.account}/settings/pricing`);
  await quotes.scrollIntoViewIfNeeded();
  await screenshot(page, "quote-editor-readonly");
  await expect(quotes.getByRole("link", { name: /^Preview/ })).toBeVisible();
  await expect(quotes.getByRole("textbox", { name: "Public link" })).toHaveValue(/\/q\//);
  await expect(quotes.getByRole("checkbox", { name: "Selected: Late-night snacks" })).toBeDisabled();
  for (const name of ["Resend", "Revise", "Withdraw", "Archive", "Accept for the customer", "Mark rejected", "Add line"]) {
    await expect(quotes.getByRole("button", { name, exact: true })).toHaveCount(0);
  }
  await expect(quotes.getByRole("button", { name: /^(Edit|Leave out) / })).toHaveCount(0);
  // The preview is open to every member, as through the API.
  const preview = await page.request.get((await quotes.getByRole("link", { name: /^Preview/ }).getAttribute("href"))!);
  expect(preview.status()).toBe(200);
  expect(await preview.text()).toContain("Late-night snacks");

  await page.goto(`/app/accounts/${api.account}/planning/outbox`);
  await expect(page.getByRole("heading", { name: "Only planners can see the outbox" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Outbox" })).toHaveCount(0);
});
