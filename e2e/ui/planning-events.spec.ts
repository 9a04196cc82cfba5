import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test("a planner creates an event, finds it in the list, and changes its status", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const name = `Harbour gala ${suffix}`;
  const company = `Harbour Foundation ${suffix}`;
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "planning/events", "Events");
  await expect(page.getByRole("navigation", { name: "Planning" }).getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
  await screenshot(page, "planning-events");

  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByLabel("Status").selectOption("tentative");
  await page.getByLabel("Attendees").fill("140");
  await page.getByLabel("Currency").fill("gbp");

  // The contact comes from the account's contacts; the company is made on the spot.
  await page.getByRole("combobox", { name: "Contact" }).click();
  const contacts = page.getByRole("listbox", { name: "Contact" });
  await expect(contacts.getByRole("option").first()).toBeVisible();
  const contact = (await contacts.getByRole("option").first().locator("span").first().textContent())!;
  await contacts.getByRole("option").first().click();
  await expect(page.getByRole("combobox", { name: "Contact" })).toHaveValue(contact);

  await page.getByRole("combobox", { name: "Company" }).fill(company);
  await page.getByRole("listbox", { name: "Company" }).getByRole("option", { name: `Create company “${company}”` }).click();
  await expect(page.getByRole("combobox", { name: "Company" })).toHaveValue(company);
  await page.getByLabel("Notes").fill("Seated dinner, then dancing.");
  await screenshot(page, "planning-event-new");
  await page.getByRole("button", { name: "Create event" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Event created.")).toBeVisible();
  await expect(page.getByText("No spaces are booked or held for this event yet.")).toBeVisible();
  await expect(page.getByLabel("Currency")).toHaveValue("GBP");
  await expect(page.getByRole("combobox", { name: "Company" })).toHaveValue(company);

  // Listed with its status, guests and people; the search and the status filter find it.
  await page.getByRole("link", { name: "Events", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search events" }).fill(suffix);
  await page.getByRole("button", { name: "Filter" }).click();
  const table = page.getByRole("table", { name: "Events" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row).toContainText("Tentative");
  await expect(row).toContainText("140");
  await expect(row).toContainText(contact);
  await expect(row).toContainText(company);
  await expect(row).toContainText("No bookings");
  await page.getByLabel("Status").selectOption("definite");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "No events match" })).toBeVisible();

  // The status changes on its page.
  await page.getByLabel("Status").selectOption("tentative");
  await page.getByRole("button", { name: "Filter" }).click();
  await table.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Status").selectOption("definite");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Event saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("definite");
  await expect(page.locator("main header")).toContainText("Definite");
  await expect(page.getByRole("combobox", { name: "Contact" })).toHaveValue(contact);
  await screenshot(page, "planning-event");

  // A refused value is named beside its field.
  await page.getByLabel("Currency").fill("XYZ");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Is not a known ISO 4217 currency")).toBeVisible();

  await page.getByRole("button", { name: "Delete event" }).click();
  await page.getByRole("dialog", { name: `Delete “${name}”?` }).getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByText("Event deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});

test("an event's allocations show in their space's time and link to the calendar on their day", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "planning/events", "Events");
  // The demo venue's events have bookings over the next weeks.
  const booked = page.getByRole("table", { name: "Events" }).locator("tbody tr").filter({ hasNotText: "No bookings" }).first();
  await expect(booked).toContainText("Europe/Amsterdam");
  await booked.getByRole("link").first().click();
  const allocations = page.getByRole("list", { name: "Allocations" });
  await expect(allocations.getByRole("listitem").first()).toContainText("(Europe/Amsterdam)");
  const link = allocations.getByRole("link").first();
  await expect(link).toHaveAttribute("href", /\/planning\?date=\d{4}-\d{2}-\d{2}$/);
  await screenshot(page, "planning-event-allocations");
  // "Open the calendar" opens the event's first day, in day view, not today.
  const firstDay = (/date=(\d{4}-\d{2}-\d{2})/.exec((await link.getAttribute("href"))!) ?? [])[1]!;
  await page.getByRole("link", { name: "Open the calendar on the event's first day" }).click();
  await expect(page).toHaveURL(new RegExp(`/planning\\?date=${firstDay}&view=day$`));
  await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
});

test("a member without the planning permission sees events read-only", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "planning/events", "Events");
  await expect(page.getByRole("link", { name: "New event" })).toHaveCount(0);
  await page.getByRole("table", { name: "Events" }).locator("tbody tr a").first().click();
  await expect(page.getByText("Only planners can change an event.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete event" })).toHaveCount(0);
  await screenshot(page, "planning-event-readonly");
});
