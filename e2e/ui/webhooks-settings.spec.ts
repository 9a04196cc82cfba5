import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * Settings → Webhooks end to end: a real receiver on 127.0.0.1 (the port playwright.config.ts
 * allow-lists for the server), messages written through the Client API, and the dispatcher
 * running inside the server. What arrives at the receiver is checked beside what the delivery
 * log says about it; a receiver answering 500 and then refusing shows up as failed attempts, the
 * webhook is flagged failing, and Redeliver gets the event through. Desktop and phone widths.
 * Screenshots: test-results/screenshots/webhook-*.png.
 */

const receiverHost = process.env.E2E_WEBHOOK_RECEIVER!;

type Received = { path: string; headers: IncomingHttpHeaders; body: string; event: string };

/** Records every request; `answers` sets, per path, the statuses to answer in turn (then 200). */
const startReceiver = async () => {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body, event: (JSON.parse(body || "{}") as { event?: string }).event ?? "" });
      res.writeHead(answers.get(path)?.shift() ?? 200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  const [host, port] = receiverHost.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
  return {
    url: (path: string) => `http://${receiverHost}${path}`,
    answers,
    seen: (path: string, event = "message_created") => received.filter((request) => request.path === path && request.event === event),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

type Api = { request: APIRequestContext; token: string; account: string };

const call = async (api: Api, path: string, body: unknown) => {
  const response = await api.request.post(`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
  return response.json();
};

/** A guest writes through the Client API: a contact and a conversation on the first message, then more messages. */
const guest = (request: APIRequestContext, inboxIdentifier: string) => {
  const base = `/public/api/v1/inboxes/${inboxIdentifier}`;
  let conversation: { contact: string; id: number } | null = null;
  return async (content: string) => {
    if (!conversation) {
      const contact = await (await request.post(`${base}/contacts`, { data: { name: "Ada Lovelace" } })).json();
      const started = await (await request.post(`${base}/contacts/${contact.source_id}/conversations`, { data: {} })).json();
      conversation = { contact: contact.source_id, id: started.id };
    }
    const sent = await request.post(`${base}/contacts/${conversation.contact}/conversations/${conversation.id}/messages`, { data: { content } });
    expect(sent.status(), await sent.text()).toBe(200);
  };
};

const signatureOf = (secret: string, request: Received) =>
  `sha256=${createHmac("sha256", secret).update(`${request.headers["x-chatwoot-timestamp"]}.${request.body}`).digest("hex")}`;

const expectNoSideScroll = async (page: Page, where: string) => {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${where}: the page is no wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
};

/** The log's entry for the newest delivery of `event`, once the page (reloaded until then) shows its status and its attempts so far. */
const deliveryShown = async (page: Page, event: string, status: string, attempts: RegExp) => {
  const entry = page.getByRole("list", { name: "Deliveries" }).getByRole("listitem").filter({ hasText: event }).first();
  await expect(async () => {
    await page.reload();
    await expect(entry.getByText(status, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(entry.getByText(attempts)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return entry;
};

const attemptsOf = async (entry: Locator) => {
  const summary = entry.locator("summary");
  if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
  return entry.getByRole("table", { name: /^Attempts of the/ });
};

test("an administrator adds a webhook, rotates its secret, follows deliveries in the log and redelivers a failed one", async ({ page }) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    const tag = Math.random().toString(36).slice(2, 8);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, ADMIN_EMAIL);
    const account = accountIdOf(page);
    await openAccountPage(page, "profile", "Profile");
    const api: Api = { request: page.request, token: await page.getByLabel("Access token", { exact: true }).inputValue(), account };

    await openAccountPage(page, "settings", "Settings");
    await page.getByRole("main").getByRole("link", { name: /^Webhooks/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();
    await page.getByRole("link", { name: "New webhook" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "New webhook" })).toBeVisible();
    // Chatwoot's six are ticked on a new webhook.
    await expect(page.getByLabel("message_created")).toBeChecked();
    await expect(page.getByLabel("contact_created")).not.toBeChecked();

    // A loopback address nobody allow-listed is refused beside the URL, and the ticked boxes stay.
    await page.getByRole("textbox", { name: "URL", exact: true }).fill("http://127.0.0.1:9/hook");
    await page.getByLabel("contact_created").check();
    await page.getByRole("button", { name: "Create webhook" }).click();
    await expect(page.getByRole("textbox", { name: "URL", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/leads to a loopback address/)).toBeVisible();
    await expect(page.getByLabel("contact_created")).toBeChecked();
    await screenshot(page, "webhook-form-errors");

    const crmPath = `/crm-${tag}`;
    await page.getByRole("textbox", { name: "URL", exact: true }).fill(receiver.url(crmPath));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("CRM sync");
    await page.getByRole("button", { name: "Create webhook" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "CRM sync" })).toBeVisible();
    await expect(page.getByText("Webhook created.")).toBeVisible();
    const webhookUrl = page.url().replace(/\?.*$/, "");
    await expect(page.getByText("Nothing sent yet.")).toBeVisible();

    // The secret is shown, and rotating it replaces it in place.
    const secretField = page.getByLabel("Secret", { exact: true });
    const first = await secretField.inputValue();
    expect(first.length).toBeGreaterThan(20);
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByText("A new secret was issued.", { exact: false })).toBeVisible();
    await expect(secretField).not.toHaveValue(first);
    const secret = await secretField.inputValue();

    await openAccountPage(page, "settings/webhooks", "Webhooks");
    const row = page.getByRole("table", { name: "Webhooks" }).getByRole("row").filter({ hasText: "CRM sync" });
    await expect(row.getByText("All inboxes")).toBeVisible();
    await expect(row.getByText("Active")).toBeVisible();
    await expect(row.getByText("7 events")).toBeVisible();

    // A guest writes to an API inbox whose own webhook URL is the receiver too.
    const inboxPath = `/inbox-${tag}`;
    const inbox = await call(api, "inboxes", { name: `Booking form ${tag}`, channel: { type: "api", webhook_url: receiver.url(inboxPath) } });
    const write = guest(page.request, inbox.inbox_identifier);
    await write("Is the boathouse free on 12 June?");
    await expect.poll(() => receiver.seen(crmPath).length).toBe(1);
    const [arrived] = receiver.seen(crmPath);
    expect(arrived!.headers["x-chatwoot-signature"]).toBe(signatureOf(secret, arrived!));

    await page.goto(webhookUrl);
    const delivered = await deliveryShown(page, "message_created", "Delivered", /1 attempt · last status 200/);
    const attempts = await attemptsOf(delivered);
    await expect(attempts.getByRole("cell", { name: receiver.url(crmPath) })).toBeVisible();
    await expect(attempts.getByRole("cell", { name: "200", exact: true })).toBeVisible();
    await screenshot(page, "webhook-log-delivered");

    // The inbox's page keeps the log of its own webhook URL.
    await page.goto(`/app/accounts/${account}/settings/inboxes/${inbox.id}`);
    await deliveryShown(page, "message_created", "Delivered", /1 attempt · last status 200/);
    expect(receiver.seen(inboxPath)).toHaveLength(1);

    // A second receiver answers 500, then refuses for good (410): the delivery is retried once, then failed.
    const flakyPath = `/flaky-${tag}`;
    receiver.answers.set(flakyPath, [500, 410]);
    const flaky = (await call(api, "webhooks", { webhook: { url: receiver.url(flakyPath), name: "Flaky receiver", subscriptions: ["message_created"] } })).payload.webhook;
    await write("Could we bring our own band?");
    await expect.poll(() => receiver.seen(flakyPath).length).toBe(1);
    await page.goto(`/app/accounts/${account}/settings/webhooks/${flaky.id}`);
    const retrying = await deliveryShown(page, "message_created", "Pending", /1 attempt · last status 500/);
    await expect(retrying.getByText(/^Next attempt/)).toBeVisible();
    await expect((await attemptsOf(retrying)).getByRole("cell", { name: "500", exact: true })).toBeVisible();
    await expect(retrying.getByRole("button", { name: /^Redeliver/ })).toHaveCount(0);

    await expect.poll(() => receiver.seen(flakyPath).length, { timeout: 30_000 }).toBe(2);
    const failed = await deliveryShown(page, "message_created", "Failed", /2 attempts · last status 410/);
    const failedAttempts = await attemptsOf(failed);
    await expect(failedAttempts.getByRole("cell", { name: "500", exact: true })).toBeVisible();
    await expect(failedAttempts.getByRole("cell", { name: "410", exact: true })).toBeVisible();
    await expect(page.getByText(/^Failing since/)).toBeVisible();
    await screenshot(page, "webhook-failing");
    await page.locator("#delivery-log").screenshot({ path: "test-results/screenshots/webhook-log-failing.png" });

    await openAccountPage(page, "settings/webhooks", "Webhooks");
    await expect(page.getByRole("row").filter({ hasText: "Flaky receiver" }).getByText(/^Failing since/)).toBeVisible();
    await page.getByRole("link", { name: "Flaky receiver", exact: true }).click();

    // Fixed receiver: Redeliver sends the same delivery again, and the flag clears.
    const entry = page.getByRole("list", { name: "Deliveries" }).getByRole("listitem").filter({ hasText: "message_created" }).first();
    await entry.getByRole("button", { name: /^Redeliver/ }).click();
    await expect(entry.getByText(/^Queued again/)).toBeVisible();
    await expect.poll(() => receiver.seen(flakyPath).length).toBe(3);
    const deliveryIds = receiver.seen(flakyPath).map((request) => request.headers["x-chatwoot-delivery"]);
    expect(new Set(deliveryIds).size).toBe(1);
    await deliveryShown(page, "message_created", "Delivered", /3 attempts · last status 200/);
    await expect(page.getByText(/^Failing since/)).toHaveCount(0);
    await screenshot(page, "webhook-redelivered");

    // On a phone the page, the log and an opened delivery's attempts fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const onPhone = page.getByRole("list", { name: "Deliveries" }).getByRole("listitem").filter({ hasText: "message_created" }).first();
    await expect((await attemptsOf(onPhone)).getByText("410", { exact: true })).toBeVisible();
    await expect(onPhone.getByRole("button", { name: /^Redeliver/ })).toBeVisible();
    await expectNoSideScroll(page, "the webhook page");
    await screenshot(page, "webhook-phone");
    await page.locator("#delivery-log").screenshot({ path: "test-results/screenshots/webhook-log-phone.png" });
    await openAccountPage(page, "settings/webhooks", "Webhooks");
    await expect(page.getByRole("row").filter({ hasText: "Flaky receiver" }).getByText("Active")).toBeVisible();
    await expectNoSideScroll(page, "the webhooks list");
    await screenshot(page, "webhooks-phone");
  } finally {
    await receiver.close();
  }
});
