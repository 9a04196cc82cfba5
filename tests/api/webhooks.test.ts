import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { conversationStatuses, conversations, eventDeliveries, events, webhookSubscriptionDefaults } from "@/db/schema";
import { dispatchDue } from "@/lib/events/dispatch";
import { recordEvent } from "@/lib/events/record";
import { api, type ApiResponse } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { makeOAuthToken } from "../helpers/oauth";
import { startReceiver, type Receiver, type Received } from "../helpers/receiver";

/*
 * The Webhooks API (Chatwoot's routes and wrappers), our delivery logs and redelivery for
 * webhooks, bots and API inboxes, and secret rotation. Deliveries go to a real receiver on
 * 127.0.0.1 (allow-listed); the dispatcher runs as a plain function with a clock the tests move.
 */

let receiver: Receiver;
let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await startReceiver();
  team = await makeTeam();
  other = await makeTeam();
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

type Team = typeof team;
const accountPath = (t: Team = team) => `/api/v1/accounts/${t.account.id}`;
const hooksPath = (t: Team = team) => `${accountPath(t)}/webhooks`;
const asAdmin = (body?: unknown, t: Team = team) => ({ token: t.admin.token, body });
const url = (path: string) => `${receiver.base}${path}`;

const createHook = async (body: unknown, t: Team = team) => {
  const res = await api.post(hooksPath(t), asAdmin(body, t));
  expect(res.status, res.text).toBe(200);
  return res.body.payload.webhook as { id: number; secret: string; url: string; subscriptions: string[] };
};

type Inbox = { id: number; inbox_identifier: string; secret: string };

const makeApiInbox = async (webhookPath: string | null = null, t: Team = team): Promise<Inbox> => {
  const res = await api.post(`${accountPath(t)}/inboxes`, asAdmin({ name: `API ${webhookPath ?? "inbox"}`, channel: { type: "api", ...(webhookPath ? { webhook_url: url(webhookPath) } : {}) } }, t));
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const makeInboxBot = async (inbox: Inbox, botPath: string, t: Team = team) => {
  const bot = await api.post(`${accountPath(t)}/agent_bots`, asAdmin({ name: `Bot ${botPath}`, outgoing_url: url(botPath) }, t));
  expect(bot.status, bot.text).toBe(200);
  const set = await api.post(`${accountPath(t)}/inboxes/${inbox.id}/set_agent_bot`, asAdmin({ agent_bot: bot.body.id }, t));
  expect(set.status).toBeLessThan(300);
  return bot.body as { id: number; secret: string };
};

/** A customer writes through the Client API: a contact, a conversation and a message. */
const customerWrites = async (inbox: Inbox, content = "Is the hall free on Saturday?") => {
  const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const contact = await api.post(`${pub}/contacts`, { body: { name: "Ada" } });
  const conversation = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations`, { body: {} });
  const message = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations/${conversation.body.id}/messages`, { body: { content } });
  expect(message.status, message.text).toBe(200);
  return { displayId: conversation.body.id as number, messageId: Number(message.body.id) };
};

const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
const hour = 60 * 60_000;
const start = () => new Date(Date.now() + 1_000);
const dispatchAt = (now: Date) => dispatchDue(getDb(), { now: () => now, random: () => 0 });

const signedWith = (received: Received, secret: string) =>
  received.headers["x-chatwoot-signature"] ===
  `sha256=${createHmac("sha256", secret).update(`${received.headers["x-chatwoot-timestamp"]}.${received.body}`).digest("hex")}`;

const expectRefused = (res: ApiResponse, status: number, field?: string, extra: Record<string, unknown> = {}) => {
  expect(res.status, res.text).toBe(status);
  if (field) expect(res.body.errors).toEqual([expect.objectContaining({ field, ...extra })]);
};

describe("the Webhooks API (Chatwoot's)", () => {
  it("creates, lists, updates (PATCH and PUT) and deletes with Chatwoot's wrappers", async () => {
    const wrapped = await api.post(hooksPath(), asAdmin({ webhook: { url: url("/crud-1"), subscriptions: ["message_created", "quote_sent"], name: "CRM" } }));
    expect(wrapped.status).toBe(200);
    const hook = wrapped.body.payload.webhook;
    expect(hook).toEqual({
      id: expect.any(Number),
      name: "CRM",
      url: url("/crud-1"),
      account_id: team.account.id,
      subscriptions: ["message_created", "quote_sent"],
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      inbox: null,
      failing: false,
      failing_since: null,
    });

    // A bare body, as Rails' wrap_parameters takes it; no subscriptions: Chatwoot's six defaults.
    const bare = await createHook({ url: url("/crud-2") });
    expect(bare.subscriptions).toEqual(webhookSubscriptionDefaults);
    expect(bare.secret).not.toBe(hook.secret);

    const list = await api.get(hooksPath(), asAdmin());
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(["payload"]);
    expect(list.body.payload.webhooks.map((w: { id: number }) => w.id)).toEqual(expect.arrayContaining([hook.id, bare.id]));

    const shown = await api.get(`${hooksPath()}/${hook.id}`, asAdmin());
    expect(shown.body).toEqual(wrapped.body);

    const patched = await api.patch(`${hooksPath()}/${hook.id}`, asAdmin({ webhook: { name: "CRM sync", subscriptions: ["contact_created"] } }));
    expect(patched.status).toBe(200);
    expect(patched.body.payload.webhook).toMatchObject({ id: hook.id, name: "CRM sync", url: url("/crud-1"), subscriptions: ["contact_created"], secret: hook.secret });

    const put = await api.put(`${hooksPath()}/${hook.id}`, asAdmin({ url: url("/crud-1b") }));
    expect(put.status).toBe(200);
    expect(put.body.payload.webhook).toMatchObject({ url: url("/crud-1b"), name: "CRM sync", subscriptions: ["contact_created"] });

    const deleted = await api.delete(`${hooksPath()}/${hook.id}`, asAdmin());
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expectRefused(await api.get(`${hooksPath()}/${hook.id}`, asAdmin()), 404);
    expectRefused(await api.delete(`${hooksPath()}/${hook.id}`, asAdmin()), 404);
    const after = await api.get(hooksPath(), asAdmin());
    expect(after.body.payload.webhooks.map((w: { id: number }) => w.id)).not.toContain(hook.id);
  });

  it("scopes a webhook to an inbox of the account and shows it", async () => {
    const inbox = await makeApiInbox();
    const hook = await api.post(hooksPath(), asAdmin({ webhook: { url: url("/scoped-show"), inbox_id: inbox.id } }));
    expect(hook.body.payload.webhook.inbox).toEqual({ id: inbox.id, name: "API inbox", channel_type: "Channel::Api" });
    const unscoped = await api.patch(`${hooksPath()}/${hook.body.payload.webhook.id}`, asAdmin({ inbox_id: null }));
    expect(unscoped.body.payload.webhook.inbox).toBeNull();
  });

  it("refuses unknown and empty subscriptions, a taken URL, another account's inbox and a loopback URL (422)", async () => {
    expectRefused(await api.post(hooksPath(), asAdmin({ url: url("/bad-1"), subscriptions: ["message_created", "agent_added"] })), 422, "subscriptions", {
      message: "Invalid events",
    });
    expectRefused(await api.post(hooksPath(), asAdmin({ url: url("/bad-1"), subscriptions: [] })), 422, "subscriptions", { message: "Invalid events" });
    expectRefused(await api.post(hooksPath(), asAdmin({ subscriptions: ["message_created"] })), 422, "url", { code: "required" });
    expectRefused(await api.post(hooksPath(), asAdmin({ url: "ftp://files.example.test/in" })), 422, "url");
    expectRefused(await api.post(hooksPath(), asAdmin({ url: `https://example.test/${"a".repeat(2000)}` })), 422, "url");

    const taken = await createHook({ url: url("/taken") });
    expectRefused(await api.post(hooksPath(), asAdmin({ url: url("/taken") })), 422, "url", { message: "has already been taken", code: "taken" });
    const second = await createHook({ url: url("/taken-2") });
    expectRefused(await api.patch(`${hooksPath()}/${second.id}`, asAdmin({ url: taken.url })), 422, "url", { code: "taken" });
    // The same URL in another account is another account's business.
    await createHook({ url: url("/taken") }, other);

    const foreignInbox = await makeApiInbox(null, other);
    expectRefused(await api.post(hooksPath(), asAdmin({ url: url("/foreign"), inbox_id: foreignInbox.id })), 422, "inbox_id");
    expectRefused(await api.patch(`${hooksPath()}/${second.id}`, asAdmin({ inbox_id: foreignInbox.id })), 422, "inbox_id");

    const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    try {
      const loopback = await api.post(hooksPath(), asAdmin({ url: "http://127.0.0.1:9/hook" }));
      expectRefused(loopback, 422, "url", { message: expect.stringContaining("loopback") });
      expectRefused(await api.patch(`${hooksPath()}/${second.id}`, asAdmin({ url: "http://10.1.2.3/hook" })), 422, "url");
    } finally {
      process.env.WEBHOOK_ALLOWED_HOSTS = saved;
    }
    const list = await api.get(hooksPath(), asAdmin());
    expect(list.body.payload.webhooks.map((w: { url: string }) => w.url)).not.toContain("http://127.0.0.1:9/hook");
  });

  it("answers 404 for another account's webhook, and changes nothing of it", async () => {
    const theirs = await createHook({ url: url("/theirs") }, other);
    const path = `${hooksPath()}/${theirs.id}`;
    expectRefused(await api.get(path, asAdmin()), 404);
    expectRefused(await api.patch(path, asAdmin({ name: "mine now" })), 404);
    expectRefused(await api.put(path, asAdmin({ name: "mine now" })), 404);
    expectRefused(await api.delete(path, asAdmin()), 404);
    expectRefused(await api.post(`${path}/reset_secret`, asAdmin()), 404);
    expectRefused(await api.get(`${path}/deliveries`, asAdmin()), 404);
    const still = await api.get(`${hooksPath(other)}/${theirs.id}`, asAdmin(undefined, other));
    expect(still.body.payload.webhook).toMatchObject({ name: null, secret: theirs.secret });
  });

  it("is for administrators: agents and bot tokens are refused, and OAuth never shows or resets the secret", async () => {
    const hook = await createHook({ url: url("/auth") });
    for (const res of [
      await api.get(hooksPath(), { token: team.agent.token }),
      await api.post(hooksPath(), { token: team.agent.token, body: { url: url("/agent") } }),
      await api.patch(`${hooksPath()}/${hook.id}`, { token: team.agent.token, body: { name: "agent" } }),
      await api.delete(`${hooksPath()}/${hook.id}`, { token: team.agent.token }),
      await api.get(`${hooksPath()}/${hook.id}/deliveries`, { token: team.agent.token }),
    ]) {
      expectRefused(res, 401);
      expect(res.body.description).toBe("You are not authorized to do this action");
    }
    const inbox = await makeApiInbox();
    const bot = await makeInboxBot(inbox, "/auth-bot");
    const botToken = (await api.post(`${accountPath()}/agent_bots/${bot.id}/reset_access_token`, asAdmin())).body.access_token as string;
    const byBot = await api.get(hooksPath(), { token: botToken });
    expectRefused(byBot, 401);
    expect(byBot.body.description).toBe("Access to this endpoint is not authorized for bots");

    const issuer = (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost").replace(/\/+$/, "");
    const oauth = await makeOAuthToken({ userId: team.admin.user.id, accountId: team.account.id, scopes: ["read", "write"], issuer, audience: `${issuer}/` });
    const bearer = { headers: { authorization: `Bearer ${oauth.token}` } };
    const listed = await api.get(hooksPath(), bearer);
    expect(listed.status).toBe(200);
    expect(listed.body.payload.webhooks.length).toBeGreaterThan(0);
    expect(listed.body.payload.webhooks.every((w: object) => !("secret" in w))).toBe(true);
    expect(listed.text).not.toContain(hook.secret);
    const created = await api.post(hooksPath(), { ...bearer, body: { url: url("/via-oauth") } });
    expect(created.status).toBe(200);
    expect(created.body.payload.webhook).not.toHaveProperty("secret");
    expectRefused(await api.post(`${hooksPath()}/${hook.id}/reset_secret`, bearer), 403);
    expectRefused(await api.post(`${accountPath()}/agent_bots/${bot.id}/reset_secret`, bearer), 403);
    expect((await api.get(`${hooksPath()}/${hook.id}`, asAdmin())).body.payload.webhook.secret).toBe(hook.secret);
  });
});

describe("delivery to account webhooks", () => {
  it("sends a Client API message to subscribed webhooks only, signed with the webhook's secret", async () => {
    const inbox = await makeApiInbox();
    const subscribed = await createHook({ url: url("/hook-messages"), subscriptions: ["message_created"] });
    await createHook({ url: url("/hook-contacts"), subscriptions: ["contact_created"] });
    const everything = await createHook({ url: url("/hook-defaults") });
    const { messageId, displayId } = await customerWrites(inbox);
    await dispatchAt(start());

    const [message] = receiver.seenAt("/hook-messages");
    expect(receiver.seenAt("/hook-messages")).toHaveLength(1);
    expect(message!.json).toMatchObject({ event: "message_created", id: messageId, content: "Is the hall free on Saturday?", inbox: { id: inbox.id } });
    expect(signedWith(message!, subscribed.secret)).toBe(true);
    // The customer became a contact: that webhook hears only that.
    expect(receiver.seenAt("/hook-contacts").map((r) => r.json.event)).toEqual(["contact_created"]);
    expect(receiver.seenAt("/hook-defaults").map((r) => r.json.event).sort()).toEqual(["conversation_created", "message_created"]);
    expect(receiver.seenAt("/hook-defaults", "conversation_created")[0]!.json).toMatchObject({ id: displayId, inbox_id: inbox.id });
    expect(signedWith(receiver.seenAt("/hook-defaults")[0]!, everything.secret)).toBe(true);
  });

  it("gives an inbox-scoped webhook only its inbox's events, and no contact or planning events", async () => {
    const mine = await makeApiInbox();
    const elsewhere = await makeApiInbox();
    const all = ["message_created", "conversation_created", "contact_created", "allocation_created"];
    await createHook({ url: url("/scoped"), subscriptions: all, inbox_id: mine.id });
    await createHook({ url: url("/unscoped"), subscriptions: all });
    const inMine = await customerWrites(mine, "for my inbox");
    await customerWrites(elsewhere, "for another inbox");
    // Each customer became a contact; contact and planning events belong to no inbox (lib/events/targets.ts).
    await recordEvent(getDb(), { accountId: team.account.id, name: "allocation_created", actor: { kind: "system" }, render: async () => ({ id: 1 }) });
    await dispatchAt(start());

    const scoped = receiver.seenAt("/scoped");
    expect(scoped.map((r) => r.json.event).sort()).toEqual(["conversation_created", "message_created"]);
    expect(scoped.every((r) => r.json.inbox?.id === mine.id || r.json.inbox_id === mine.id)).toBe(true);
    expect(scoped.find((r) => r.json.event === "message_created")!.json.id).toBe(inMine.messageId);
    expect(receiver.seenAt("/unscoped").map((r) => r.json.event).sort()).toEqual([
      "allocation_created",
      "contact_created",
      "contact_created",
      "conversation_created",
      "conversation_created",
      "message_created",
      "message_created",
    ]);
  });

  it("signs with a new secret after reset_secret, for a webhook and for an agent bot", async () => {
    const hook = await createHook({ url: url("/rotated"), subscriptions: ["message_created"] });
    const reset = await api.post(`${hooksPath()}/${hook.id}/reset_secret`, asAdmin());
    expect(reset.status).toBe(200);
    const secret = reset.body.payload.webhook.secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe(hook.secret);

    const inbox = await makeApiInbox();
    const bot = await makeInboxBot(inbox, "/rotated-bot");
    const botReset = await api.post(`${accountPath()}/agent_bots/${bot.id}/reset_secret`, asAdmin());
    expect(botReset.status).toBe(200);
    expect(botReset.body).toMatchObject({ id: bot.id, name: "Bot /rotated-bot", outgoing_url: url("/rotated-bot") });
    expect(botReset.body.secret).not.toBe(bot.secret);
    expectRefused(await api.post(`${accountPath()}/agent_bots/${bot.id}/reset_secret`, { token: team.agent.token }), 401);

    await customerWrites(inbox);
    await dispatchAt(start());
    const [toHook] = receiver.seenAt("/rotated");
    const [toBot] = receiver.seenAt("/rotated-bot");
    expect(signedWith(toHook!, secret)).toBe(true);
    expect(signedWith(toHook!, hook.secret)).toBe(false);
    expect(signedWith(toBot!, botReset.body.secret)).toBe(true);
    expect(signedWith(toBot!, bot.secret)).toBe(false);
  });
});

type Delivery = {
  id: number;
  delivery_id: string;
  event: string;
  status: string;
  attempts: number;
  delivered_at: string | null;
  attempts_log: { attempt: number; status_code: number | null; error_code: string | null; url: string; duration_ms: number }[];
};

const deliveriesOf = async (path: string, page?: number) => {
  const res = await api.get(`${path}/deliveries${page ? `?page=${page}` : ""}`, asAdmin());
  expect(res.status, res.text).toBe(200);
  return res.body as { payload: { deliveries: Delivery[] }; meta: { current_page: number; count: number } };
};

/** A webhook for messages at `path`, answering `statuses` in turn (then 200), and a customer's message for it. */
const messageToHook = async (path: string, statuses: number[]) => {
  const hook = await createHook({ url: url(path), subscriptions: ["message_created"] });
  receiver.script.set(path, { statuses });
  await customerWrites(await makeApiInbox());
  return hook;
};

const webhookJson = async (id: number) => (await api.get(`${hooksPath()}/${id}`, asAdmin())).body.payload.webhook;

describe("delivery logs and redelivery", () => {
  it("logs each attempt of a webhook delivery and redelivers it with the same X-Chatwoot-Delivery", async () => {
    const hook = await messageToHook("/logged", [500]);
    const t0 = start();
    await dispatchAt(t0);
    await dispatchAt(at(t0, hour));

    const log = await deliveriesOf(`${hooksPath()}/${hook.id}`);
    expect(log.meta).toEqual({ current_page: 1, count: 1 });
    const [delivery] = log.payload.deliveries;
    expect(delivery).toMatchObject({ event: "message_created", status: "delivered", attempts: 2, last_status: 200, last_error: null });
    expect(delivery!.delivered_at).not.toBeNull();
    expect(delivery!.attempts_log.map((a) => [a.attempt, a.status_code, a.error_code, a.url])).toEqual([
      [1, 500, "http_500", url("/logged")],
      [2, 200, null, url("/logged")],
    ]);
    const sent = receiver.seenAt("/logged");
    expect(sent.map((r) => r.headers["x-chatwoot-delivery"])).toEqual([delivery!.delivery_id, delivery!.delivery_id]);

    const redelivered = await api.post(`${hooksPath()}/${hook.id}/deliveries/${delivery!.delivery_id}/redeliver`, asAdmin());
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body).toMatchObject({ id: delivery!.id, delivery_id: delivery!.delivery_id, status: "pending", delivered_at: null, attempts: 2 });
    // Still pending: it is going to be tried anyway.
    expectRefused(await api.post(`${hooksPath()}/${hook.id}/deliveries/${delivery!.delivery_id}/redeliver`, asAdmin()), 422);

    await dispatchAt(start());
    expect(receiver.seenAt("/logged").map((r) => r.headers["x-chatwoot-delivery"])).toEqual(Array(3).fill(delivery!.delivery_id));
    const [again] = (await deliveriesOf(`${hooksPath()}/${hook.id}`)).payload.deliveries;
    expect(again).toMatchObject({ status: "delivered", attempts: 3 });
    expect(again!.attempts_log.map((a) => a.attempt)).toEqual([1, 2, 3]);
  });

  it("keeps one log for agent bots and API inboxes, and redelivers to each", async () => {
    const inbox = await makeApiInbox("/logged-inbox");
    const bot = await makeInboxBot(inbox, "/logged-bot");
    const { messageId } = await customerWrites(inbox);
    await dispatchAt(start());

    const inboxLog = await deliveriesOf(`${accountPath()}/inboxes/${inbox.id}`);
    expect(inboxLog.meta.count).toBe(2);
    // Newest first: the message came after its conversation.
    expect(inboxLog.payload.deliveries.map((d) => [d.event, d.status])).toEqual([
      ["message_created", "delivered"],
      ["conversation_created", "delivered"],
    ]);
    const botLog = await deliveriesOf(`${accountPath()}/agent_bots/${bot.id}`);
    expect(botLog.payload.deliveries.map((d) => [d.event, d.status, d.attempts_log.length])).toEqual([["message_created", "delivered", 1]]);

    const toBot = botLog.payload.deliveries[0]!;
    const toInbox = inboxLog.payload.deliveries[0]!;
    // A delivery is redelivered under its own target only.
    expectRefused(await api.post(`${accountPath()}/inboxes/${inbox.id}/deliveries/${toBot.delivery_id}/redeliver`, asAdmin()), 404);
    expectRefused(await api.post(`${accountPath()}/agent_bots/${bot.id}/deliveries/not-a-uuid/redeliver`, asAdmin()), 404);
    expectRefused(await api.post(`${accountPath()}/agent_bots/${bot.id}/deliveries/${crypto.randomUUID()}/redeliver`, asAdmin()), 404);
    expectRefused(await api.post(`${accountPath()}/agent_bots/${bot.id}/deliveries/${toBot.delivery_id}/redeliver`, { token: team.agent.token }), 401);
    expectRefused(await api.get(`${accountPath(other)}/inboxes/${inbox.id}/deliveries`, asAdmin(undefined, other)), 404);

    for (const path of [`${accountPath()}/agent_bots/${bot.id}/deliveries/${toBot.delivery_id}`, `${accountPath()}/inboxes/${inbox.id}/deliveries/${toInbox.delivery_id}`]) {
      expect((await api.post(`${path}/redeliver`, asAdmin())).status).toBe(200);
    }
    await dispatchAt(start());
    const botCalls = receiver.seenAt("/logged-bot", "message_created");
    expect(botCalls.map((r) => r.headers["x-chatwoot-delivery"])).toEqual([toBot.delivery_id, toBot.delivery_id]);
    expect(botCalls[1]!.json.id).toBe(messageId);
    expect(receiver.seenAt("/logged-inbox", "message_created").map((r) => r.headers["x-chatwoot-delivery"])).toEqual([toInbox.delivery_id, toInbox.delivery_id]);
  });

  it("pages the log, 25 a page, newest first", async () => {
    const hook = await createHook({ url: url("/paged"), subscriptions: ["contact_created"] });
    for (let n = 0; n < 27; n++) {
      await recordEvent(getDb(), { accountId: team.account.id, name: "contact_created", actor: { kind: "system" }, render: async () => ({ id: n }) });
    }
    const first = await deliveriesOf(`${hooksPath()}/${hook.id}`);
    const second = await deliveriesOf(`${hooksPath()}/${hook.id}`, 2);
    expect(first.meta).toEqual({ current_page: 1, count: 27 });
    expect(second.meta).toEqual({ current_page: 2, count: 27 });
    expect(first.payload.deliveries).toHaveLength(25);
    expect(second.payload.deliveries).toHaveLength(2);
    const ids = [...first.payload.deliveries, ...second.payload.deliveries].map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.payload.deliveries.every((d) => d.status === "pending" && d.attempts_log.length === 0)).toBe(true);
  });

  it("flags a webhook failing once a delivery gives up, and clears the flag when one gets through", async () => {
    const hook = await messageToHook("/refusing", [404]);
    const t0 = start();
    await dispatchAt(t0);
    const failing = await webhookJson(hook.id);
    expect(failing).toMatchObject({ failing: true, failing_since: t0.toISOString() });
    const [delivery] = (await deliveriesOf(`${hooksPath()}/${hook.id}`)).payload.deliveries;
    expect(delivery).toMatchObject({ status: "failed", last_status: 404, last_error: "HTTP 404" });

    await api.post(`${hooksPath()}/${hook.id}/deliveries/${delivery!.delivery_id}/redeliver`, asAdmin());
    await dispatchAt(at(t0, 60_000));
    expect(await webhookJson(hook.id)).toMatchObject({ failing: false, failing_since: null });
    const listed = await api.get(hooksPath(), asAdmin());
    expect(listed.body.payload.webhooks.find((w: { id: number }) => w.id === hook.id)).toMatchObject({ failing: false });
  });

  it("flags a webhook failing after five failed attempts in a row, while still retrying", async () => {
    const hook = await messageToHook("/flaky", [500, 500, 500, 500, 500, 500]);
    const t0 = start();
    for (let n = 0; n < 4; n++) await dispatchAt(at(t0, n * hour));
    expect(await webhookJson(hook.id)).toMatchObject({ failing: false, failing_since: t0.toISOString() });
    await dispatchAt(at(t0, 4 * hour));
    expect(receiver.seenAt("/flaky")).toHaveLength(5);
    expect(await webhookJson(hook.id)).toMatchObject({ failing: true, failing_since: t0.toISOString() });
    const [delivery] = (await deliveriesOf(`${hooksPath()}/${hook.id}`)).payload.deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 5 });
  });
});

describe("keep_pending_on_bot_failure (account setting)", () => {
  it("is set through PATCH /accounts/{id} and keeps a conversation pending when its bot cannot be reached", async () => {
    const own = await makeTeam();
    const patched = await api.patch(`/api/v1/accounts/${own.account.id}`, asAdmin({ keep_pending_on_bot_failure: true }, own));
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.settings).toMatchObject({ keep_pending_on_bot_failure: true });
    expectRefused(await api.patch(`/api/v1/accounts/${own.account.id}`, asAdmin({ keep_pending_on_bot_failure: "sometimes" }, own)), 422, "keep_pending_on_bot_failure");

    const inbox = await makeApiInbox(null, own);
    await makeInboxBot(inbox, "/bot-gone", own);
    receiver.script.set("/bot-gone", { statuses: [404] });
    const { displayId } = await customerWrites(inbox);
    await dispatchAt(start());
    expect(receiver.seenAt("/bot-gone", "message_created")).toHaveLength(1);
    const [row] = await getDb()
      .select({ status: conversations.status })
      .from(conversations)
      .where(and(eq(conversations.accountId, own.account.id), eq(conversations.displayId, displayId)));
    expect(conversationStatuses[row!.status]).toBe("pending");
    const [failed] = await getDb()
      .select({ status: eventDeliveries.status })
      .from(eventDeliveries)
      .innerJoin(events, eq(events.id, eventDeliveries.eventId))
      .where(and(eq(eventDeliveries.accountId, own.account.id), eq(events.name, "message_created")));
    expect(failed?.status).toBe("failed");
  });
});
