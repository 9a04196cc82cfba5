import { createHmac } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, conversationStatuses, conversations, deliveryAttempts, eventDeliveries, events, messageStatuses, messages, users } from "@/db/schema";
import { dispatchDue } from "@/lib/events/dispatch";
import { botFailureActivity } from "@/lib/events/failures";
import { pruneEvents } from "@/lib/events/prune";
import { createMessage } from "@/lib/messages/messages";
import { api } from "../helpers/app";
import { makePlatformApp, makeTeam } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/receiver";

/*
 * Events leave the app: a real receiver on 127.0.0.1 (allow-listed) stands for an API inbox's
 * webhook_url and an agent bot's outgoing_url. The dispatcher runs as a plain function with a
 * clock the tests move, so backoff is tested without waiting.
 */

let receiver: Receiver;
let base: string;
let script: Receiver["script"];
let seenAt: Receiver["seenAt"];

let team: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await startReceiver();
  ({ base, script, seenAt } = receiver);
  team = await makeTeam();
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

type Inbox = { id: number; inbox_identifier: string; secret: string };

const makeApiInbox = async (path: string | null): Promise<Inbox> => {
  const res = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
    token: team.admin.token,
    body: { name: `API ${path}`, channel: { type: "api", ...(path ? { webhook_url: `${base}${path}` } : {}) } },
  });
  expect(res.status).toBe(200);
  return res.body;
};

const makeInboxBot = async (inbox: Inbox, path: string) => {
  const bot = await api.post(`/api/v1/accounts/${team.account.id}/agent_bots`, {
    token: team.admin.token,
    body: { name: `Bot ${path}`, outgoing_url: `${base}${path}` },
  });
  expect(bot.status).toBe(200);
  const set = await api.post(`/api/v1/accounts/${team.account.id}/inboxes/${inbox.id}/set_agent_bot`, {
    token: team.admin.token,
    body: { agent_bot: bot.body.id },
  });
  expect(set.status).toBeLessThan(300);
  return bot.body as { id: number; secret: string };
};

/** A customer writes through the Client API: a contact, a conversation and a message. */
const customerWrites = async (inbox: Inbox, content = "Do you have a room for 40 on Saturday?") => {
  const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const contact = await api.post(`${pub}/contacts`, { body: { name: "Ada" } });
  expect(contact.status).toBe(200);
  const conversation = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations`, { body: {} });
  expect(conversation.status).toBe(200);
  const message = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations/${conversation.body.id}/messages`, { body: { content } });
  expect(message.status).toBe(200);
  return { displayId: conversation.body.id as number, messageId: Number(message.body.id) };
};

const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
const start = () => new Date(Date.now() + 1_000);

const conversationRow = async (displayId: number) => {
  const [row] = await getDb()
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, team.account.id), eq(conversations.displayId, displayId)));
  return row!;
};

describe("delivery to an API inbox and its bot", () => {
  it("sends conversation_created and message_created to the inbox URL and message_created to the bot, signed as documented", async () => {
    const inbox = await makeApiInbox("/inbox-1");
    const bot = await makeInboxBot(inbox, "/bot-1");
    const { displayId, messageId } = await customerWrites(inbox);
    await dispatchDue(getDb(), { now: start });

    const [created] = seenAt("/inbox-1", "conversation_created");
    expect(created?.json).toMatchObject({ event: "conversation_created", id: displayId, inbox_id: inbox.id, status: "pending", channel: "Channel::Api" });
    expect(created?.json.contact_inbox).not.toHaveProperty("pubsub_token");

    const [toInbox] = seenAt("/inbox-1", "message_created");
    const [toBot] = seenAt("/bot-1", "message_created");
    for (const [delivery, secret] of [
      [toInbox, inbox.secret],
      [toBot, bot.secret],
    ] as const) {
      expect(delivery).toBeDefined();
      const { headers, body } = delivery!;
      // The documented recipe: HMAC-SHA256(secret, "<timestamp>.<raw body>"), hex, prefixed sha256=.
      const expected = createHmac("sha256", secret).update(`${headers["x-chatwoot-timestamp"]}.${body}`).digest("hex");
      expect(headers["x-chatwoot-signature"]).toBe(`sha256=${expected}`);
      expect(headers["x-chatwoot-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers["content-type"]).toBe("application/json");
    }
    expect(toInbox!.headers["x-chatwoot-delivery"]).not.toBe(toBot!.headers["x-chatwoot-delivery"]);
    expect(toBot!.json).toMatchObject({
      event: "message_created",
      id: messageId,
      content: "Do you have a room for 40 on Saturday?",
      message_type: "incoming",
      content_type: "text",
      private: false,
      account: { id: team.account.id, name: team.account.name },
      inbox: { id: inbox.id, name: "API /inbox-1" },
      sender: { name: "Ada", account: { id: team.account.id } },
      conversation: { id: displayId, status: "pending", meta: { sender: { type: "contact" } } },
    });
    expect(toBot!.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(toBot!.json.sender).not.toHaveProperty("type");
    expect(seenAt("/bot-1", "conversation_created")).toHaveLength(0);
  });

  it("renders an assigned conversation's assignee as Chatwoot's push data", async () => {
    const inbox = await makeApiInbox("/inbox-assigned");
    const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = await api.post(`${pub}/contacts`, { body: { name: "Mary" } });
    const created = await api.post(`/api/v1/accounts/${team.account.id}/conversations`, {
      token: team.admin.token,
      body: { source_id: contact.body.source_id, inbox_id: inbox.id, assignee_id: team.agent.user.id, message: { content: "Welcome!" } },
    });
    expect(created.status).toBe(200);
    await dispatchDue(getDb(), { now: start });
    const [message] = seenAt("/inbox-assigned", "message_created");
    expect(message?.json).toMatchObject({ message_type: "outgoing", sender: { id: team.admin.user.id, type: "user" } });
    expect(message!.json.conversation.meta.assignee_type).toBe("User");
    expect(Object.keys(message!.json.conversation.meta.assignee).sort()).toEqual(
      ["availability_status", "available_name", "avatar_url", "id", "name", "thumbnail", "type"].sort(),
    );
    expect(message!.json.conversation.messages.map((m: { content: string }) => m.content)).toEqual(["Welcome!"]);
  });

  it("tries a receiver that failed twice once more after the backoff, with the same delivery id", async () => {
    const inbox = await makeApiInbox("/inbox-2");
    script.set("/inbox-2 message_created", { statuses: [500, 500] });
    const { messageId } = await customerWrites(inbox);
    const t0 = start();
    await dispatchDue(getDb(), { now: () => t0, random: () => 0 });
    expect(seenAt("/inbox-2", "message_created")).toHaveLength(1);
    // Nothing is due again before the backoff has passed.
    await dispatchDue(getDb(), { now: () => at(t0, 4_000), random: () => 0 });
    expect(seenAt("/inbox-2", "message_created")).toHaveLength(1);
    await dispatchDue(getDb(), { now: () => at(t0, 60_000), random: () => 0 });
    expect(seenAt("/inbox-2", "message_created")).toHaveLength(2);
    await dispatchDue(getDb(), { now: () => at(t0, 120_000), random: () => 0 });
    await dispatchDue(getDb(), { now: () => at(t0, 600_000), random: () => 0 });
    const tries = seenAt("/inbox-2", "message_created");
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.headers["x-chatwoot-delivery"])).size).toBe(1);

    const [event] = await getDb().select().from(events).where(and(eq(events.subjectType, "Message"), eq(events.subjectId, String(messageId))));
    const [delivery] = await getDb().select().from(eventDeliveries).where(eq(eventDeliveries.eventId, event!.id));
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3, lastStatus: 200, deliveryId: tries[0]!.headers["x-chatwoot-delivery"] });
    const log = await getDb().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryRowId, delivery!.id)).orderBy(asc(deliveryAttempts.attempt));
    expect(log.map((entry) => [entry.attempt, entry.statusCode, entry.errorCode])).toEqual([
      [1, 500, "http_500"],
      [2, 500, "http_500"],
      [3, 200, null],
    ]);
    expect(log.every((entry) => entry.url === `${base}/inbox-2` && entry.durationMs >= 0)).toBe(true);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    const inbox = await makeApiInbox("/inbox-429");
    script.set("/inbox-429", { statuses: [429, 429], headers: { "retry-after": "600" } });
    await customerWrites(inbox);
    const t0 = start();
    await dispatchDue(getDb(), { now: () => t0, random: () => 0 });
    await dispatchDue(getDb(), { now: () => at(t0, 599_000), random: () => 0 });
    expect(seenAt("/inbox-429", "conversation_created")).toHaveLength(1);
    await dispatchDue(getDb(), { now: () => at(t0, 601_000), random: () => 0 });
    expect(seenAt("/inbox-429", "conversation_created")).toHaveLength(2);
  });

  it("gives up at once on a 4xx or a redirect, and marks the API inbox's message failed", async () => {
    const inbox = await makeApiInbox("/inbox-404");
    script.set("/inbox-404 conversation_created", { statuses: [302], headers: { location: `${base}/followed` } });
    script.set("/inbox-404 message_created", { statuses: [404] });
    const { messageId } = await customerWrites(inbox);
    const t0 = start();
    await dispatchDue(getDb(), { now: () => t0 });
    await dispatchDue(getDb(), { now: () => at(t0, 3 * 60 * 60_000) });
    expect(seenAt("/inbox-404")).toHaveLength(2);
    expect(seenAt("/followed")).toHaveLength(0);
    const [message] = await getDb().select().from(messages).where(eq(messages.id, messageId));
    expect(messageStatuses[message!.status]).toBe("failed");
    expect(message!.contentAttributes.external_error).toBe("HTTP 404");
  });

  it("hands a pending conversation to the agents when its bot cannot be reached", async () => {
    const inbox = await makeApiInbox(null);
    await makeInboxBot(inbox, "/bot-down");
    script.set("/bot-down", { statuses: [500, 500, 500, 500] });
    const { displayId } = await customerWrites(inbox);
    expect(conversationStatuses[(await conversationRow(displayId)).status]).toBe("pending");
    const t0 = start();
    for (const minutes of [0, 1, 2, 3]) await dispatchDue(getDb(), { now: () => at(t0, minutes * 60_000) });
    expect(seenAt("/bot-down", "message_created")).toHaveLength(3);
    const row = await conversationRow(displayId);
    expect(conversationStatuses[row.status]).toBe("open");
    const activity = await getDb().select().from(messages).where(eq(messages.conversationId, row.id));
    expect(activity.map((m) => m.content)).toContain(botFailureActivity);
  });

  it("records no event for a write that is rolled back", async () => {
    const inbox = await makeApiInbox("/inbox-rollback");
    const { displayId } = await customerWrites(inbox);
    const before = await getDb().select({ id: events.id }).from(events);
    const [user] = await getDb().select().from(users).where(eq(users.id, team.admin.user.id));
    const [membership] = await getDb().select().from(accountUsers).where(and(eq(accountUsers.accountId, team.account.id), eq(accountUsers.userId, user!.id)));
    await expect(
      getDb().transaction(async (db) => {
        const ctx = { db, caller: { kind: "user" as const, user: user! }, account: team.account, membership: { ...membership!, id: membership!.id } };
        await createMessage(ctx as never, displayId, { content: "never sent", message_type: "outgoing", private: false, content_type: "text", content_attributes: {} } as never);
        throw new Error("refused after the message was written");
      }),
    ).rejects.toThrow("refused");
    expect(await getDb().select({ id: events.id }).from(events)).toHaveLength(before.length);
  });
});

describe("connect-time check", () => {
  it("refuses a URL allowed when saved but no longer allow-listed when sent, and logs why", async () => {
    const inbox = await makeApiInbox("/inbox-dropped");
    const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    try {
      await customerWrites(inbox);
      await dispatchDue(getDb(), { now: start });
    } finally {
      process.env.WEBHOOK_ALLOWED_HOSTS = saved;
    }
    expect(seenAt("/inbox-dropped")).toHaveLength(0);
    const rows = await getDb()
      .select({ status: eventDeliveries.status, errorCode: deliveryAttempts.errorCode, url: deliveryAttempts.url })
      .from(eventDeliveries)
      .innerJoin(deliveryAttempts, eq(deliveryAttempts.deliveryRowId, eventDeliveries.id))
      .where(eq(eventDeliveries.inboxId, inbox.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === "failed" && row.errorCode === "refused_address" && row.url === `${base}/inbox-dropped`)).toBe(true);
  });
});

describe("pruning", () => {
  it("deletes old events with nothing pending, with their deliveries and logs, and keeps the rest", async () => {
    const inbox = await makeApiInbox("/inbox-prune");
    script.set("/inbox-prune message_created", { statuses: [500] });
    await customerWrites(inbox);
    const t0 = start();
    await dispatchDue(getDb(), { now: () => t0, random: () => 0 });
    const mine = async () =>
      getDb().select({ eventId: eventDeliveries.eventId, status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.inboxId, inbox.id));
    expect((await mine()).map((row) => row.status).sort()).toEqual(["delivered", "pending"]);
    const later = at(t0, 8 * 24 * 60 * 60_000);
    await pruneEvents(getDb(), later);
    const left = await mine();
    expect(left.map((row) => row.status)).toEqual(["pending"]);
    const [kept] = await getDb().select({ id: events.id }).from(events).where(eq(events.id, left[0]!.eventId));
    expect(kept).toBeDefined();
  });
});

describe("save-time URL check", () => {
  it("refuses a webhook_url or outgoing_url leading to 127.0.0.1 unless allow-listed", async () => {
    const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    try {
      const inbox = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
        token: team.admin.token,
        body: { name: "Loopback", channel: { type: "api", webhook_url: "http://127.0.0.1:9/hook" } },
      });
      expect(inbox.status).toBe(422);
      expect(inbox.body.errors).toEqual([expect.objectContaining({ field: "channel.webhook_url", message: expect.stringContaining("loopback") })]);
      const bot = await api.post(`/api/v1/accounts/${team.account.id}/agent_bots`, {
        token: team.admin.token,
        body: { name: "Loopback bot", outgoing_url: "http://localhost:9/bot" },
      });
      expect(bot.status).toBe(422);
      expect(bot.body.errors).toEqual([expect.objectContaining({ field: "outgoing_url" })]);
      const metadata = await api.post(`/api/v1/accounts/${team.account.id}/agent_bots`, {
        token: team.admin.token,
        body: { name: "Metadata bot", outgoing_url: "http://169.254.169.254/latest/meta-data/" },
      });
      expect(metadata.status).toBe(422);
      const existing = await makeApiInbox(null);
      const patched = await api.patch(`/api/v1/accounts/${team.account.id}/inboxes/${existing.id}`, {
        token: team.admin.token,
        body: { channel: { webhook_url: "http://10.1.2.3/hook" } },
      });
      expect(patched.status).toBe(422);
      const { token: appToken } = await makePlatformApp();
      const platformBot = await api.post("/platform/api/v1/agent_bots", { token: appToken, body: { name: "Platform bot", outgoing_url: "http://[::1]:9/bot" } });
      expect(platformBot.status).toBe(422);
      expect(platformBot.body.errors).toEqual([expect.objectContaining({ field: "outgoing_url", message: expect.stringContaining("loopback") })]);
    } finally {
      process.env.WEBHOOK_ALLOWED_HOSTS = saved;
    }
    expect((await api.post(`/api/v1/accounts/${team.account.id}/agent_bots`, { token: team.admin.token, body: { name: "Allowed", outgoing_url: `${base}/ok` } })).status).toBe(200);
  });
});
