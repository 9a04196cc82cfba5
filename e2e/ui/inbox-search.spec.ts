import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import postgres from "postgres";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/**
 * Finding a conversation and reading it: the inbox's search and filters (kept in the URL, so a
 * view survives a reload and back/forward), the messages' day separators and times, the view
 * opening at the newest message, and all of it on a phone. Conversations come in the way a
 * customer's would, through the Client API of an API inbox made with the Application API.
 */

type Setup = { api: APIRequestContext; accountId: string; inboxId: number; inboxName: string; inboxIdentifier: string; labelPrefix: string };
let setup: Setup;

const stamp = Date.now().toString(36);

/** A customer starts a conversation and says each thing in turn; answers its display id and the message ids. */
const customerWrites = async (name: string, ...said: string[]) => {
  const { api, inboxIdentifier } = setup;
  const base = `/public/api/v1/inboxes/${inboxIdentifier}/contacts`;
  const contact = await api.post(base, { data: { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.com` } });
  expect(contact.status()).toBe(200);
  const { source_id: sourceId } = await contact.json();
  const conversation = await api.post(`${base}/${sourceId}/conversations`, { data: {} });
  expect(conversation.status()).toBe(200);
  const { id } = (await conversation.json()) as { id: number };
  const say = async (content: string) => {
    const message = await api.post(`${base}/${sourceId}/conversations/${id}/messages`, { data: { content } });
    expect(message.status()).toBe(200);
    return ((await message.json()) as { id: number }).id;
  };
  const messageIds: number[] = [];
  for (const content of said) messageIds.push(await say(content));
  return { id, messageIds, say };
};

/**
 * No API dates a message in the past, so the test moves its own messages back in the database
 * of the server under test (the embedded one in the e2e data directory, as the operator CLI
 * finds it).
 */
const backdate = async (moves: { messageId: number; days: number }[]) => {
  const pidFile = path.join(process.env.VD_E2E_DATA_DIR!, "postgres", "postmaster.pid");
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${port}/venuedesk`, { max: 1, onnotice: () => {} });
  try {
    for (const { messageId, days } of moves) {
      await sql`update messages set created_at = created_at - make_interval(days => ${days}) where id = ${messageId}`;
    }
  } finally {
    await sql.end();
  }
};

const conversationsUrl = (query = "") => `/app/accounts/${setup.accountId}/conversations${query}`;

/** The page scrolls sideways when its content is wider than the screen. */
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  const accountId = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  await context.close();

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { api_access_token: token } });
  setup = { api, accountId, inboxId: 0, inboxName: "", inboxIdentifier: "", labelPrefix: `terrace-${stamp}` };
});

/**
 * Each test's customers write to an inbox of its own: the Client API allows 60 writes a minute
 * per inbox and address, and every test here writes from the same address.
 */
let inboxes = 0;
test.beforeEach(async () => {
  inboxes += 1;
  const inboxName = `Terrace bookings ${stamp}${inboxes}`;
  const inbox = await setup.api.post(`/api/v1/accounts/${setup.accountId}/inboxes`, { data: { name: inboxName, channel: { type: "api" } } });
  expect(inbox.status()).toBe(200);
  const { id: inboxId, inbox_identifier: inboxIdentifier } = await inbox.json();
  Object.assign(setup, { inboxId, inboxName, inboxIdentifier });
});

test.afterAll(async () => {
  await setup?.api.dispose();
});

const screens = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

for (const [screen, viewport] of Object.entries(screens)) {
  test.describe(`on a ${screen}`, () => {
    test.use({ viewport });

    test("search finds a conversation by a word in one of its messages and by the contact's name", async ({ page }) => {
      const word = `lanterns${screen}${stamp}`;
      const lakeside = `Priya Lakeside ${screen} ${stamp}`;
      const quill = `Oskar Quill ${screen} ${stamp}`;
      await customerWrites(lakeside, "Hello! We are planning a summer wedding.", `Could you string paper ${word} over the terrace?`, "Thanks in advance.");
      await customerWrites(quill, "Do you have a piano we could use?");

      await signIn(page, ADMIN_EMAIL);
      await page.getByRole("tab", { name: /^All/ }).click();
      const search = page.getByRole("searchbox", { name: "Search conversations" });
      await search.fill(word);
      const list = page.getByRole("list", { name: "All conversations" });
      const found = list.getByRole("link", { name: new RegExp(lakeside) });
      await expect(found).toBeVisible();
      await expect(list.getByRole("link")).toHaveCount(1);
      // The row shows the message that matched (not the last one), the word marked.
      await expect(found).toContainText(`Could you string paper ${word} over the terrace?`);
      await expect(found.locator("mark")).toHaveText(word);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${word}(&|$)`));
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `inbox-search-${screen}`);

      // By the contact's name: the other conversation, its name marked.
      await search.fill("Oskar Quill");
      const byName = list.getByRole("link", { name: new RegExp(quill) });
      await expect(byName).toBeVisible();
      await expect(list.getByRole("link", { name: new RegExp(lakeside) })).toHaveCount(0);
      await expect(byName.locator("mark").first()).toHaveText("Oskar Quill");

      // Opening a result keeps the search; the list (or, on a phone, the way back to it) still shows it.
      await byName.click();
      await expect(page.getByRole("heading", { level: 2, name: quill })).toBeVisible();
      await expect(page).toHaveURL(/\/conversations\/\d+\?tab=all&q=Oskar\+Quill$/);
      if (screen === "phone") {
        await page.getByRole("link", { name: "Conversations" }).filter({ hasText: "←" }).click();
        await expect(page).toHaveURL(/\/conversations\?tab=all&q=Oskar\+Quill$/);
      }
      await expect(page.getByRole("searchbox", { name: "Search conversations" })).toHaveValue("Oskar Quill");
      await expect(list.getByRole("link", { name: new RegExp(quill) })).toBeVisible();

      // A search that finds nothing says so and offers a way out.
      await page.getByRole("searchbox", { name: "Search conversations" }).fill(`nothing-${stamp}`);
      await expect(page.getByRole("heading", { name: `Nothing matches “nothing-${stamp}”` })).toBeVisible();
      await screenshot(page, `inbox-search-empty-${screen}`);
      await page.getByRole("button", { name: "Clear search and filters" }).click();
      await expect(page.getByRole("searchbox", { name: "Search conversations" })).toHaveValue("");
    });

    test("a filter and the tabs live in the URL: they survive a reload, and back and forward step through them", async ({ page }) => {
      const name = `Hana Filter ${screen} ${stamp}`;
      const label = `${setup.labelPrefix}-${screen}`;
      expect((await setup.api.post(`/api/v1/accounts/${setup.accountId}/labels`, { data: { title: label, color: "#0d9488" } })).status()).toBe(200);
      const { id } = await customerWrites(name, "Is the terrace covered if it rains?");
      await customerWrites(`Ivo Unlabelled ${screen} ${stamp}`, "Same inbox, no label.");
      await setup.api.post(`/api/v1/accounts/${setup.accountId}/conversations/${id}/labels`, { data: { labels: [label] } });

      await signIn(page, ADMIN_EMAIL);
      await page.getByRole("tab", { name: /^Unassigned/ }).click();
      await page.getByRole("button", { name: "Filters" }).click();
      const filters = page.getByRole("group", { name: "Filters" });
      // Two changes in the same moment, before the router has applied the first: both stay.
      await page.evaluate((inboxId) => {
        const status = document.getElementById("inbox-status") as HTMLSelectElement;
        const inbox = [...document.querySelectorAll("select")].find((select) => select.labels[0]?.textContent === "Inbox")!;
        status.value = "all";
        status.dispatchEvent(new Event("change", { bubbles: true }));
        inbox.value = String(inboxId);
        inbox.dispatchEvent(new Event("change", { bubbles: true }));
      }, setup.inboxId);
      await expect(page).toHaveURL(conversationsUrl(`?tab=unassigned&status=all&inbox_id=${setup.inboxId}`));
      await filters.getByLabel("Label").selectOption(label);
      await expect(page).toHaveURL(conversationsUrl(`?tab=unassigned&status=all&inbox_id=${setup.inboxId}&label=${label}`));
      const list = page.getByRole("list", { name: "Unassigned conversations" });
      await expect(list.getByRole("link", { name: new RegExp(name) })).toBeVisible();
      // Neither the other conversation in the inbox (no label) nor any of the demo account's shows.
      await expect(list.getByRole("link")).toHaveCount(1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `inbox-filters-${screen}`);

      await page.reload();
      await expect(page.getByRole("tab", { name: /^Unassigned/ })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("Status")).toHaveValue("all");
      await expect(page.getByRole("button", { name: `Remove filter Inbox: ${setup.inboxName}` })).toBeVisible();
      await expect(page.getByRole("button", { name: `Remove filter Label: ${label}` })).toBeVisible();
      await expect(list.getByRole("link", { name: new RegExp(name) })).toBeVisible();
      await expect(list.getByRole("link")).toHaveCount(1);

      // Removing a filter is a step back can undo.
      await page.getByRole("button", { name: `Remove filter Label: ${label}` }).click();
      await expect(page).toHaveURL(conversationsUrl(`?tab=unassigned&status=all&inbox_id=${setup.inboxId}`));
      await expect(list.getByRole("link", { name: new RegExp(`Ivo Unlabelled ${screen}`) })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(conversationsUrl(`?tab=unassigned&status=all&inbox_id=${setup.inboxId}&label=${label}`));
      await expect(page.getByRole("button", { name: `Remove filter Label: ${label}` })).toBeVisible();
      await expect(list.getByRole("link")).toHaveCount(1);
      await page.goForward();
      await expect(page.getByRole("button", { name: `Remove filter Label: ${label}` })).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Remove filter Inbox: ${setup.inboxName}` })).toBeVisible();
    });

    test("messages are grouped by day, with each message's full date and time on hover and focus", async ({ page }) => {
      const name = `Dara Days ${screen} ${stamp}`;
      const { id, messageIds } = await customerWrites(name, "First we asked about March.", "Then we asked about April.", "Today we are ready to book.");
      await backdate([
        { messageId: messageIds[0]!, days: 3 },
        { messageId: messageIds[1]!, days: 1 },
      ]);

      await signIn(page, ADMIN_EMAIL);
      await page.goto(conversationsUrl(`/${id}`));
      const log = page.getByRole("log", { name: "Messages" });
      await expect(log.getByText("Today we are ready to book.")).toBeVisible();
      const days = log.getByRole("heading", { level: 3 });
      await expect(days).toHaveCount(3);
      await expect(days.nth(0)).toHaveText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
      await expect(days.nth(1)).toHaveText("Yesterday");
      await expect(days.nth(2)).toHaveText("Today");
      // The separators sit between the days' messages.
      const order = await log.locator("li").evaluateAll((items) => items.map((item) => item.textContent ?? ""));
      const at = (text: string) => order.findIndex((item) => item.includes(text));
      expect(at("First we asked")).toBeLessThan(at("Yesterday"));
      expect(at("Yesterday")).toBeLessThan(at("Then we asked"));
      expect(at("Then we asked")).toBeLessThan(at("Today"));
      expect(at("Today")).toBeLessThan(at("Today we are ready"));

      // Each message's time carries its moment, and its full date and time in the viewer's zone.
      const first = log.getByRole("listitem").filter({ hasText: "First we asked about March." }).locator("time");
      const iso = await first.getAttribute("datetime");
      const expected = await page.evaluate(
        (value) =>
          new Date(value!).toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
        iso,
      );
      await expect(first).toHaveAttribute("title", expected);
      await first.focus();
      await page.keyboard.press("Shift");
      await expect(first.getByText(expected)).toBeVisible();
      await screenshot(page, `inbox-days-${screen}`);
    });

    test("a conversation opens at its newest message and follows new ones", async ({ page }) => {
      const name = `Milo Scroll ${screen} ${stamp}`;
      const said = Array.from({ length: 26 }, (_, index) => `Question ${index + 1}: ${"we would like to know a little more about the terrace. ".repeat(index % 3 === 0 ? 3 : 1)}`);
      const { id, say } = await customerWrites(name, ...said);

      await signIn(page, ADMIN_EMAIL);
      const log = page.getByRole("log", { name: "Messages" });
      const composer = page.getByRole("textbox", { name: "Message" });
      const newest = log.getByText("Question 26:");
      // Opened from the list (rendered in the browser), and loaded afresh (rendered on the server).
      await page.goto(conversationsUrl(`?tab=all&q=${encodeURIComponent(name)}`));
      await page.getByRole("link", { name: new RegExp(name) }).click();
      await expect(page).toHaveURL(new RegExp(`/conversations/${id}\\?`));
      await expect(newest).toBeInViewport();
      await page.goto(conversationsUrl(`/${id}`));
      await expect(newest).toBeInViewport();
      await expect(composer).toBeInViewport();
      // Not under the composer: the newest message ends above it.
      const clearOfComposer = async (text: string) => {
        const message = (await log.getByRole("listitem").filter({ hasText: text }).boundingBox())!;
        const composerTop = (await page.getByRole("group", { name: "Message type" }).boundingBox())!.y;
        return message.y + message.height <= composerTop;
      };
      expect(await clearOfComposer("Question 26:")).toBe(true);
      // The latest 20 are loaded (7 to 26): the older of them are above, out of view.
      await expect(log.getByText("Question 7:")).not.toBeInViewport();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `inbox-scrolled-${screen}`);

      // Sending shows what was sent.
      await composer.fill(`Happy to help, ${name}.`);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(log.getByText(`Happy to help, ${name}.`)).toBeInViewport();
      expect(await clearOfComposer(`Happy to help, ${name}.`)).toBe(true);

      // A new message from the customer comes into view while the agent is at the bottom.
      await say("One more thing: can we bring our dog?");
      await expect(log.getByText("One more thing: can we bring our dog?")).toBeInViewport({ timeout: 10_000 });

      // Scrolled up to read, the agent stays where they are when another arrives.
      await log.getByText("Question 10:").scrollIntoViewIfNeeded();
      await say("And a second dog?");
      await expect(log.getByText("And a second dog?")).toBeAttached({ timeout: 10_000 });
      await expect(log.getByText("Question 10:")).toBeInViewport();
      await expect(log.getByText("And a second dog?")).not.toBeInViewport();
    });
  });
}

test("on a phone the list and the conversation are separate screens, neither wider than the phone", async ({ page }) => {
  const name = `Ines Narrow ${stamp}`;
  const { id } = await customerWrites(name, `A very long word without spaces: ${"terrace".repeat(20)}`, "And a link https://example.com/a/very/long/path/that/does/not/break/anywhere/at/all/ok");
  await page.setViewportSize(screens.phone);
  await signIn(page, ADMIN_EMAIL);
  await page.goto(conversationsUrl(`?tab=all&q=${encodeURIComponent("Ines Narrow")}`));
  await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(conversationsUrl(`/${id}?tab=all&q=Ines+Narrow`));
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeInViewport();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("And a link")).toBeInViewport();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // The conversation fills the screen below the top bar: the page itself does not scroll.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
  await screenshot(page, "inbox-phone-long-words");

  await page.getByRole("link", { name: "Conversations" }).filter({ hasText: "←" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search conversations" })).toHaveValue("Ines Narrow");
});
