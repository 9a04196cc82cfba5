import { expect, test, type Locator, type Page } from "@playwright/test";
import { gradientPng } from "../../lib/format/png";
import { xssPayloads } from "../../tests/helpers/xss-payloads";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, decodedWidth, postAs, screenshot, signIn, signInWithToken } from "./helpers";

/*
 * The help center's management pages as people use them: an administrator writes an article in
 * the demo portal with the editor, watches the preview, publishes it and finds it on the public
 * help center; known XSS payloads typed into the editor stay inert in the preview; categories
 * are reordered with the keyboard, edited and deleted; the portal's logo is uploaded and shown on
 * the public pages; an agent reads without edit controls; a phone never scrolls sideways.
 */

const tag = () => Math.random().toString(36).slice(2, 8);

const openPortal = async (page: Page, query = "") => {
  await page.goto(`/app/accounts/${accountIdOf(page)}/help-center/canal-house${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Canal House Help Center" })).toBeVisible();
};

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("an administrator writes an article with its preview, publishes it, and readers find it", async ({ page, browser, baseURL }) => {
  const id = tag();
  await signIn(page, ADMIN_EMAIL);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Help center" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Help center" })).toBeVisible();
  const portals = page.getByRole("table", { name: "Portals" });
  await expect(portals.getByRole("link", { name: "/hc/canal-house" })).toBeVisible();
  await portals.getByRole("link", { name: "Canal House Help Center" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Canal House Help Center" })).toBeVisible();

  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
  await page.getByLabel(/^Title/).fill(`Bike parking ${id}`);
  await page.getByLabel("Description", { exact: true }).fill("Where guests leave their bikes.");
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Getting here" });
  await page.getByLabel("Content (Markdown)").fill(`## Racks by the dock ${id}\n\nBikes are **welcome** in the racks by the loading dock.\n\n- Covered\n- Lit at night`);
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 2, name: `Racks by the dock ${id}` })).toBeVisible();
  await expect(preview.locator("strong", { hasText: "welcome" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("Meta tags").fill("bikes, parking");
  await page.getByRole("button", { name: "Create article" }).click();

  await expect(page).toHaveURL(/\/help-center\/canal-house\/articles\/\d+\?notice=created$/);
  await expect(page.getByText("Article created.")).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await expect(page.getByRole("link", { name: "View on the help center" })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save article" }).click();
  await expect(page.getByText("Article saved.")).toBeVisible();
  const publicLink = page.getByRole("link", { name: "View on the help center" });
  await expect(publicLink).toBeVisible();
  // What was typed stays after the save, and so does the preview.
  await expect(page.getByLabel("Meta tags")).toHaveValue("bikes, parking");
  await expect(preview.locator("strong", { hasText: "welcome" })).toBeVisible();
  await screenshot(page, "help-center-editor");
  const articleHref = await publicLink.getAttribute("href");

  // The portal's published tab lists it.
  await openPortal(page, "?locale=en&status=published");
  await expect(page.getByRole("table", { name: "Articles" }).getByRole("link", { name: `Bike parking ${id}` })).toBeVisible();

  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  await reader.goto("/hc/canal-house/en");
  await expect(reader.getByRole("link", { name: new RegExp(`Bike parking ${id}`) })).toBeVisible();
  await reader.goto(`/hc/canal-house/en/search?query=${id}`);
  await reader.getByRole("link", { name: new RegExp(`Bike parking ${id}`) }).click();
  await expect(reader).toHaveURL(new RegExp(`${articleHref}$`));
  await expect(reader.getByRole("heading", { level: 2, name: `Racks by the dock ${id}` })).toBeVisible();
  await context.close();
});

/** What in a rendered article could run or load something: dangerous elements, handlers, script URLs. */
const dangerIn = (root: Locator) =>
  root.evaluate((element) => {
    const problems: string[] = [];
    if (element.querySelector("script, iframe, object, embed, svg, style, form, meta, base, details")) problems.push("a dangerous element");
    for (const node of element.querySelectorAll("*")) {
      for (const attribute of node.attributes) {
        if (/^on/i.test(attribute.name)) problems.push(`${attribute.name} on <${node.tagName}>`);
        if (/^(href|src|action|data|formaction|xlink:href)$/i.test(attribute.name) && /^\s*(javascript|vbscript|data):/i.test(attribute.value)) {
          problems.push(`${attribute.name}=${attribute.value}`);
        }
      }
    }
    return problems;
  });

/** Fails the test on any alert, confirm or prompt the page opens. */
const recordDialogs = (page: Page) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
};

test("known XSS payloads typed into the editor render inert in the preview", async ({ page }) => {
  const dialogs = recordDialogs(page);
  await signIn(page, ADMIN_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/help-center/canal-house/articles/new`);
  const content = page.getByLabel("Content (Markdown)");
  const preview = page.getByRole("region", { name: "Preview" });
  for (const [index, payload] of xssPayloads.entries()) {
    await content.fill(`Before ${index}\n\n${payload}\n\nAfter ${index}`);
    await expect(preview.getByText(`After ${index}`)).toBeVisible();
    expect(await dangerIn(preview), payload).toEqual([]);
  }
  // Everything at once, and a moment for anything that would run late.
  await content.fill(xssPayloads.join("\n\n"));
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test("known XSS payloads in a published article render inert on the public pages", async ({ page }) => {
  const dialogs = recordDialogs(page);
  const api = await signInWithToken(page, ADMIN_EMAIL);
  const id = tag();
  const created = await postAs(api, "portals/canal-house/articles", {
    title: `Payloads ${id} <img src=x onerror=alert(1)>`,
    description: `<script>alert("description")</script> ${id}`,
    content: xssPayloads.map((payload, index) => `Before ${index}\n\n${payload}\n\nAfter ${index}`).join("\n\n"),
    status: "published",
  });
  const slug = created.payload.slug as string;

  await page.goto(`/hc/canal-house/articles/${slug}`);
  const article = page.locator("article");
  await expect(article.getByText(`After ${xssPayloads.length - 1}`, { exact: true })).toBeVisible();
  // The title and description are text, not markup.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Payloads ${id} <img src=x onerror=alert(1)>`);
  expect(await dangerIn(article)).toEqual([]);

  // Found by search (the results drawn while typing, and the search page): snippets and titles stay text.
  await page.goto("/hc/canal-house/en");
  await page.getByRole("searchbox", { name: "Search the help center" }).fill(`Payloads ${id}`);
  const instant = page.getByRole("region", { name: "Instant results" });
  await expect(instant.getByRole("link", { name: new RegExp(`Payloads ${id}`) })).toBeVisible();
  expect(await dangerIn(instant)).toEqual([]);
  await page.goto(`/hc/canal-house/en/search?query=${encodeURIComponent(`Payloads ${id}`)}`);
  await expect(page.getByRole("link", { name: new RegExp(`Payloads ${id}`) }).first()).toBeVisible();
  expect(await dangerIn(page.locator("main"))).toEqual([]);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test("categories reorder by keyboard, and the order stays after a reload", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openPortal(page, "?locale=en");
  const list = page.getByRole("list", { name: "Categories (en)" });
  const handles = list.getByRole("button", { name: /^Drag to reorder / });
  const names = async () => Promise.all((await handles.all()).map(async (handle) => (await handle.getAttribute("aria-label"))!.replace("Drag to reorder ", "")));
  const before = await names();
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before as [string, string];

  const handle = page.getByRole("button", { name: `Drag to reorder ${first}` });
  await handle.focus();
  // Each key waits for what a screen reader hears, as a person would.
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`${first} is over position 1 of ${before.length}.`)).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText(`${first} is over position 2 of ${before.length}.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Order saved.")).toBeVisible();
  await page.reload();
  await expect(list.getByRole("listitem").first()).toContainText(second);
  await expect.poll(async () => (await names()).slice(0, 2)).toEqual([second, first]);

  // The buttons do the same without dragging: put the demo's order back.
  await page.getByRole("button", { name: `Move ${first} up` }).click();
  await expect(page.getByText("Order saved.")).toBeVisible();
  await page.reload();
  // The list is drawn after the reload: read it once it is there.
  await expect.poll(names).toEqual(before);
});

test("a manager adds, edits and deletes a category", async ({ page }) => {
  const id = tag();
  await signIn(page, ADMIN_EMAIL);
  await openPortal(page, "?locale=en");
  await page.getByLabel("Category name").fill(`Catering ${id}`);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText(`Category “Catering ${id}” added.`)).toBeVisible();
  const list = page.getByRole("list", { name: "Categories (en)" });
  const row = list.getByRole("listitem").filter({ hasText: `Catering ${id}` });
  await expect(row).toBeVisible();

  // Edit opens the category's fields under its row; a taken slug is refused beside the field.
  await row.getByRole("button", { name: `Edit Catering ${id}` }).click();
  await expect(row.getByLabel(/^Name/)).toHaveValue(`Catering ${id}`);
  await screenshot(page, "help-center-category-edit");
  await row.getByLabel(/^Slug/).fill("getting-here");
  await row.getByRole("button", { name: "Save category" }).click();
  await expect(row.getByText(/has already been taken/i).first()).toBeVisible();
  await row.getByLabel(/^Name/).fill(`Food and drink ${id}`);
  await row.getByLabel(/^Slug/).fill(`food-${id}`);
  await row.getByLabel("Description", { exact: true }).fill("Menus, bars and dietary needs.");
  await row.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByText(`Category “Food and drink ${id}” saved.`)).toBeVisible();
  const renamed = list.getByRole("listitem").filter({ hasText: `Food and drink ${id}` });
  await expect(renamed).toBeVisible();
  // The public category page answers at its new slug.
  const response = await page.request.get(`/hc/canal-house/en/categories/food-${id}`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Menus, bars and dietary needs.");

  // Delete asks first, then the category is gone (its articles would stay, uncategorised).
  await page.reload();
  const again = list.getByRole("listitem").filter({ hasText: `Food and drink ${id}` });
  await again.getByRole("button", { name: `Edit Food and drink ${id}` }).click();
  await again.getByRole("button", { name: `Delete Food and drink ${id}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “Food and drink ${id}”?` });
  await expect(confirm).toContainText("The category has no articles.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(list.getByRole("listitem").filter({ hasText: `Food and drink ${id}` })).toHaveCount(0);
  expect((await page.request.get(`/hc/canal-house/en/categories/food-${id}`)).status()).toBe(404);
});

test("a manager uploads the portal's logo; the public help center shows it", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await openPortal(page);
  const portalPage = page.url();
  const settings = page.locator("section", { has: page.getByRole("heading", { name: "Portal settings" }) });
  // Not an image: refused beside the field.
  await settings.getByLabel("Logo").setInputFiles({ name: "logo.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await settings.getByRole("button", { name: "Upload logo" }).click();
  await expect(settings.getByText(/must be an image/i).first()).toBeVisible();

  await settings.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: gradientPng([31, 147, 255], [255, 255, 255], 64, 64) });
  await settings.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Logo saved.")).toBeVisible();
  const logo = settings.getByRole("img", { name: "The portal's logo" });
  await expect(logo).toBeVisible();
  expect(await decodedWidth(logo)).toBe(64);

  await page.goto("/hc/canal-house/en");
  const header = page.getByRole("banner");
  const publicLogo = header.locator("img");
  await expect(publicLogo).toBeVisible();
  expect(await decodedWidth(publicLogo)).toBe(64);
  await screenshot(page, "help-center-public-logo");

  // Removed again: the demo's help center goes back to its name alone.
  await page.goto(portalPage);
  await settings.getByRole("button", { name: "Remove logo" }).click();
  await page.getByRole("dialog", { name: "Remove the logo?" }).getByRole("button", { name: "Remove" }).click();
  await expect(settings.getByText("No logo")).toBeVisible();
  await page.goto("/hc/canal-house/en");
  await expect(page.getByRole("banner").locator("img")).toHaveCount(0);
});

test("an agent reads the help center without edit controls", async ({ page }) => {
  await signIn(page, AGENT_EMAIL);
  await page.goto(`/app/accounts/${accountIdOf(page)}/help-center`);
  await expect(page.getByRole("heading", { level: 1, name: "Help center" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New portal" })).toHaveCount(0);
  await openPortal(page);
  const articles = page.getByRole("table", { name: "Articles" });
  await expect(articles.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories (en)" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "New article" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Drag to reorder/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add category" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Portal settings" })).toHaveCount(0);

  await articles.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save article" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete article" })).toHaveCount(0);
  await expect(page.getByLabel("Content (Markdown)")).toHaveCount(0);
});

test("on a phone the portal page and the editor fit the screen", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  await openPortal(page);
  await expect(page.getByRole("button", { name: /^Drag to reorder/ }).first()).toBeVisible();
  await noSidewaysScroll(page, 390);
  await screenshot(page, "help-center-portal-phone");

  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
  await page.getByLabel("Content (Markdown)").fill("## On a phone\n\nThe preview sits **below** the text.\n\n| Room | Seats |\n| --- | --- |\n| Grand Hall | 400 |");
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "On a phone" })).toBeVisible();
  await noSidewaysScroll(page, 390);
  await screenshot(page, "help-center-editor-phone");
  await context.close();
});
