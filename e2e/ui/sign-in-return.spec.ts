import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, DEMO_PASSWORD, openAccountPage, signIn } from "./helpers";

const submitSignIn = async (page: Page) => {
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
};

/** The address of one of the demo events, with a query string, found while signed in. */
const eventLink = async (page: Page) => {
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "planning/events", "Events");
  const hrefs = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((value) => /\/planning\/events\/[0-9a-f-]{36}$/.test(value));
  if (!href) throw new Error("no event in the demo account");
  return `${href}?tab=quotes`;
};

test("a portal link opened while signed out opens that page after sign-in", async ({ page, browser, baseURL }) => {
  const link = await eventLink(page);
  const signedOut = await browser.newPage({ baseURL });
  try {
    await signedOut.goto(link);
    await expect(signedOut).toHaveURL(`/login?callbackUrl=${encodeURIComponent(link)}`);
    await expect(signedOut.getByRole("heading", { name: "Sign in to Venuedesk" })).toBeVisible();
    await submitSignIn(signedOut);
    await expect(signedOut).toHaveURL(link);
    await expect(signedOut.getByRole("navigation", { name: "Planning" })).toBeVisible();
  } finally {
    await signedOut.close();
  }
});

test("every portal page asks for sign-in with its own address", async ({ page }) => {
  for (const path of ["/app", "/app/accounts/1/settings/labels?page=2", "/app/accounts/1/reports"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(path)}`);
  }
});

for (const target of ["//evil.example", "https://evil.example/app", "/\\evil.example", "/\t/evil.example", "/.//evil.example", "javascript:alert(1)"]) {
  test(`a sign-in link that names ${JSON.stringify(target)} lands in the portal`, async ({ page }) => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
    await submitSignIn(page);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app\/accounts\/\d+\/conversations$/);

    // Signed in already, the same link is answered on the server: still the portal.
    await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app\/accounts\/\d+\/conversations$/);
  });
}
