import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/**
 * A link to a record that is not in the account answers 404, not a 200 that happens to say
 * "not found": the record is checked before any loading skeleton starts the response.
 */

type Known = { path: string; heading: string | RegExp; level?: 1 | 2 };

let accountId = "";
let known: Known[] = [];

const missingUuid = "00000000-0000-4000-8000-000000000000";

/** The first of a list the Application API answers, in whichever envelope that endpoint uses. */
const first = async <T>(api: APIRequestContext, path: string, pick: (body: never) => T[]): Promise<T> => {
  const response = await api.get(`/api/v1/accounts/${accountId}/${path}`);
  expect(response.status(), path).toBe(200);
  const item = pick((await response.json()) as never)[0];
  expect(item, `the demo data has no ${path}`).toBeDefined();
  return item!;
};

type Named = { id: number | string; name: string };

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, ADMIN_EMAIL);
  accountId = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  await context.close();

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { api_access_token: token } });
  try {
    const contact = await first(api, "contacts", (body: { payload: Named[] }) => body.payload);
    const conversation = await first(api, "conversations", (body: { data: { payload: { id: number; meta: { sender: { name: string } } }[] } }) => body.data.payload);
    const event = await first(api, "planning/events", (body: { events: Named[] }) => body.events);
    const space = await first(api, "spaces", (body: { spaces: Named[] }) => body.spaces);
    const inbox = await first(api, "inboxes", (body: { payload: Named[] }) => body.payload);
    const team = await first(api, "teams", (body: Named[]) => body);
    const agent = await first(api, "agents", (body: Named[]) => body);
    const bot = await first(api, "agent_bots", (body: Named[]) => body);
    const canned = await first(api, "canned_responses", (body: { id: number; short_code: string }[]) => body);
    const label = await first(api, "labels", (body: { payload: { id: number; title: string }[] }) => body.payload);
    const plan = await first(api, "planning/pricing-plans", (body: Named[]) => body);
    const rate = await first(api, "planning/rates", (body: Named[]) => body);
    const code = await first(api, "planning/discount-codes", (body: { id: number; code: string }[]) => body);
    known = [
      { path: `contacts/${contact.id}`, heading: contact.name },
      { path: `conversations/${conversation.id}`, heading: conversation.meta.sender.name, level: 2 },
      { path: `planning/events/${event.id}`, heading: event.name },
      { path: `planning/spaces/${space.id}`, heading: space.name },
      { path: `settings/inboxes/${inbox.id}`, heading: inbox.name },
      { path: `settings/teams/${team.id}`, heading: team.name },
      { path: `settings/agents/${agent.id}`, heading: /^Edit / },
      { path: `settings/agent-bots/${bot.id}`, heading: bot.name },
      { path: `settings/canned-responses/${canned.id}`, heading: `Edit “${canned.short_code}”` },
      { path: `settings/labels/${label.id}`, heading: `Edit “${label.title}”` },
      { path: `settings/pricing/plans/${plan.id}`, heading: `Edit “${plan.name}”` },
      { path: `settings/pricing/rates/${rate.id}`, heading: `Edit “${rate.name}”` },
      { path: `settings/pricing/discount-codes/${code.id}`, heading: `Edit “${code.code}”` },
    ];
  } finally {
    await api.dispose();
  }
});

/** Opens a URL as a person would (a full page load) and checks the status it answered with. */
const open = async (page: Page, url: string, status: number) => {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
};

const expectRecordNotFound = async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  // Inside the portal: the navigation still leads elsewhere in the account.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
};

test("a record that is not in the account, or a malformed id, answers 404 with the not-found page", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const records = [
    "contacts/999999",
    "contacts/abc",
    `planning/events/${missingUuid}`,
    "planning/events/not-a-uuid",
    `planning/spaces/${missingUuid}`,
    "planning/spaces/not-a-uuid",
    "settings/inboxes/999999",
    "settings/teams/999999",
    "settings/agents/999999",
    "settings/agent-bots/999999",
    "settings/canned-responses/999999",
    "settings/labels/999999",
    "settings/pricing/plans/999999",
    "settings/pricing/plans/0",
    "settings/pricing/rates/999999",
    "settings/pricing/discount-codes/999999",
  ];
  for (const path of records) {
    await open(page, `/app/accounts/${accountId}/${path}`, 404);
    await expectRecordNotFound(page);
  }
});

test("a conversation that is not in the account answers 404, beside the conversation list", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  for (const id of ["99999", "abc", "-1"]) {
    await open(page, `/app/accounts/${accountId}/conversations/${id}`, 404);
    await expect(page.getByRole("heading", { level: 2, name: "Conversation not found" })).toBeVisible();
    await expect(page.getByRole("tab", { name: /^Mine/ })).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to conversations" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/accounts/${accountId}/conversations$`));
  await expect(page.getByRole("heading", { level: 2, name: "Pick a conversation" })).toBeVisible();
});

test("an account the user is not a member of answers 404", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  for (const path of ["conversations", "contacts/1", `planning/events/${missingUuid}`]) {
    await open(page, `/app/accounts/999999/${path}`, 404);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your account" })).toBeVisible();
  }
});

test("each kind of record that is in the account still answers 200 with its page", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  for (const { path, heading, level = 1 } of known) {
    await open(page, `/app/accounts/${accountId}/${path}`, 200);
    await expect(page.getByRole("heading", { level, name: heading }).first(), path).toBeVisible();
  }
});

test("the list pages beside the records answer 200", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  const lists = [
    ["contacts", "Contacts"],
    ["planning", "Planning"],
    ["planning/events", "Events"],
    ["planning/spaces", "Spaces"],
    ["settings/inboxes", "Inboxes"],
    ["settings/teams", "Teams"],
    ["settings/agents", "Agents"],
    ["settings/agent-bots", "Agent bots"],
    ["settings/canned-responses", "Canned responses"],
    ["settings/labels", "Labels"],
    ["settings/pricing", "Pricing"],
    ["settings/pricing/plans", "Pricing plans"],
    ["settings/pricing/rates", "Rates"],
    ["settings/pricing/discount-codes", "Discount codes"],
  ] as const;
  for (const [path, heading] of lists) {
    await open(page, `/app/accounts/${accountId}/${path}`, 200);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true }), path).toBeVisible();
  }
});

test("the not-found page reads well on a desktop and on a phone", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  await open(page, `/app/accounts/${accountId}/planning/events/${missingUuid}`, 404);
  await expectRecordNotFound(page);
  await screenshot(page, "not-found-record");

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/app/accounts/${accountId}/planning/events/${missingUuid}`, 404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await screenshot(page, "not-found-record-mobile");
});
