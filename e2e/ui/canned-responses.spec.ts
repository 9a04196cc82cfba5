import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test("an administrator creates a canned response, finds it, and deletes it", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "settings/canned-responses", "Canned responses");
  const table = page.getByRole("table", { name: "Canned responses" });
  await expect(table.getByRole("cell", { name: "greeting", exact: true })).toBeVisible();
  await screenshot(page, "settings-canned-responses");

  await page.getByRole("link", { name: "New canned response" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New canned response" })).toBeVisible();

  // The service's rules come back beside the inputs, and what was typed stays.
  await page.getByLabel("Short code").fill("parking info");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Short code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Can't contain spaces")).toBeVisible();
  await expect(page.getByText("Can't be blank")).toBeVisible();
  await expect(page.getByLabel("Short code")).toHaveValue("parking info");
  await screenshot(page, "settings-canned-response-errors");

  await page.getByLabel("Short code").fill("greeting");
  await page.getByLabel("Content").fill("Parking is free in the garage under the venue.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Has already been taken")).toBeVisible();

  await page.getByLabel("Short code").fill("parking");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/settings\/canned-responses\?notice=created$/);
  await expect(page.getByRole("status").filter({ hasText: "Canned response created." })).toBeVisible();
  await expect(table.getByRole("cell", { name: "parking", exact: true })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search canned responses" }).fill("garage");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=garage/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "parking", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete parking" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “parking”?" });
  await expect(dialog).toBeVisible();
  await screenshot(page, "settings-canned-response-delete");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Canned response deleted." })).toBeVisible();
  await expect(page.getByRole("cell", { name: "parking", exact: true })).toHaveCount(0);
  await expect(table.getByRole("cell", { name: "greeting", exact: true })).toBeVisible();
});

test("an agent sees canned responses without controls to change them", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "settings/canned-responses", "Canned responses");
  const table = page.getByRole("table", { name: "Canned responses" });
  await expect(table.getByRole("cell", { name: "greeting", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /new canned response/i })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /delete/i })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /edit/i })).toHaveCount(0);
  await screenshot(page, "settings-canned-responses-agent");

  await openAccountPage(page, "settings/canned-responses/new", "New canned response");
  await expect(page.getByRole("heading", { name: "Administrators only" })).toBeVisible();
  await expect(page.getByLabel("Short code")).toHaveCount(0);
});
