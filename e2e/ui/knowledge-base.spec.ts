import { expect, test, type Page } from "@playwright/test";
import { gradientPng } from "../../lib/format/png";
import { ADMIN_EMAIL, accountIdOf, decodedWidth, postAs, screenshot, signInWithToken, type UserApi } from "./helpers";

/*
 * Knowledge bases as people meet them: an article published through the API found on the public
 * help center by searching on a phone (drafts never), and a space given a help-center category
 * and a photo gallery on its page, both shown in the calendar's details and to the customer on
 * the public quote page.
 */

const tag = () => Math.random().toString(36).slice(2, 8);

const png = gradientPng([15, 76, 92], [236, 201, 75], 320, 200);

/** A help center of the test's own: a portal, a category, one published article and one draft. */
const helpCenter = async (api: UserApi, id: string) => {
  const slug = `faq-${id}`;
  await postAs(api, "portals", { name: `Help ${id}`, slug, color: "#0f4c5c", header_text: "How can we help?" });
  const category = (await postAs(api, `portals/${slug}/categories`, { name: `Cloakroom ${id}` })).payload;
  const published = (
    await postAs(api, `portals/${slug}/articles`, {
      title: `Cloakroom opening hours ${id}`,
      description: "When the cloakroom takes coats.",
      content: `The cloakroom opens **an hour before** doors and closes at 01:30.\n\n- Coats\n- Umbrellas\n\nTicket code ${id}.`,
      status: "published",
      category_id: category.id,
    })
  ).payload;
  await postAs(api, `portals/${slug}/articles`, { title: `Cloakroom prices draft ${id}`, content: `Secret pricing ${id}-draft`, status: "draft", category_id: category.id });
  return { slug, category, published };
};

test("a published article is found by searching the public help center on a phone, and drafts never are", async ({ page, browser, baseURL }) => {
  const id = tag();
  const api = await signInWithToken(page, ADMIN_EMAIL);
  const { slug, published } = await helpCenter(api, id);

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  const response = await visitor.goto(`/hc/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(visitor).toHaveURL(new RegExp(`/hc/${slug}/en$`));
  await expect(visitor.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: new RegExp(`Cloakroom opening hours ${id}`) })).toBeVisible();
  // The draft is nowhere on the home page.
  await expect(visitor.getByText(`Cloakroom prices draft ${id}`)).toHaveCount(0);

  // Results come while typing a word only half written.
  await visitor.getByRole("searchbox", { name: "Search the help center" }).fill("cloakro");
  const instant = visitor.getByRole("region", { name: "Instant results" });
  await expect(instant.getByRole("link", { name: new RegExp(`Cloakroom opening hours ${id}`) })).toBeVisible();
  await expect(instant.getByText(`Cloakroom prices draft ${id}`)).toHaveCount(0);
  await screenshot(visitor, "help-center-search-phone");
  await instant.getByRole("link", { name: new RegExp(`Cloakroom opening hours ${id}`) }).click();
  await expect(visitor).toHaveURL(new RegExp(`/hc/${slug}/articles/${published.slug}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: `Cloakroom opening hours ${id}` })).toBeVisible();
  await expect(visitor.locator("article strong", { hasText: "an hour before" })).toBeVisible();
  await expect(visitor.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`/hc/${slug}/articles/${published.slug}$`));
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(visitor, "help-center-article-phone");

  // The search page (what the box submits) finds the ticket code, and not the draft's words.
  await visitor.goto(`/hc/${slug}/en/search?query=${id}`);
  await expect(visitor.getByRole("link", { name: new RegExp(`Cloakroom opening hours ${id}`) })).toBeVisible();
  await visitor.goto(`/hc/${slug}/en/search?query=pricing`);
  await expect(visitor.getByText("No articles match.")).toBeVisible();
  // A draft's own page is the same 404 as a page that never existed.
  const drafts = (await (await page.request.get(`/api/v1/accounts/${api.account}/portals/${slug}/articles?status=draft`, { headers: { api_access_token: api.token } })).json()).payload;
  expect((await visitor.goto(`/hc/${slug}/articles/${drafts[0].slug}`))?.status()).toBe(404);
  await context.close();
});

/** An event holding the space in 2029 and its quote, sent: the customer's link. */
const quoteFor = async (api: UserApi, space: { id: string }, id: string) => {
  const rate = await postAs(api, "planning/rates", { name: `Loft day ${id}`, unit: "day", amount: "1800", tax_rate: 21, category: "space", space_id: space.id });
  const plan = await postAs(api, "planning/pricing-plans", { name: `Loft ${id}`, pricing_rules: [{ name: "Day hire", rate_id: rate.id, is_default: true }] });
  const event = await postAs(api, "planning/events", {
    event: { name: `Launch ${id}`, attendees_count: 60, currency: "EUR", pricing_plan_id: plan.id },
    allocations: [{ space_id: space.id, start_at: "2029-09-14T16:00:00+02:00", end_at: "2029-09-14T23:00:00+02:00", title: `Launch ${id}` }],
  });
  const quote = await postAs(api, `planning/events/${event.id}/quotes`, { name: `Launch ${id}`, customer_email: "launch@example.test" });
  const sent = await postAs(api, `planning/events/${event.id}/quotes/${quote.id}/send_quote`, { delivery_mode: "manual" });
  return new URL(sent.public_url, "http://x").pathname;
};

const openSpace = async (page: Page, spaceId: string) => {
  await page.goto(`/app/accounts/${accountIdOf(page)}/planning/spaces/${spaceId}`);
  await expect(page.getByRole("heading", { name: "Facts and photos" })).toBeVisible();
};

test("a planner gives a space its facts and photos on its page, and the customer sees both on the quote", async ({ page, browser, baseURL }) => {
  const id = tag();
  const api = await signInWithToken(page, ADMIN_EMAIL);
  const { category } = await helpCenter(api, id);
  const space = await postAs(api, "spaces", { name: `Loft ${id}`, timezone: "Europe/Amsterdam", position: 960, cocktail: 90 });

  await openSpace(page, space.id);
  await expect(page.getByText("No published facts or photos yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create a gallery for this space" }).click();
  await expect(page.getByRole("button", { name: "Add photos" })).toBeVisible();
  await page.getByLabel("Help-center category").selectOption(String(category.id));
  await page.getByRole("button", { name: "Save links" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  // The choices stay as saved: the category chosen, the gallery made for the space.
  await expect(page.getByLabel("Help-center category")).toHaveValue(String(category.id));
  await expect(page.getByLabel("Photo gallery")).not.toHaveValue("");
  await page.locator("input[type=file][name=attachments]").setInputFiles([
    { name: "loft.png", mimeType: "image/png", buffer: png },
    { name: "bar.png", mimeType: "image/png", buffer: png },
  ]);
  await page.locator("#upload-caption").fill(`Loft at dusk ${id}`);
  await page.getByRole("button", { name: "Add photos" }).click();
  await expect(page.getByRole("heading", { name: "Photos (2)" })).toBeVisible();
  await page.getByLabel("Caption of photo 2").fill(`The bar ${id}`);
  await page.getByRole("listitem").filter({ has: page.getByLabel("Caption of photo 2") }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByAltText(`The bar ${id}`)).toBeVisible();
  await page.getByRole("button", { name: "Move photo 2 earlier" }).click();
  await expect(page.getByLabel("Caption of photo 1")).toHaveValue(`The bar ${id}`);
  // The photos are served: each image decodes (the signed link answers, the page's CSP admits it).
  expect(await decodedWidth(page.locator("img[alt^='The bar']"))).toBeGreaterThan(0);
  await screenshot(page, "space-facts-and-photos");

  const quotePath = await quoteFor(api, space, id);

  // The calendar's details panel tells the planner the same about the space.
  await page.goto(`/app/accounts/${accountIdOf(page)}/planning?date=2029-09-14&view=day`);
  await page.getByRole("button", { name: new RegExp(`^Launch ${id}, `) }).click();
  const details = page.getByRole("dialog", { name: `Launch ${id}` });
  const about = details.getByRole("region", { name: `About Loft ${id}` });
  await expect(about.getByRole("list", { name: `Photos of Loft ${id}` }).getByRole("img")).toHaveCount(2);
  await expect(about.getByText(`Cloakroom opening hours ${id}`)).toBeVisible();
  await screenshot(page, "calendar-space-facts");
  for (const viewport of [
    { name: "desktop", width: 1280, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL, viewport: { width: viewport.width, height: viewport.height } });
    const customer = await context.newPage();
    expect((await customer.goto(quotePath))?.status()).toBe(200);
    const about = customer.getByRole("region", { name: "About your spaces" });
    await expect(about.getByRole("heading", { name: `Loft ${id}` })).toBeVisible();
    const photos = about.getByRole("list", { name: `Photos of Loft ${id}` });
    await expect(photos.getByRole("img")).toHaveCount(2);
    await expect(photos.getByText(`The bar ${id}`)).toBeVisible();
    expect(await decodedWidth(photos.getByRole("img").first())).toBeGreaterThan(0);
    // The category's published article is a fact the customer opens; the draft is not there.
    await about.getByText(`Cloakroom opening hours ${id}`).click();
    await expect(about.getByText("an hour before")).toBeVisible();
    await expect(about.getByText(`Cloakroom prices draft ${id}`)).toHaveCount(0);
    await screenshot(customer, `quote-space-facts-${viewport.name}`);
    await context.close();
  }
});
