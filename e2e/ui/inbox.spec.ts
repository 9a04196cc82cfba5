import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/**
 * The agents' inbox. The conversations these tests work on come in the way a customer's would:
 * through the Client API of an API inbox the administrator sets up with the Application API.
 */

type Setup = { api: APIRequestContext; accountId: string; inboxIdentifier: string };
let setup: Setup;

const stamp = Date.now().toString(36);

/** A customer starts a conversation in the API inbox and says something; answers its display id. */
const customerWrites = async (name: string, content?: string) => {
  const { api, inboxIdentifier } = setup;
  const base = `/public/api/v1/inboxes/${inboxIdentifier}/contacts`;
  const contact = await api.post(base, { data: { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.com` } });
  expect(contact.status()).toBe(200);
  const { source_id: sourceId } = await contact.json();
  const conversation = await api.post(`${base}/${sourceId}/conversations`, { data: {} });
  expect(conversation.status()).toBe(200);
  const { id } = (await conversation.json()) as { id: number };
  const say = async (text: string) => {
    const message = await api.post(`${base}/${sourceId}/conversations/${id}/messages`, { data: { content: text } });
    expect(message.status()).toBe(200);
  };
  if (content) await say(content);
  return { id, say };
};

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
  const inbox = await api.post(`/api/v1/accounts/${accountId}/inboxes`, { data: { name: `Garden room enquiries ${stamp}`, channel: { type: "api" } } });
  expect(inbox.status()).toBe(200);
  const { id: inboxId, inbox_identifier: inboxIdentifier } = await inbox.json();
  const agents = (await (await api.get(`/api/v1/accounts/${accountId}/agents`)).json()) as { id: number; email: string }[];
  const agent = agents.find((item) => item.email === AGENT_EMAIL)!;
  expect((await api.post(`/api/v1/accounts/${accountId}/inbox_members`, { data: { inbox_id: inboxId, user_ids: [agent.id] } })).status()).toBe(200);
  // A label of our own, so the test does not lean on the demo data's.
  await api.post(`/api/v1/accounts/${accountId}/labels`, { data: { title: "garden-room", color: "#16a34a" } });
  setup = { api, accountId, inboxIdentifier };
});

test.afterAll(async () => {
  await setup?.api.dispose();
});

test("an agent picks up an unassigned conversation, answers it with a canned response, labels and resolves it", async ({ page }) => {
  const name = `Robin Gardner ${stamp}`;
  await customerWrites(name, "Hello! Could we see the venue next week?");

  await signIn(page, AGENT_EMAIL);
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
  await page.getByRole("tab", { name: /^Unassigned/ }).click();
  await expect(page.getByRole("tab", { name: /^Unassigned/ })).toHaveAttribute("aria-selected", "true");
  const unassigned = page.getByRole("list", { name: "Unassigned conversations" });
  const row = unassigned.getByRole("link", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Could we see the venue next week?");
  await screenshot(page, "inbox-list");

  await row.click();
  // The list's view (the Unassigned tab) travels with the conversation's address.
  await expect(page).toHaveURL(/\/conversations\/\d+\?tab=unassigned$/);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  const log = page.getByRole("log", { name: "Messages" });
  await expect(log.getByText("Hello! Could we see the venue next week?")).toBeVisible();
  // The list stays beside the open conversation, with the row marked as the current one.
  await expect(unassigned.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("aria-current", "page");

  // She takes it: it leaves Unassigned and shows under Mine.
  await page.getByLabel("Agent", { exact: true }).selectOption({ label: "Sam Rivera" });
  await expect(page.getByLabel("Agent", { exact: true })).toHaveValue(/\d+/);
  await expect(unassigned.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("tab", { name: /^Mine/ }).click();
  await expect(page.getByRole("list", { name: "Mine conversations" }).getByRole("link", { name: new RegExp(name) })).toBeVisible();

  // "/" and part of a short code offer the canned responses; Enter inserts one with the name filled in.
  const message = page.getByRole("textbox", { name: "Message" });
  await message.click();
  await message.pressSequentially("/greet");
  const picker = page.getByRole("listbox", { name: "Canned responses" });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole("option", { name: /greeting/ })).toHaveAttribute("aria-selected", "true");
  await screenshot(page, "inbox-canned-picker");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  const greeting = `Hi ${name}, thanks for reaching out to Demo Venue! How can we help with your event?`;
  await expect(message).toHaveValue(greeting);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(log.getByText(greeting)).toBeVisible();
  await expect(message).toHaveValue("");

  // Escape closes the picker and leaves what was typed.
  await message.pressSequentially("/avail");
  await expect(picker).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(message).toHaveValue("/avail");
  await message.fill("");

  // A private note reads as one.
  await page.getByRole("button", { name: "Private note" }).click();
  await message.fill("Wants a tour on Tuesday morning.");
  await page.keyboard.press("Control+Enter");
  await expect(log.getByRole("listitem").filter({ hasText: "Wants a tour on Tuesday morning." })).toContainText("Private note");

  await page.getByLabel("Add label").selectOption("garden-room");
  await expect(page.getByRole("button", { name: "Remove label garden-room" })).toBeVisible();

  await page.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(page.getByRole("region", { name }).getByText("Resolved", { exact: true })).toBeVisible();
  await screenshot(page, "inbox-conversation");

  const contact = page.getByRole("complementary", { name: "Contact details" });
  await expect(contact.getByRole("heading", { name })).toBeVisible();
  await expect(contact.getByRole("link", { name: "Open contact page" })).toHaveAttribute("href", /\/contacts\/\d+$/);
  await contact.screenshot({ path: "test-results/screenshots/inbox-contact-panel.png" });

  // Resolved, it has left the open Mine list; the status filter finds it again.
  await expect(page.getByRole("list", { name: "Mine conversations" }).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("resolved");
  await expect(page.getByRole("list", { name: "Mine conversations" }).getByRole("link", { name: new RegExp(name) })).toContainText("garden-room");
});

test("a customer's message appears in the open conversation without a reload", async ({ page }) => {
  const name = `Kim Hollander ${stamp}`;
  const { id, say } = await customerWrites(name);

  await signIn(page, AGENT_EMAIL);
  await page.goto(`/app/accounts/${setup.accountId}/conversations/${id}`);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  const log = page.getByRole("log", { name: "Messages" });
  await expect(log.getByText("No messages yet.")).toBeVisible();

  await say("Is the garden room free in June?");
  await expect(log.getByText("Is the garden room free in June?")).toBeVisible({ timeout: 10_000 });
  // The list catches up too: the new conversation is waiting in Unassigned with the message.
  await page.getByRole("tab", { name: /^Unassigned/ }).click();
  await expect(page.getByRole("list", { name: "Unassigned conversations" }).getByRole("link", { name: new RegExp(name) })).toContainText(
    "Is the garden room free in June?",
  );
});

test("on a phone the list and the conversation take turns", async ({ page }) => {
  const name = `Alex Phone ${stamp}`;
  await customerWrites(name, "Do you have parking for 40 cars?");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, AGENT_EMAIL);
  await page.getByRole("tab", { name: /^Unassigned/ }).click();
  const row = page.getByRole("list", { name: "Unassigned conversations" }).getByRole("link", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByText("Pick a conversation")).toBeHidden();
  await screenshot(page, "inbox-phone-list");

  await row.click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await screenshot(page, "inbox-phone-conversation");
  await page.getByRole("link", { name: "Conversations" }).filter({ hasText: "←" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
});
