import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * A failed save never loses input: with the network cut, pressing Save on the event page or a
 * contact keeps the page and everything typed, and says why; once back online the same Save
 * goes through. (Before, the whole page turned into "This page could not be loaded" and the
 * edits were gone.)
 */

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const unreachable = /could not be reached/;

const expectNoErrorBoundary = async (page: Page) => {
  await expect(page.getByText("This page could not be loaded")).toHaveCount(0);
};

for (const viewport of viewports) {
  test(`the event page keeps its edits when the network is cut (${viewport.name})`, async ({ page, context }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const suffix = `${viewport.name}-${Date.now().toString(36)}`;
    const name = `Offline dinner ${suffix}`;
    await signIn(page, ADMIN_EMAIL);
    await openAccountPage(page, "planning/events/new", "New event");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.getByLabel("Attendees").fill("85");
    await page.getByLabel("Notes").fill(`Vegetarian menu, typed offline ${suffix}`);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: unreachable })).toBeVisible();
    await expectNoErrorBoundary(page);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByLabel("Attendees")).toHaveValue("85");
    await expect(page.getByLabel("Notes")).toHaveValue(`Vegetarian menu, typed offline ${suffix}`);
    await screenshot(page, `failed-save-event-${viewport.name}`);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Event saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Attendees")).toHaveValue("85");
    await expect(page.getByLabel("Notes")).toHaveValue(`Vegetarian menu, typed offline ${suffix}`);

    // A refusal from the server keeps the input the same way.
    await page.getByLabel("Currency").fill("XYZ");
    await page.getByLabel("Notes").fill("Kept after a refusal");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Is not a known ISO 4217 currency")).toBeVisible();
    await expect(page.getByLabel("Notes")).toHaveValue("Kept after a refusal");
    await expect(page.getByLabel("Currency")).toHaveValue("XYZ");
  });

  test(`a contact keeps its edits when the network is cut (${viewport.name})`, async ({ page, context }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page, ADMIN_EMAIL);
    await openAccountPage(page, "contacts", "Contacts");
    await page.getByRole("table", { name: "Contacts" }).getByRole("row").nth(1).getByRole("link").first().click();
    const city = page.getByLabel("City");
    await expect(city).toBeVisible();
    const before = await city.inputValue();
    const typed = `Utrecht ${viewport.name} ${Date.now().toString(36)}`;
    await city.fill(typed);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByRole("alert").filter({ hasText: unreachable })).toBeVisible();
    await expectNoErrorBoundary(page);
    await expect(city).toHaveValue(typed);
    await screenshot(page, `failed-save-contact-${viewport.name}`);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByText("Contact saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("City")).toHaveValue(typed);
    // Put the demo contact back as it was.
    await page.getByLabel("City").fill(before);
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByText("Contact saved.")).toBeVisible();
  });
}
