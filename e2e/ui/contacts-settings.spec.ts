import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

test("an administrator creates an API inbox and sees the identifier Client API callers use", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "settings", "Settings");
  await page.getByRole("main").getByRole("link", { name: /^Inboxes/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inboxes" })).toBeVisible();
  const table = page.getByRole("table", { name: "Inboxes" });
  await expect(table.getByRole("row", { name: /Website enquiries/ }).getByText("API", { exact: true })).toBeVisible();
  await expect(table.getByRole("row", { name: /Website chat/ }).getByText("Website", { exact: true })).toBeVisible();
  await screenshot(page, "settings-inboxes");

  await page.getByRole("link", { name: "New inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New inbox" })).toBeVisible();
  await page.getByRole("radio", { name: /Website/ }).check();
  await expect(page.getByLabel("Website URL")).toBeVisible();
  await expect(page.getByLabel("Widget colour")).toHaveValue("#1f93ff");
  await screenshot(page, "settings-inbox-new-website");

  await page.getByRole("radio", { name: /API/ }).check();
  await expect(page.getByLabel("Website URL")).toHaveCount(0);
  await page.getByRole("button", { name: "Create inbox" }).click();
  await expect(page.getByLabel("Inbox name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Can't be blank")).toBeVisible();
  await screenshot(page, "settings-inbox-new-errors");

  await page.getByLabel("Inbox name").fill("Partner bookings");
  await page.getByLabel("Webhook URL").fill("https://partners.example.com/venuedesk");
  await page.getByLabel("Require verified identities (HMAC)").check();
  await page.getByRole("button", { name: "Create inbox" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Partner bookings" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Inbox created." })).toBeVisible();
  const identifier = await page.getByLabel("Inbox identifier", { exact: true }).inputValue();
  expect(identifier).toMatch(/^[\w-]{20,}$/);
  await expect(page.getByRole("button", { name: "Copy Inbox identifier" })).toBeVisible();
  await expect(page.getByLabel("HMAC token", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("Webhook URL")).toHaveValue("https://partners.example.com/venuedesk");
  await expect(page.getByLabel("Require verified identities (HMAC)")).toBeChecked();
  await screenshot(page, "settings-inbox");

  // The identifier shown is the one the Client API answers to.
  const response = await page.request.get(`/public/api/v1/inboxes/${identifier}`);
  expect(response.ok()).toBe(true);

  await page.getByLabel("Greeting message").fill("Thanks for your booking request! A planner will reply shortly.");
  await page.getByLabel("Send a greeting").check();
  await page.getByLabel("Time zone").selectOption("Europe/Amsterdam");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Inbox saved.")).toBeVisible();

  await page.getByRole("group", { name: "Agents of Partner bookings" }).getByLabel(/Sam Rivera/).check();
  await page.getByRole("button", { name: "Save members" }).click();
  await expect(page.getByText("Members saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Amsterdam");
  await expect(page.getByLabel("Send a greeting")).toBeChecked();
  await expect(page.getByLabel(/Sam Rivera/)).toBeChecked();
  await expect(page.getByLabel(/Alex Morgan/)).not.toBeChecked();

  await page.getByRole("button", { name: "Delete inbox" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Partner bookings”?" });
  await expect(dialog).toBeVisible();
  await screenshot(page, "settings-inbox-delete");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("an administrator creates a label and a team", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "settings/labels", "Labels");
  const labels = page.getByRole("table", { name: "Labels" });
  await expect(labels.getByRole("row", { name: /wedding/ })).toBeVisible();
  await screenshot(page, "settings-labels");

  await page.getByRole("link", { name: "New label" }).click();
  await page.getByLabel("Title").fill("late booking");
  await page.getByRole("button", { name: "Create label" }).click();
  await expect(page.getByText("May only contain letters, digits, _ and -")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("late booking");
  await screenshot(page, "settings-label-errors");

  await page.getByLabel("Title").fill("Late-Booking");
  await page.getByLabel("Colour").fill("#16a34a");
  await page.getByLabel("Description").fill("Booked less than two weeks ahead.");
  await page.getByLabel("Show on the sidebar").uncheck();
  await page.getByRole("button", { name: "Create label" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Label created." })).toBeVisible();
  const row = labels.getByRole("row", { name: /late-booking/ });
  await expect(row.getByText("#16a34a")).toBeVisible();
  await expect(row.getByText("Hidden")).toBeVisible();
  await expect(row.getByText("Booked less than two weeks ahead.")).toBeVisible();

  await page.getByRole("link", { name: "Edit late-booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit “late-booking”" })).toBeVisible();
  await expect(page.getByLabel("Colour")).toHaveValue("#16a34a");
  await screenshot(page, "settings-label-edit");
  await page.getByLabel("Show on the sidebar").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Label updated." })).toBeVisible();
  await expect(row.getByText("Shown")).toBeVisible();

  await openAccountPage(page, "settings/teams", "Teams");
  await screenshot(page, "settings-teams");
  await page.getByRole("link", { name: "New team" }).click();
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByText("Can't be blank")).toBeVisible();
  await page.getByLabel("Team name").fill("Events team");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByText("Has already been taken")).toBeVisible();

  await page.getByLabel("Team name").fill("Catering");
  await page.getByLabel("Description").fill("Menus, tastings and dietary requests.");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "catering" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Team created." })).toBeVisible();
  await page.getByRole("group", { name: "Agents of catering" }).getByLabel(/Sam Rivera/).check();
  await page.getByRole("button", { name: "Save members" }).click();
  await expect(page.getByText("Members saved.")).toBeVisible();
  await screenshot(page, "settings-team");

  await page.getByRole("link", { name: "Teams" }).first().click();
  const teams = page.getByRole("table", { name: "Teams" });
  await expect(teams.getByRole("row", { name: /catering/ }).getByText("Menus, tastings and dietary requests.")).toBeVisible();
  await page.getByRole("button", { name: "Delete catering" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete team" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Team deleted." })).toBeVisible();
  await expect(teams.getByRole("row", { name: /catering/ })).toHaveCount(0);
});

test("an administrator finds a contact, corrects its phone number and labels it", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  const table = page.getByRole("table", { name: "Contacts" });
  // 15 a page, plus the header row.
  await expect(table.getByRole("row")).toHaveCount(16);
  await screenshot(page, "contacts");

  await page.getByRole("link", { name: "Name: sort ascending" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(table.getByRole("row").nth(1)).toContainText("Anna Bos");
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(page.getByRole("navigation", { name: "Pagination" }).getByText("2", { exact: true })).toHaveAttribute("aria-current", "page");
  await screenshot(page, "contacts-page-2");

  await page.getByRole("searchbox", { name: "Search contacts" }).fill("lotte");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=lotte/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("nobody-by-this-name");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No contacts match “nobody-by-this-name”" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("lotte");
  await page.getByRole("button", { name: "Search" }).click();
  await table.getByRole("link", { name: "Lotte de Graaf" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Lotte de Graaf" })).toBeVisible();
  const conversations = page.getByRole("list", { name: "Conversations" });
  await expect(conversations.getByRole("link").first()).toHaveAttribute("href", /\/app\/accounts\/\d+\/conversations\/\d+$/);
  await screenshot(page, "contact");

  await page.getByLabel("Phone number").fill("0612345678");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Should be in e164 format")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("0612345678");
  await screenshot(page, "contact-errors");

  await page.getByLabel("Phone number").fill("+31687654321");
  await page.getByRole("button", { name: "Save contact" }).click();
  await expect(page.getByText("Contact saved.")).toBeVisible();
  await expect(page.getByLabel("Phone number")).not.toHaveAttribute("aria-invalid", "true");

  await page.getByRole("checkbox", { name: "vip" }).check();
  await page.getByRole("button", { name: "Save labels" }).click();
  await expect(page.getByText("Labels saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Phone number")).toHaveValue("+31687654321");
  await expect(page.getByRole("checkbox", { name: "vip" })).toBeChecked();

  await page.getByRole("button", { name: "Delete contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Lotte de Graaf?" });
  await expect(dialog).toBeVisible();
  await screenshot(page, "contact-delete");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("link", { name: "Contacts" }).first().click();
  await page.getByRole("searchbox", { name: "Search contacts" }).fill("+31687654321");
  await page.getByRole("button", { name: "Search" }).click();
  const row = table.getByRole("row", { name: /Lotte de Graaf/ });
  await expect(row.getByRole("list", { name: "Labels" }).getByText("vip")).toBeVisible();
});

test("an agent sees inboxes, teams and labels without controls to change them", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "settings", "Settings");
  await page.getByRole("main").getByRole("link", { name: /^Inboxes/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inboxes" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Inboxes" }).getByRole("link", { name: "Website enquiries" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New inbox" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /delete/i })).toHaveCount(0);
  await screenshot(page, "settings-inboxes-agent");

  await page.getByRole("link", { name: "Website enquiries" }).click();
  await expect(page.getByLabel("Inbox identifier", { exact: true })).not.toHaveValue("");
  await expect(page.getByLabel("HMAC token", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await screenshot(page, "settings-inbox-agent");

  await openAccountPage(page, "settings/inboxes/new", "New inbox");
  await expect(page.getByRole("heading", { name: "Administrators only" })).toBeVisible();

  await openAccountPage(page, "settings/labels", "Labels");
  await expect(page.getByRole("link", { name: "New label" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /edit/i })).toHaveCount(0);
  await openAccountPage(page, "settings/teams", "Teams");
  await expect(page.getByRole("link", { name: "New team" })).toHaveCount(0);
  await screenshot(page, "settings-teams-agent");

  await openAccountPage(page, "contacts", "Contacts");
  await page.getByRole("table", { name: "Contacts" }).getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("button", { name: "Save contact" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete contact" })).toHaveCount(0);
});
