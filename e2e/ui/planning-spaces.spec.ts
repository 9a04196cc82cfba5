import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

const fillHours = async (page: Page, day: string, open: string, close: string) => {
  await page.getByLabel(`${day} closed`).setChecked(false);
  await page.getByLabel(`${day} opens`).fill(open);
  await page.getByLabel(`${day} closes`).fill(close);
};

test("a planner builds a hall with a room inside, edits it, and cannot delete a space that contains another", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const hall = `Orangery ${suffix}`;
  const room = `Orangery Salon ${suffix}`;
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "planning/spaces", "Spaces");
  const tabs = page.getByRole("navigation", { name: "Planning" });
  await expect(tabs.getByRole("link", { name: "Spaces" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Calendar" })).not.toHaveAttribute("aria-current", "page");

  // A new top-level hall with a Monday–Friday schedule in Amsterdam time and its capacities.
  await page.getByRole("link", { name: "New space" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New space" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(hall);
  await page.getByLabel("Inside").selectOption("");
  await page.getByLabel("Time zone").fill("Europe/Amsterdam");
  await page.getByLabel("Limit bookings to opening hours").check();
  for (const day of weekdays) await fillHours(page, day, "09:00", "17:00");
  for (const day of ["Saturday", "Sunday"]) await page.getByLabel(`${day} closed`).check();
  await page.getByLabel("Theater").fill("120");
  await page.getByLabel("Banquet").fill("80");
  await page.getByLabel("Cocktail").fill("150");
  await page.getByLabel("Square metres").fill("210");
  await page.getByLabel("Competing holds").fill("2");
  await page.getByLabel("Hold expiry (minutes)").fill("4320");
  await screenshot(page, "planning-space-new");
  await page.getByRole("button", { name: "Create space" }).click();

  await expect(page.getByText("Space created.")).toBeVisible();
  const table = page.getByRole("table", { name: "Spaces" });
  const hallRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: hall, exact: true }) });
  await expect(hallRow).toContainText("150 cocktail");
  await expect(hallRow).toContainText("Europe/Amsterdam");
  await expect(hallRow).toContainText("Mon–Fri 09:00–17:00");
  await expect(hallRow).toContainText("Active");

  // Its page: the stored settings, the feed URL, and a parent list without itself.
  await hallRow.getByRole("link", { name: hall, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: hall })).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Amsterdam");
  await expect(page.getByLabel("Friday closes")).toHaveValue("17:00");
  await expect(page.getByLabel("Saturday closed")).toBeChecked();
  await expect(page.getByLabel("Hold expiry (minutes)")).toHaveValue("4320");
  await expect(page.getByLabel("Inside").locator("option", { hasText: hall })).toHaveCount(0);
  const feed = page.getByRole("textbox", { name: "iCalendar feed URL" });
  await expect(feed).toHaveValue(/^https?:\/\/[^/]+\/api\/v1\/accounts\/\d+\/planning\/spaces\/[0-9a-f-]{36}\/calendar\.ics\?token=[\w-]+$/);
  const calendar = await page.request.get(await feed.inputValue());
  expect(calendar.status()).toBe(200);
  expect(await calendar.text()).toContain("BEGIN:VCALENDAR");
  await screenshot(page, "planning-space-edit");

  // Closing before opening on one weekday is refused beside that weekday.
  await page.getByLabel("Wednesday closes").fill("08:00");
  await page.getByLabel("Time zone").fill("Europe/Atlantis");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Wednesday: must be after open")).toBeVisible();
  await expect(page.getByText("Is not a known IANA time zone")).toBeVisible();
  await expect(page.getByLabel("Wednesday closes")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Tuesday closes")).not.toHaveAttribute("aria-invalid", "true");
  await screenshot(page, "planning-space-edit-error");

  await page.getByLabel("Wednesday closes").fill("17:00");
  await page.getByLabel("Time zone").fill("Europe/Amsterdam");
  await page.getByLabel("Friday closes").fill("15:30");
  await page.getByLabel("Theater").fill("130");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Space saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Friday closes")).toHaveValue("15:30");
  await expect(page.getByLabel("Wednesday closes")).toHaveValue("17:00");
  await expect(page.getByLabel("Theater")).toHaveValue("130");

  // A room inside the hall: the form starts with the hall as its container.
  await page.getByRole("link", { name: "Add a space inside" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New space" })).toBeVisible();
  await expect(page.getByLabel("Inside").locator("option:checked")).toHaveText(hall);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(room);
  await page.getByLabel("Boardroom").fill("14");
  await page.getByRole("button", { name: "Create space" }).click();
  await expect(page.getByText("Space created.")).toBeVisible();

  const names = await table.locator("tbody tr td:first-child a").allTextContents();
  expect(names.indexOf(room)).toBe(names.indexOf(hall) + 1);
  const roomRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: room, exact: true }) });
  await expect(roomRow).toContainText(`inside ${hall}`);
  await expect(roomRow).toContainText("14 boardroom");
  await screenshot(page, "planning-spaces");

  // On a phone the list and the editor still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(roomRow.getByRole("link", { name: room, exact: true })).toBeVisible();
  await screenshot(page, "planning-spaces-mobile");
  await hallRow.getByRole("link", { name: hall, exact: true }).click();
  await expect(page.getByLabel("Monday closes")).toBeVisible();
  await screenshot(page, "planning-space-edit-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The hall cannot go while the room is inside it; the dialog says why.
  await expect(page.getByLabel("Inside").locator("option", { hasText: room })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete space" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${hall}”?` });
  await dialog.getByRole("button", { name: "Delete space" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`${hall} contains other spaces: ${room}`);
  await screenshot(page, "planning-space-delete-refused");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The room goes, then the hall.
  await page.goto(page.url().replace(/\/spaces\/.*$/, "/spaces"));
  await table.getByRole("link", { name: room, exact: true }).click();
  await page.getByRole("button", { name: "Delete space" }).click();
  await page.getByRole("dialog", { name: `Delete “${room}”?` }).getByRole("button", { name: "Delete space" }).click();
  await expect(page.getByText("Space deleted.")).toBeVisible();
  await expect(table.getByRole("link", { name: room, exact: true })).toHaveCount(0);
  await table.getByRole("link", { name: hall, exact: true }).click();
  await page.getByRole("button", { name: "Delete space" }).click();
  await page.getByRole("dialog", { name: `Delete “${hall}”?` }).getByRole("button", { name: "Delete space" }).click();
  await expect(page.getByText("Space deleted.")).toBeVisible();
  await expect(table.getByRole("link", { name: hall, exact: true })).toHaveCount(0);
});

test("a member without the planning permission sees spaces read-only", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "planning/spaces", "Spaces");
  await expect(page.getByRole("link", { name: "New space" })).toHaveCount(0);
  const first = page.getByRole("table", { name: "Spaces" }).locator("tbody tr td:first-child a").first();
  const name = await first.textContent();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: name! })).toBeVisible();
  await expect(page.getByText("Only planners can change a space.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete space" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "iCalendar feed URL" })).toHaveValue(/calendar\.ics\?token=/);
  await screenshot(page, "planning-space-readonly");

  await page.goto(page.url().replace(/\/spaces\/.*$/, "/spaces/new"));
  await expect(page.getByRole("heading", { name: "Planners only" })).toBeVisible();
});
