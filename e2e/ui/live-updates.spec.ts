import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, liveStreamOpened, openAccountPage, signIn } from "./helpers";

/*
 * Live updates between two agents of one account, each in a browser of their own (the
 * administrator Alex and the agent Sam, both members of this test's API inbox): what a customer
 * writes through the Client API, what one agent books on the calendar and what one types show up
 * on the other's screen within two seconds, without a reload; and a page left alone asks the
 * server for nothing: its one live stream brings the news.
 */

const stamp = Date.now().toString(36);
/** What "live" means here: on the other screen this soon after the change was made. */
const LIVE = { timeout: 2_000 };
const zone = "Europe/Amsterdam";

type Setup = { api: APIRequestContext; accountId: string; inboxIdentifier: string; websiteToken: string; spaceId: string; spaceName: string };
let setup: Setup;

test.use({ viewport: { width: 1440, height: 1000 } });

/** An agent signed in in a browser of their own. */
const agentBrowser = async (browser: Browser, baseURL: string, email: string, viewport = { width: 1440, height: 1000 }) => {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  // The page signing in lands on opens its stream just after its URL settles: waited for, so a
  // test counting streams from here on counts only those of the pages it opens.
  const landed = liveStreamOpened(page);
  await signIn(page, email);
  await landed;
  return { context, page };
};

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const alex = await agentBrowser(browser, baseURL, ADMIN_EMAIL);
  const accountId = accountIdOf(alex.page);
  await openAccountPage(alex.page, "profile", "Profile");
  const token = await alex.page.getByLabel("Access token", { exact: true }).inputValue();
  await alex.context.close();

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { api_access_token: token } });
  const accounts = `/api/v1/accounts/${accountId}`;
  const inbox = await api.post(`${accounts}/inboxes`, { data: { name: `Live desk ${stamp}`, channel: { type: "api" } } });
  expect(inbox.status()).toBe(200);
  const { id: inboxId, inbox_identifier: inboxIdentifier } = await inbox.json();
  const website = await api.post(`${accounts}/inboxes`, {
    data: { name: `Live website ${stamp}`, channel: { type: "web_widget", website_url: "https://venue.example.com" } },
  });
  expect(website.status()).toBe(200);
  const { id: websiteId, website_token: websiteToken } = await website.json();
  // Sam answers these inboxes too: both agents hear their conversations.
  const agents = (await (await api.get(`${accounts}/agents`)).json()) as { id: number; email: string }[];
  const sam = agents.find((agent) => agent.email === AGENT_EMAIL)!;
  for (const id of [inboxId, websiteId]) {
    expect((await api.post(`${accounts}/inbox_members`, { data: { inbox_id: id, user_ids: [sam.id] } })).status()).toBe(200);
  }
  const spaceName = `Live hall ${stamp}`;
  const space = await api.post(`${accounts}/spaces`, { data: { name: spaceName, timezone: zone, position: 950, banquet: 120 } });
  expect(space.status(), await space.text()).toBeLessThan(300);
  setup = { api, accountId, inboxIdentifier, websiteToken, spaceId: (await space.json()).id, spaceName };
});

test.afterAll(async () => {
  await setup?.api.dispose();
});

/** A customer of the API inbox with a conversation of their own, who can write and type in it. */
const customer = async (name: string) => {
  const { api, inboxIdentifier } = setup;
  const contacts = `/public/api/v1/inboxes/${inboxIdentifier}/contacts`;
  const contact = await api.post(contacts, { data: { name, email: `${name.toLowerCase().replace(/\W+/g, "-")}.${stamp}@example.com` } });
  expect(contact.status()).toBe(200);
  const { source_id: sourceId } = await contact.json();
  const created = await api.post(`${contacts}/${sourceId}/conversations`, { data: {} });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const conversation = `${contacts}/${sourceId}/conversations/${id}`;
  return {
    id,
    writes: async (content: string) => expect((await api.post(`${conversation}/messages`, { data: { content } })).status()).toBe(200),
    types: async (on: boolean) => expect((await api.post(`${conversation}/toggle_typing`, { data: { typing_status: on ? "on" : "off" } })).status()).toBe(200),
  };
};

/**
 * Opens a page of the account and waits until its live stream is answering, so what happens
 * next cannot fall between the page's load and the stream. Marks the window: a reload would
 * lose the mark (see `notReloaded`).
 */
const openLive = async (page: Page, path: string) => {
  const stream = liveStreamOpened(page);
  await page.goto(`/app/accounts/${setup.accountId}/${path}`);
  expect((await stream).status()).toBe(200);
  await page.evaluate(() => {
    (window as unknown as { liveMark: boolean }).liveMark = true;
  });
};
const notReloaded = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);

/**
 * Every request the page makes while it is left alone for `ms` on its clock (page.clock, installed
 * before the page opened): every timer due in that time fires, an interval of a minute as surely
 * as one of a second, and whatever a timer asked for is given a real second to leave the page.
 */
const requestsWhileIdle = async (page: Page, ms: number) => {
  const seen: string[] = [];
  const record = (request: { method: () => string; url: () => string }) => seen.push(`${request.method()} ${request.url()}`);
  page.on("request", record);
  await page.clock.runFor(ms);
  await page.waitForTimeout(1_000);
  page.off("request", record);
  return seen;
};

test("a customer's message reaches both agents' inbox within two seconds, without a reload; typing shows on the other side", async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const name = `Dana Live ${stamp}`;
  const dana = await customer(name);
  await dana.writes("Hello, is the hall free in May?");
  const alex = await agentBrowser(browser, baseURL, ADMIN_EMAIL);
  const sam = await agentBrowser(browser, baseURL, AGENT_EMAIL);
  try {
    for (const { page } of [alex, sam]) {
      // The "All" tab: nobody is assigned yet, so the row is not among either agent's own.
      await openLive(page, `conversations/${dana.id}?tab=all`);
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }

    await dana.writes("We would be about 80 people.");
    for (const { page } of [alex, sam]) {
      await expect(page.getByRole("log", { name: "Messages" }).getByText("We would be about 80 people.")).toBeVisible(LIVE);
      // The list beside it moves the conversation's newest message up too.
      await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toContainText("We would be about 80 people.", LIVE);
    }

    // The customer types: both agents see it. Alex types: Sam sees it, and it ends when Alex sends.
    await dana.types(true);
    for (const { page } of [alex, sam]) await expect(page.getByRole("status").filter({ hasText: `${name} is typing…` })).toBeVisible(LIVE);
    await dana.types(false);
    for (const { page } of [alex, sam]) await expect(page.getByRole("status").filter({ hasText: "is typing" })).toHaveCount(0, LIVE);

    const composer = alex.page.getByRole("textbox", { name: "Message" });
    await composer.click();
    await composer.pressSequentially("Yes, it is");
    await expect(sam.page.getByRole("status").filter({ hasText: /Alex Morgan is typing…/ })).toBeVisible(LIVE);
    await expect(alex.page.getByRole("status").filter({ hasText: "is typing" })).toHaveCount(0);
    await alex.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(sam.page.getByRole("log", { name: "Messages" }).getByText("Yes, it is")).toBeVisible(LIVE);
    await expect(sam.page.getByRole("status").filter({ hasText: "is typing" })).toHaveCount(0, LIVE);

    for (const { page } of [alex, sam]) await notReloaded(page);
  } finally {
    await alex.context.close();
    await sam.context.close();
  }
});

test("on a phone the open conversation gets the customer's message live too", async ({ browser }, testInfo) => {
  const name = `Eli Phone ${stamp}`;
  const eli = await customer(name);
  await eli.writes("Do you have parking?");
  const sam = await agentBrowser(browser, testInfo.project.use.baseURL!, AGENT_EMAIL, { width: 390, height: 844 });
  try {
    await openLive(sam.page, `conversations/${eli.id}`);
    await expect(sam.page.getByRole("heading", { level: 2, name })).toBeVisible();
    await eli.writes("For about 20 cars.");
    await expect(sam.page.getByRole("log", { name: "Messages" }).getByText("For about 20 cars.")).toBeVisible(LIVE);
    await notReloaded(sam.page);
  } finally {
    await sam.context.close();
  }
});

test("the website chat gets the agent's reply and typing live, and the agent sees the visitor typing", async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const visitor = await browser.newContext({ baseURL, viewport: { width: 400, height: 700 } });
  const chat = await visitor.newPage();
  const sam = await agentBrowser(browser, baseURL, AGENT_EMAIL);
  try {
    await chat.goto(`/widget?website_token=${setup.websiteToken}`);
    const question = `Can we bring our own cake? (${stamp})`;
    // The first message starts the visitor's session, and with it the chat's live stream.
    const stream = chat.waitForResponse((response) => new URL(response.url()).pathname === "/public/api/v1/live");
    await chat.getByRole("textbox", { name: "Message" }).fill(question);
    await chat.getByRole("button", { name: "Send" }).click();
    expect((await stream).status()).toBe(200);
    const stored = await chat.evaluate((key) => localStorage.getItem(key), `venuedesk.chat.${setup.websiteToken}`);
    const { conversation_id: displayId } = JSON.parse(stored!) as { conversation_id: number };

    await openLive(sam.page, `conversations/${displayId}`);
    await expect(sam.page.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();

    await chat.getByRole("textbox", { name: "Message" }).pressSequentially("And candles");
    await expect(sam.page.getByRole("status").filter({ hasText: /Website visitor \d+ is typing…/ })).toBeVisible(LIVE);

    const composer = sam.page.getByRole("textbox", { name: "Message" });
    await composer.click();
    await composer.pressSequentially("Of course");
    const conversation = chat.getByRole("log", { name: "Conversation" });
    await expect(chat.getByRole("status").filter({ hasText: "is typing…" })).toBeVisible(LIVE);
    await sam.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(conversation.getByText("Of course")).toBeVisible(LIVE);
    await expect(chat.getByRole("status").filter({ hasText: "is typing" })).toHaveCount(0, LIVE);
  } finally {
    await visitor.close();
    await sam.context.close();
  }
});

/** A Wednesday about seven months ahead, clear of the demo's bookings. */
const farDate = () => {
  const day = new Date(Date.now() + 210 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((10 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
};

test("a booking made by one planner appears on the other's calendar within two seconds", async ({ browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const date = farDate();
  const title = `Live booking ${stamp}`;
  const alex = await agentBrowser(browser, baseURL, ADMIN_EMAIL);
  const sam = await agentBrowser(browser, baseURL, AGENT_EMAIL);
  try {
    for (const { page } of [alex, sam]) {
      await openLive(page, `planning?date=${date}&view=day`);
      await expect(page.getByRole("group", { name: `${setup.spaceName} timeline` })).toBeVisible();
    }
    // Noon to three in the afternoon, Amsterdam time (summer or winter: both offsets are whole hours).
    const offset = await alex.page.evaluate(
      ([day, z]) => {
        const probe = new Date(`${day}T12:00:00Z`);
        const wall = Number(new Intl.DateTimeFormat("en-GB", { timeZone: z, hour: "2-digit", hourCycle: "h23" }).format(probe));
        return wall - 12;
      },
      [date, zone] as const,
    );
    const at = (hour: number) => new Date(Date.parse(`${date}T${String(hour - offset).padStart(2, "0")}:00:00Z`)).toISOString();
    const booked = await setup.api.post(`/api/v1/accounts/${setup.accountId}/planning/allocations`, {
      data: { space_id: setup.spaceId, start_at: at(12), end_at: at(15), title, status: "confirmed" },
    });
    expect(booked.status(), await booked.text()).toBeLessThan(300);

    for (const { page } of [sam, alex]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${title}, `) })).toBeVisible(LIVE);
      await notReloaded(page);
    }
  } finally {
    await alex.context.close();
    await sam.context.close();
  }
});

test("the inbox and the calendar, left alone, make no requests: only their one live stream stays open", async ({ browser }, testInfo) => {
  const name = `Fay Idle ${stamp}`;
  const fay = await customer(name);
  await fay.writes("Just looking, thanks.");
  const sam = await agentBrowser(browser, testInfo.project.use.baseURL!, AGENT_EMAIL);
  // The pages opened from here run on a clock the test can move on; it flows as usual until then.
  await sam.page.clock.install();
  try {
    for (const [path, ready] of [
      [`conversations/${fay.id}`, () => sam.page.getByRole("heading", { level: 2, name })],
      [`planning?date=${farDate()}&view=week`, () => sam.page.getByRole("heading", { level: 1, name: "Planning" })],
    ] as const) {
      const streams: string[] = [];
      const count = (request: { url: () => string }) => {
        if (new URL(request.url()).pathname === "/app/live") streams.push(request.url());
      };
      sam.page.on("request", count);
      await openLive(sam.page, path);
      await expect(ready()).toBeVisible();
      // What a page asks for once it has loaded (reading the conversation, prefetching links) settles first.
      await sam.page.waitForTimeout(3_000);
      expect(await requestsWhileIdle(sam.page, 10 * 60_000), `requests on ${path} in ten idle minutes`).toEqual([]);
      sam.page.off("request", count);
      expect(streams, `live streams opened on ${path}`).toHaveLength(1);
    }
  } finally {
    await sam.context.close();
  }
});
