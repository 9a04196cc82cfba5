import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, screenshot, signIn } from "./helpers";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button opens the whole navigation, and Escape closes it", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL);
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await screenshot(page, "phone-menu-closed");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // The button names the panel it opens: the panel holding the navigation.
    await expect(page.locator(`[id="${await menu.getAttribute("aria-controls")}"]`).getByRole("navigation", { name: "Main" })).toBeVisible();
    for (const name of ["Conversations", "Contacts", "Planning", "Quotes", "Help center", "Reports", "Settings"]) {
      await expect(nav.getByRole("link", { name })).toBeInViewport();
    }
    await screenshot(page, "phone-menu-open");

    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // Keyboard only: open, Tab into the panel, Escape from inside it.
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("Quotes, Help center, Reports and Settings are each one menu away, and following a link closes the menu", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL);
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const { name, path } of [
      { name: "Quotes", path: "quotes" },
      { name: "Help center", path: "help-center" },
      { name: "Reports", path: "reports" },
      { name: "Settings", path: "settings" },
    ]) {
      await menu.click();
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/${path}(/|$)`));
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(nav).toBeHidden();
      await menu.click();
      await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await menu.click();
    }
  });
});

test("on a desktop the navigation is always shown and there is no menu button", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN_EMAIL);
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Conversations", "Contacts", "Planning", "Quotes", "Help center", "Reports", "Settings"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await screenshot(page, "desktop-navigation");
});
