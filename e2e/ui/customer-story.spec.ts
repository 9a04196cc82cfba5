import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * The customer's story in one place: the contact page and the conversation's side panel list
 * her events (dates in the space's zone, spaces), quotes (version, status, total with tax) and
 * bookings; an event started from the conversation comes with her filled in, links back to the
 * conversation, and then shows in its panel. The records are this test's own, made through the
 * API: a Saturday evening in Amsterdam (UTC+2) in 2033, priced 5 h x €200 + 21% = €1,210.00.
 */

type Api = { request: APIRequestContext; token: string; account: string };

const call = async (api: Api, method: "get" | "post", path: string, body?: unknown) => {
  const response = await api.request[method](`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
};

/** Nothing wider than the window: the page never scrolls sideways. */
const expectNoSideScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
};

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const viewport of viewports) {
  test(`the contact page and the conversation panel tell the customer's story; an event starts from the conversation (${viewport.name})`, async ({ page }) => {
    const tag = `${viewport.name}-${Math.random().toString(36).slice(2, 7)}`;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN_EMAIL);
    const account = accountIdOf(page);
    await openAccountPage(page, "profile", "Profile");
    const api: Api = { request: page.request, token: await page.getByLabel("Access token", { exact: true }).inputValue(), account };

    const contactName = `Story Guest ${tag}`;
    const companyName = `Story Company ${tag}`;
    const contact = (
      await call(api, "post", "contacts", { name: contactName, email: `story-${tag}@example.test`, additional_attributes: { company_name: companyName } })
    ).payload.contact;
    await call(api, "post", "companies", { company: { name: companyName } });
    const inboxes = (await call(api, "get", "inboxes")).payload as { id: number }[];
    const conversation = await call(api, "post", "conversations", { inbox_id: inboxes[0]!.id, contact_id: contact.id, message: { content: `Hello from ${tag}` } });

    const spaceName = `Orangery ${tag}`;
    const space = await call(api, "post", "spaces", { space: { name: spaceName, timezone: "Europe/Amsterdam" } });
    const rate = await call(api, "post", "planning/rates", { rate: { name: `Evening ${tag}`, unit: "hour", amount: "200", tax_rate: 21, space_id: space.id } });
    const plan = await call(api, "post", "planning/pricing-plans", {
      pricing_plan: { name: `Orangery ${tag}`, pricing_rules: [{ name: "Hourly", rate_id: rate.id, is_default: true }] },
    });
    const eventName = `Garden wedding ${tag}`;
    const event = await call(api, "post", "planning/events", {
      event: { name: eventName, contact_id: contact.id, status: "tentative", currency: "EUR", pricing_plan_id: plan.id },
      allocations: [{ space_id: space.id, start_at: "2033-06-18T18:00:00+02:00", end_at: "2033-06-18T23:00:00+02:00", status: "confirmed" }],
    });
    await call(api, "post", `planning/events/${event.id}/quotes`, { name: "Wedding" });

    // The contact page: events, quotes and bookings.
    await page.goto(`/app/accounts/${account}/contacts/${contact.id}`);
    await expect(page.getByRole("heading", { level: 1, name: contactName })).toBeVisible();
    const events = page.getByRole("list", { name: "Events" });
    const listed = events.getByRole("listitem").filter({ has: page.getByRole("link", { name: eventName }) });
    await expect(listed).toContainText("Tentative");
    await expect(listed).toContainText("Sat, 18 Jun 2033, 18:00–23:00");
    await expect(listed).toContainText("(Europe/Amsterdam)");
    await expect(listed).toContainText(spaceName);
    await expect(listed.getByRole("link", { name: eventName })).toHaveAttribute("href", `/app/accounts/${account}/planning/events/${event.id}`);
    const quote = page.getByRole("list", { name: "Quotes" }).getByRole("listitem").filter({ hasText: eventName });
    await expect(quote).toContainText("v1");
    await expect(quote).toContainText("Draft");
    await expect(quote).toContainText("€1,210.00");
    await expect(page.getByRole("list", { name: "Bookings" }).getByRole("listitem").filter({ hasText: eventName })).toContainText(spaceName);
    await expect(page.getByRole("link", { name: "New event" })).toHaveAttribute("href", `/app/accounts/${account}/planning/events/new?contact=${contact.id}`);
    await expectNoSideScroll(page);
    await screenshot(page, `story-contact-${viewport.name}`);

    // The conversation's side panel tells the same story (on a phone it opens from the header).
    await page.goto(`/app/accounts/${account}/conversations/${conversation.id}`);
    await expect(page.getByRole("heading", { level: 2, name: contactName })).toBeVisible();
    if (viewport.name === "phone") await page.getByRole("button", { name: "Contact", exact: true }).click();
    const panel = page.getByRole("complementary", { name: "Contact details" });
    const panelEvents = panel.getByRole("list", { name: "Events" });
    await expect(panelEvents.getByRole("listitem").filter({ hasText: eventName })).toContainText("Sat, 18 Jun 2033, 18:00–23:00");
    await expect(panel.getByRole("list", { name: "Quotes" }).getByRole("listitem").filter({ hasText: eventName })).toContainText("€1,210.00");
    await expect(panel.getByRole("list", { name: "Bookings" })).toContainText(spaceName);
    await expectNoSideScroll(page);
    await screenshot(page, `story-panel-${viewport.name}`);

    // "New event" from the conversation: the contact and her company are filled in.
    await panel.getByRole("link", { name: "New event" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Contact" })).toHaveValue(contactName);
    await expect(page.getByRole("combobox", { name: "Company" })).toHaveValue(companyName);
    await expect(page.getByText(`Started from conversation #${conversation.id}`)).toBeVisible();
    const newName = `Rehearsal dinner ${tag}`;
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(newName);
    await expectNoSideScroll(page);
    await screenshot(page, `story-event-new-${viewport.name}`);
    await page.getByRole("button", { name: "Create event" }).click();

    // The event links back to the conversation…
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expect(page.getByText("Event created.")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Contact" })).toHaveValue(contactName);
    const back = page.getByRole("link", { name: `Started from conversation #${conversation.id}` });
    await expect(back).toHaveAttribute("href", `/app/accounts/${account}/conversations/${conversation.id}`);
    await expectNoSideScroll(page);
    await screenshot(page, `story-event-${viewport.name}`);

    // …and the conversation's panel lists it, marked as started there.
    await back.click();
    await expect(page.getByRole("heading", { level: 2, name: contactName })).toBeVisible();
    if (viewport.name === "phone") await page.getByRole("button", { name: "Contact", exact: true }).click();
    const started = panel.getByRole("list", { name: "Events" }).getByRole("listitem").filter({ hasText: newName });
    await expect(started).toContainText("Started here");
    await expect(started).toContainText("Lead");
    await expect(started).toContainText("No dates yet");
    await expectNoSideScroll(page);
    await screenshot(page, `story-panel-started-${viewport.name}`);

    // The contact page names the conversation the new event came from.
    await page.goto(`/app/accounts/${account}/contacts/${contact.id}`);
    await expect(events.getByRole("listitem").filter({ hasText: newName })).toContainText(`Started from conversation #${conversation.id}`);
  });
}
