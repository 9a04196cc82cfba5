import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, openAccountPage, screenshot, signIn } from "./helpers";

const rule = (page: Page, n: number) => page.getByRole("group", { name: `Rule ${n}`, exact: true });
const condition = (scope: Locator, n: number) => scope.getByRole("group", { name: `Condition ${n}`, exact: true });

/** Adds a condition to a rule and sets its field and comparison; the value is the caller's. */
const addCondition = async (scope: Locator, n: number, field: string, operator: string) => {
  await scope.getByRole("button", { name: "Add condition" }).click();
  const row = condition(scope, n);
  await row.getByLabel("Field").selectOption(field);
  await row.getByLabel("Comparison").selectOption(operator);
  return row;
};

test("a quote manager sets up a rate, a default plan with rules, conditions and a bundle, and a discount code", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const rateName = `Terrace hire ${suffix}`;
  const planName = `Terrace season ${suffix}`;
  const code = `TERRACE${suffix}`.toUpperCase();
  await signIn(page, ADMIN_EMAIL);

  // Settings lists Pricing; its overview explains the three parts.
  await openAccountPage(page, "settings", "Settings");
  await page.getByRole("main").getByRole("link", { name: /^Pricing/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Pricing" });
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Pricing plans" })).toContainText("Default: Standard prices");
  await screenshot(page, "pricing-overview");

  // A rate: a wrong amount is refused beside the field, then it is created.
  await tabs.getByRole("link", { name: "Rates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rates" })).toBeVisible();
  await page.getByRole("link", { name: "New rate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New rate" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(rateName);
  await page.getByLabel("Unit").selectOption("day");
  await page.getByLabel("Amount").fill("95,50");
  await page.getByLabel("Tax rate (%)").fill("21");
  await page.getByLabel("Category").selectOption("space");
  await page.getByRole("button", { name: "Create rate" }).click();
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Must be a decimal number (e.g. 125.50)")).toBeVisible();
  await expect(page.getByLabel("Unit")).toHaveValue("day");
  await page.getByLabel("Amount").fill("95.5");
  await page.getByLabel("Unit").selectOption("hour");
  await page.getByRole("button", { name: "Create rate" }).click();
  await expect(page.getByText("Rate created.")).toBeVisible();
  const rates = page.getByRole("table", { name: "Rates" });
  const rateRow = rates.getByRole("row").filter({ hasText: rateName });
  await expect(rateRow).toContainText("Per hour");
  await expect(rateRow).toContainText("95.50");
  await expect(rateRow).toContainText("21%");
  await expect(rateRow).toContainText("Any space");
  await expect(rateRow).toContainText("Not used by any plan");
  await expect(rates.getByRole("row").filter({ hasText: "Weekend day hire" })).toContainText("2,950.00");
  await screenshot(page, "pricing-rates");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rateRow.getByRole("link", { name: rateName, exact: true })).toBeVisible();
  await screenshot(page, "pricing-rates-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // A plan with one rule of two conditions (Sat/Sun, from 17:00) and a bundle, made the default.
  await tabs.getByRole("link", { name: "Pricing plans" }).click();
  await page.getByRole("link", { name: "New pricing plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New pricing plan" })).toBeVisible();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(planName);
  await page.getByLabel("Default plan").check();
  await page.getByRole("button", { name: "Add rule" }).click();
  const first = rule(page, 1);
  await first.getByLabel("Rule name").fill("Weekend evenings");
  await first.getByRole("combobox", { name: "Rate", exact: true }).selectOption({ label: rateName });
  await expect(first.getByLabel("Priority")).toHaveValue("1");
  const weekday = await addCondition(first, 1, "weekday", "in");
  await weekday.getByRole("button", { name: "Sat", exact: true }).click();
  await weekday.getByRole("button", { name: "Sun", exact: true }).click();
  await expect(weekday.getByRole("button", { name: "Sat", exact: true })).toHaveAttribute("aria-pressed", "true");
  const start = await addCondition(first, 2, "start_time", "gte");
  await start.getByLabel("Value").fill("17:00");
  // A third condition whose range runs backwards: the server refuses it at that condition.
  const guests = await addCondition(first, 3, "attendees", "between");
  await guests.getByLabel("From").fill("120");
  await guests.getByLabel("To").fill("20");

  // A second rule, moved above the first and back: the order is the order rules are tried in.
  await page.getByRole("button", { name: "Add rule" }).click();
  await rule(page, 2).getByLabel("Rule name").fill("Any other time");
  await rule(page, 2).getByRole("combobox", { name: "Rate", exact: true }).selectOption({ label: "Room hire per hour" });
  await rule(page, 2).getByLabel("Default rule").check();
  await rule(page, 2).getByRole("button", { name: "Move rule up" }).click();
  await expect(rule(page, 1).getByLabel("Rule name")).toHaveValue("Any other time");
  await expect(rule(page, 1).getByLabel("Priority")).toHaveValue("1");
  await expect(rule(page, 2).getByLabel("Priority")).toHaveValue("2");
  await rule(page, 1).getByRole("button", { name: "Move rule down" }).click();
  await expect(rule(page, 1).getByLabel("Rule name")).toHaveValue("Weekend evenings");
  await expect(rule(page, 1).getByLabel("Priority")).toHaveValue("1");

  await page.getByRole("button", { name: "Add bundle" }).click();
  const bundle = page.getByRole("group", { name: "Bundle 1", exact: true });
  await bundle.getByLabel("Bundle name").fill("Fire pit and blankets");
  await bundle.getByLabel("Unit").selectOption("fixed");
  await bundle.getByLabel("Amount").fill("80");
  await bundle.getByLabel("Tax %").fill("21");
  await bundle.getByLabel("Category").selectOption("equipment");
  await bundle.getByLabel("Description").fill("Two fire pits, blankets for 40 guests");

  await page.getByRole("button", { name: "Create pricing plan" }).click();
  await expect(page.getByText("Please correct the highlighted fields.")).toBeVisible();
  const guestsRow = condition(rule(page, 1), 3);
  await expect(guestsRow.getByText(/^Value: must be \[low, high\]/)).toBeVisible();
  await expect(guestsRow.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
  await expect(condition(rule(page, 1), 2).getByLabel("Value")).not.toHaveAttribute("aria-invalid", "true");
  await expect(rule(page, 1).getByLabel("Rule name")).toHaveValue("Weekend evenings");
  await screenshot(page, "pricing-plan-clause-error");

  await guestsRow.getByLabel("From").fill("20");
  await guestsRow.getByLabel("To").fill("120");
  await page.getByRole("button", { name: "Create pricing plan" }).click();
  await expect(page.getByText("Pricing plan created.")).toBeVisible();
  const plans = page.getByRole("table", { name: "Pricing plans" });
  const planRow = plans.getByRole("row").filter({ hasText: planName });
  await expect(planRow).toContainText("Default");
  await expect(planRow).toContainText("Always");
  await expect(planRow.getByRole("cell").nth(2)).toHaveText("2");
  // The account's previous default plan stopped being it.
  await expect(plans.getByRole("row").filter({ hasText: "Standard prices" })).not.toContainText("Default");
  await screenshot(page, "pricing-plans");

  // The editor shows what was stored, in the order the rules are tried.
  await planRow.getByRole("link", { name: planName, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${planName}”` })).toBeVisible();
  await expect(page.getByLabel("Default plan")).toBeChecked();
  await expect(rule(page, 1).getByLabel("Rule name")).toHaveValue("Weekend evenings");
  const stored = condition(rule(page, 1), 1);
  await expect(stored.getByLabel("Field")).toHaveValue("weekday");
  await expect(stored.getByRole("button", { name: "Sat", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(stored.getByRole("button", { name: "Sun", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(stored.getByRole("button", { name: "Fri", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(condition(rule(page, 1), 2).getByLabel("Value")).toHaveValue("17:00");
  await expect(condition(rule(page, 1), 3).getByLabel("To")).toHaveValue("120");
  await expect(rule(page, 2).getByLabel("Default rule")).toBeChecked();
  await expect(page.getByRole("group", { name: "Bundle 1", exact: true }).getByLabel("Amount")).toHaveValue("80.00");

  // Removing a condition and saving keeps the editor on the plan.
  await condition(rule(page, 1), 3).getByRole("button", { name: "Remove condition" }).click();
  await expect(condition(rule(page, 1), 3)).toHaveCount(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Pricing plan updated.")).toBeVisible();
  await expect(condition(rule(page, 1), 3)).toHaveCount(0);
  await expect(condition(rule(page, 1), 2).getByLabel("Value")).toHaveValue("17:00");
  await screenshot(page, "pricing-plan-editor");
  // On a phone the rules and their conditions stack and stay usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(condition(rule(page, 1), 1).getByRole("button", { name: "Sun", exact: true })).toBeVisible();
  await screenshot(page, "pricing-plan-editor-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  // A discount code; the same code in other letters is refused.
  await tabs.getByRole("link", { name: "Discount codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await page.getByRole("link", { name: "New discount code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Terrace launch");
  await page.getByLabel("Type").selectOption("percentage");
  await page.getByLabel("Value (%)").fill("10");
  await page.getByLabel("Valid until").fill("2031-12-31");
  await page.getByLabel("Maximum redemptions").fill("50");
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.getByText("Discount code created.")).toBeVisible();
  const codes = page.getByRole("table", { name: "Discount codes" });
  const codeRow = codes.getByRole("row").filter({ hasText: code });
  await expect(codeRow).toContainText("Terrace launch");
  await expect(codeRow).toContainText("10%");
  await expect(codeRow).toContainText("31 Dec 2031");
  await expect(codeRow).toContainText("0 / 50");
  await expect(codes.getByRole("row").filter({ hasText: "MIDWEEK250" })).toContainText("250.00");
  await screenshot(page, "pricing-discount-codes");

  await page.getByRole("link", { name: "New discount code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code.toLowerCase());
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Duplicate");
  await page.getByLabel("Type").selectOption("fixed_amount");
  await page.getByLabel("Value (amount)").fill("25");
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.getByRole("textbox", { name: "Code", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Has already been taken")).toBeVisible();
  // What was sent stays in the form.
  await expect(page.getByLabel("Type")).toHaveValue("fixed_amount");
  await expect(page.getByLabel("Value (amount)")).toHaveValue("25");
  await screenshot(page, "pricing-discount-code-taken");

  // The rate is in use: deleting it is refused with the rule and plan named.
  await tabs.getByRole("link", { name: "Rates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rates" })).toBeVisible();
  await expect(rateRow).toContainText(`Used by 1 rule in ${planName}`);
  await rateRow.getByRole("button", { name: `Delete ${rateName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the rate “${rateName}”?` });
  await dialog.getByRole("button", { name: "Delete rate" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`Used by rule 'Weekend evenings' of plan '${planName}'`);
  await screenshot(page, "pricing-rate-delete-refused");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Put the demo's default back, then remove what this test made.
  await tabs.getByRole("link", { name: "Pricing plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing plans" })).toBeVisible();
  await plans.getByRole("link", { name: "Standard prices", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit “Standard prices”" })).toBeVisible();
  await page.getByLabel("Default plan").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Pricing plan updated.")).toBeVisible();
  await tabs.getByRole("link", { name: "Pricing plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing plans" })).toBeVisible();
  await expect(plans.getByRole("row").filter({ hasText: "Standard prices" })).toContainText("Default");
  await plans.getByRole("row").filter({ hasText: planName }).getByRole("button", { name: `Delete ${planName}` }).click();
  await page.getByRole("dialog", { name: `Delete the plan “${planName}”?` }).getByRole("button", { name: "Delete plan" }).click();
  await expect(page.getByText("Pricing plan deleted.")).toBeVisible();
  await expect(plans.getByRole("link", { name: planName })).toHaveCount(0);

  await tabs.getByRole("link", { name: "Rates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rates" })).toBeVisible();
  await rateRow.getByRole("button", { name: `Delete ${rateName}` }).click();
  await dialog.getByRole("button", { name: "Delete rate" }).click();
  await expect(page.getByText("Rate deleted.")).toBeVisible();
  await expect(rates.getByText(rateName)).toHaveCount(0);

  await tabs.getByRole("link", { name: "Discount codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await codeRow.getByRole("button", { name: `Delete ${code}` }).click();
  await page.getByRole("dialog", { name: `Delete the code “${code}”?` }).getByRole("button", { name: "Delete code" }).click();
  await expect(page.getByText("Discount code deleted.")).toBeVisible();
});

test("a member who does not manage quotes sees pricing read-only", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await openAccountPage(page, "settings/pricing", "Pricing");
  await expect(page.getByText("only members who manage quotes can change them")).toBeVisible();
  await expect(page.getByRole("link", { name: "New rate" })).toHaveCount(0);

  await openAccountPage(page, "settings/pricing/rates", "Rates");
  await expect(page.getByRole("table", { name: "Rates" })).toContainText("Room hire per hour");
  await expect(page.getByRole("link", { name: "New rate" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  await openAccountPage(page, "settings/pricing/plans", "Pricing plans");
  await page.getByRole("link", { name: "Standard prices", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Standard prices" })).toBeVisible();
  await expect(page.getByText("Only members who manage quotes can change pricing plans.")).toBeVisible();
  const rules = page.getByRole("table", { name: "Rules" });
  await expect(rules.getByRole("row").filter({ hasText: "Weekend evenings" })).toContainText("Weekday is one of Friday or Saturday");
  await expect(rules.getByRole("row").filter({ hasText: "Weekend evenings" })).toContainText("Start time is at or after 17:00");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await screenshot(page, "pricing-plan-readonly");

  await openAccountPage(page, "settings/pricing/discount-codes/new", "New discount code");
  await expect(page.getByRole("heading", { name: "Quote managers only" })).toBeVisible();
});
