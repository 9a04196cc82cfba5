import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { events, messageStatuses, messages, webhooks } from "@/db/schema";
import { dispatchDue } from "@/lib/events/dispatch";
import { chatwootWebhookEvents } from "@/lib/events/names";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { startReceiver, type Received, type Receiver } from "../helpers/receiver";

/*
 * Every Chatwoot event, caused through the public APIs and received by a real receiver on
 * 127.0.0.1 (allow-listed) subscribed as an account webhook: the shapes are Chatwoot's
 * (CHATWOOT.md §4, plan §2.4), pinned by their key sets and types.
 */

vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({
      "x-forwarded-for": "127.0.0.1",
      "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { startWidgetChat, widgetTriggered } = await import("@/lib/portal/actions/widget");

let receiver: Receiver;
let team: Awaited<ReturnType<typeof makeTeam>>;
let hookCount = 0;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await startReceiver();
  team = await makeTeam();
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

const accounts = () => `/api/v1/accounts/${team.account.id}`;
const admin = () => ({ token: team.admin.token });

/** An account webhook (inserted directly: the webhooks API is built elsewhere) at a path of its own. */
const subscribe = async (options: { events?: readonly string[]; inboxId?: number } = {}) => {
  const path = `/hook-${++hookCount}`;
  await getDb()
    .insert(webhooks)
    .values({
      accountId: team.account.id,
      url: `${receiver.base}${path}`,
      subscriptions: [...(options.events ?? chatwootWebhookEvents)],
      inboxId: options.inboxId ?? null,
      secret: randomBytes(24).toString("base64url"),
    });
  return path;
};

/** Delivers everything due (concurrently: in no particular order). */
const deliver = () => dispatchDue(getDb(), { now: () => new Date(Date.now() + 1_000) });

/** Delivers everything due, then what reached `path` (of one event, when named). */
const received = async (path: string, event?: string) => {
  await deliver();
  return receiver.seenAt(path, event).map((delivery) => delivery.json);
};
const one = async (path: string, event: string) => {
  const all = await received(path, event);
  expect(all, `${event} at ${path}`).toHaveLength(1);
  return all[0]!;
};
const names = async (path: string) => (await received(path)).map((json) => json.event as string);

const sorted = (value: object) => Object.keys(value).sort();

const conversationKeys = [
  "additional_attributes",
  "agent_last_seen_at",
  "can_reply",
  "channel",
  "contact_inbox",
  "contact_last_seen_at",
  "created_at",
  "custom_attributes",
  "first_reply_created_at",
  "id",
  "inbox_id",
  "labels",
  "last_activity_at",
  "messages",
  "meta",
  "priority",
  "snoozed_until",
  "status",
  "timestamp",
  "unread_count",
  "updated_at",
  "waiting_since",
];
const messageKeys = [
  "account",
  "additional_attributes",
  "content",
  "content_attributes",
  "content_type",
  "conversation",
  "created_at",
  "event",
  "id",
  "inbox",
  "message_type",
  "private",
  "sender",
  "source_id",
];
const contactKeys = ["account", "additional_attributes", "avatar", "blocked", "custom_attributes", "email", "id", "identifier", "name", "phone_number", "thumbnail"];
const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Chatwoot's conversation webhook data: int times, `contact_inbox` without `pubsub_token`. */
const expectConversation = (json: Record<string, any>) => {
  expect(sorted(json).filter((key) => key !== "event" && key !== "changed_attributes")).toEqual(conversationKeys);
  expect(json.channel).toMatch(/^Channel::/);
  expect(typeof json.status).toBe("string");
  for (const key of ["created_at", "timestamp", "last_activity_at"]) expect(Number.isInteger(json[key]), key).toBe(true);
  expect(sorted(json.contact_inbox)).toEqual(["contact_id", "created_at", "hmac_verified", "id", "inbox_id", "source_id", "updated_at"]);
  expect(sorted(json.meta)).toEqual(["assignee", "assignee_type", "hmac_verified", "sender", "team"]);
};

/** Nothing that signs or authenticates ever leaves in a payload. */
const expectNoSecrets = (deliveries: Received[]) => {
  for (const { body } of deliveries) {
    for (const key of ["pubsub_token", "secret", "hmac_token", "access_token"]) expect(body).not.toContain(`"${key}"`);
  }
};

type Inbox = { id: number; inbox_identifier: string; name: string };

const makeApiInbox = async (webhookPath?: string): Promise<Inbox> => {
  const res = await api.post(`${accounts()}/inboxes`, {
    ...admin(),
    body: { name: `Desk ${++hookCount}`, channel: { type: "api", ...(webhookPath ? { webhook_url: `${receiver.base}${webhookPath}` } : {}) } },
  });
  expect(res.status).toBe(200);
  return res.body;
};

const makeBot = async (path: string) => {
  const res = await api.post(`${accounts()}/agent_bots`, { ...admin(), body: { name: `Bot ${path}`, outgoing_url: `${receiver.base}${path}` } });
  expect(res.status).toBe(200);
  return res.body as { id: number; access_token: string };
};

/** A customer starts a conversation on the Client API and writes in it. */
const customerWrites = async (inbox: Inbox, content = "Is the terrace free on Friday?") => {
  const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const contact = await api.post(`${pub}/contacts`, { body: { name: "Grace" } });
  expect(contact.status).toBe(200);
  const sourceId = contact.body.source_id as string;
  const conversation = await api.post(`${pub}/contacts/${sourceId}/conversations`, { body: {} });
  expect(conversation.status).toBe(200);
  const displayId = conversation.body.id as number;
  const message = await api.post(`${pub}/contacts/${sourceId}/conversations/${displayId}/messages`, { body: { content } });
  expect(message.status).toBe(200);
  return { pub, sourceId, displayId, contactId: contact.body.id as number, messageId: Number(message.body.id), conversationPath: `${accounts()}/conversations/${displayId}` };
};

const eventCount = async () => (await getDb().select({ id: events.id }).from(events).where(eq(events.accountId, team.account.id))).length;

describe("message and conversation events", () => {
  it("message_created and conversation_created have Chatwoot's keys and types, and no secrets", async () => {
    const hook = await subscribe();
    const inbox = await makeApiInbox();
    const { displayId } = await customerWrites(inbox);
    const created = await one(hook, "conversation_created");
    expectConversation(created);
    expect(created).toMatchObject({ id: displayId, inbox_id: inbox.id, status: "open" });
    const message = await one(hook, "message_created");
    expect(sorted(message)).toEqual(messageKeys);
    expect(message).toMatchObject({ message_type: "incoming", content_type: "text", private: false, inbox: { id: inbox.id, name: inbox.name } });
    expect(message.created_at).toMatch(isoTime);
    expect(sorted(message.sender)).toEqual(contactKeys);
    expectConversation(message.conversation);
    expectNoSecrets(receiver.seenAt(hook));
  });

  it("toggle_status makes conversation_status_changed (status only) and conversation_updated (every change)", async () => {
    const inbox = await makeApiInbox();
    const { conversationPath } = await customerWrites(inbox);
    const hook = await subscribe();
    const res = await api.post(`${conversationPath}/toggle_status`, { ...admin(), body: { status: "resolved" } });
    expect(res.status).toBe(200);
    expect((await names(hook)).sort()).toEqual(["conversation_status_changed", "conversation_updated"]);
    const changed = await one(hook, "conversation_status_changed");
    expectConversation(changed);
    expect(changed.status).toBe("resolved");
    expect(changed.changed_attributes).toEqual([{ status: { previous_value: "open", current_value: "resolved" } }]);
    const updated = await one(hook, "conversation_updated");
    expect(updated.changed_attributes.map((change: object) => Object.keys(change)[0])).toEqual(["status", "updated_at"]);
    expect(updated.changed_attributes[1].updated_at.current_value).toMatch(isoTime);
  });

  it("priority, custom attributes, labels (as label_list), assignee and team are conversation_updated", async () => {
    const inbox = await makeApiInbox();
    const { conversationPath } = await customerWrites(inbox);
    const hook = await subscribe();
    const team_ = await api.post(`${accounts()}/teams`, { ...admin(), body: { name: `Events ${hookCount}` } });
    const calls = [
      api.post(`${conversationPath}/toggle_priority`, { ...admin(), body: { priority: "high" } }),
      api.post(`${conversationPath}/custom_attributes`, { ...admin(), body: { custom_attributes: { guests: 40 } } }),
      api.post(`${conversationPath}/labels`, { ...admin(), body: { labels: ["Wedding"] } }),
      api.post(`${conversationPath}/assignments`, { ...admin(), body: { assignee_id: team.agent.user.id } }),
      api.post(`${conversationPath}/assignments`, { ...admin(), body: { team_id: team_.body.id } }),
    ];
    for (const call of calls) expect((await call).status).toBe(200);
    const updates = await received(hook, "conversation_updated");
    const firstKeys = updates.map((json) => Object.keys(json.changed_attributes[0])[0]);
    expect(firstKeys).toHaveLength(5);
    expect(new Set(firstKeys)).toEqual(new Set(["priority", "custom_attributes", "label_list", "assignee_id", "team_id"]));
    const labels = updates.find((json) => "label_list" in json.changed_attributes[0]);
    expect(labels!.changed_attributes[0]).toEqual({ label_list: { previous_value: [], current_value: ["wedding"] } });
    expect(labels!.labels).toEqual(["wedding"]);
    const assigned = updates.find((json) => "assignee_id" in json.changed_attributes[0]);
    expect(assigned!.changed_attributes[0].assignee_id).toEqual({ previous_value: null, current_value: team.agent.user.id });
    expect(assigned!.meta.assignee_type).toBe("User");
    expect(await received(hook, "conversation_status_changed")).toHaveLength(0);
  });

  it("an agent's first reply ends the wait; a customer writing in a resolved conversation reopens it", async () => {
    const inbox = await makeApiInbox();
    const { pub, sourceId, displayId, conversationPath } = await customerWrites(inbox);
    const hook = await subscribe();
    const reply = await api.post(`${conversationPath}/messages`, { ...admin(), body: { content: "It is!" } });
    expect(reply.status).toBe(200);
    const [waited] = await received(hook, "conversation_updated");
    const keys = waited!.changed_attributes.map((change: object) => Object.keys(change)[0]);
    expect(keys).toEqual(expect.arrayContaining(["waiting_since", "first_reply_created_at", "updated_at"]));
    expect(waited!.waiting_since).toBe(0);
    expect(waited!.first_reply_created_at).toMatch(isoTime);

    expect((await api.post(`${conversationPath}/toggle_status`, { ...admin(), body: { status: "resolved" } })).status).toBe(200);
    await received(hook);
    const before = receiver.seenAt(hook, "conversation_status_changed").length;
    expect((await api.post(`${pub}/contacts/${sourceId}/conversations/${displayId}/messages`, { body: { content: "One more thing" } })).status).toBe(200);
    const reopened = (await received(hook, "conversation_status_changed")).slice(before);
    expect(reopened.map((json) => json.changed_attributes)).toEqual([[{ status: { previous_value: "resolved", current_value: "open" } }]]);
  });

  it("a bot hears conversation_opened and conversation_resolved; webhooks never do", async () => {
    const inbox = await makeApiInbox();
    const bot = await makeBot("/bot-status");
    expect((await api.post(`${accounts()}/inboxes/${inbox.id}/set_agent_bot`, { ...admin(), body: { agent_bot: bot.id } })).status).toBeLessThan(300);
    const hook = await subscribe();
    const { conversationPath } = await customerWrites(inbox);
    expect((await api.post(`${conversationPath}/toggle_status`, { token: bot.access_token, body: { status: "open" } })).status).toBe(200);
    expect((await api.post(`${conversationPath}/toggle_status`, { ...admin(), body: { status: "resolved" } })).status).toBe(200);
    const atBot = await names("/bot-status");
    expect(atBot).toEqual(expect.arrayContaining(["conversation_opened", "conversation_resolved", "conversation_status_changed", "conversation_updated"]));
    const opened = await one("/bot-status", "conversation_opened");
    expectConversation(opened);
    expect(opened).not.toHaveProperty("changed_attributes");
    expect(await names(hook)).not.toContain("conversation_opened");
  });

  it("a refused write records nothing", async () => {
    const inbox = await makeApiInbox();
    const { conversationPath } = await customerWrites(inbox);
    const before = await eventCount();
    const refused = await api.post(`${conversationPath}/assignments`, { ...admin(), body: { assignee_id: 999_999_999 } });
    expect(refused.status).toBe(422);
    const taken = await api.post(`${accounts()}/contacts`, { ...admin(), body: { name: "Taken", email: "taken@example.com" } });
    expect(taken.status).toBe(200);
    const duplicate = await api.post(`${accounts()}/contacts`, { ...admin(), body: { name: "Again", email: "TAKEN@example.com" } });
    expect(duplicate.status).toBe(422);
    expect(await eventCount()).toBe(before + 1);
  });
});

describe("the bot hand-off", () => {
  it("moves a pending conversation to open through the service: status events for webhooks, the activity message for screens only", async () => {
    const inbox = await makeApiInbox();
    const bot = await makeBot("/bot-down");
    receiver.script.set("/bot-down", { statuses: [500, 500, 500, 500, 500, 500] });
    expect((await api.post(`${accounts()}/inboxes/${inbox.id}/set_agent_bot`, { ...admin(), body: { agent_bot: bot.id } })).status).toBeLessThan(300);
    const hook = await subscribe({ events: ["conversation_status_changed", "conversation_updated", "message_created"] });
    const { displayId } = await customerWrites(inbox);
    const t0 = Date.now() + 1_000;
    for (const minutes of [0, 1, 2, 3]) await dispatchDue(getDb(), { now: () => new Date(t0 + minutes * 60_000) });
    const changed = (await received(hook, "conversation_status_changed")).filter((json) => json.id === displayId);
    expect(changed.map((json) => json.changed_attributes)).toEqual([[{ status: { previous_value: "pending", current_value: "open" } }]]);
    expect((await received(hook, "conversation_updated")).filter((json) => json.id === displayId)).toHaveLength(1);
    expect((await received(hook, "message_created")).map((json) => json.message_type)).toEqual(["incoming"]);
  });
});

describe("typing", () => {
  it("conversation_typing_on/off name the typer (agent, bot, contact) and whether it is private", async () => {
    const inbox = await makeApiInbox();
    const bot = await makeBot("/bot-typing");
    const { pub, sourceId, displayId, contactId, conversationPath } = await customerWrites(inbox);
    const hook = await subscribe({ events: ["conversation_typing_on", "conversation_typing_off"] });
    // Delivered one by one, so they arrive in the order they happened.
    const typing = async (token: string, body: object) => {
      expect((await api.post(`${conversationPath}/toggle_typing_status`, { token, body })).status).toBe(200);
      await deliver();
    };
    await typing(team.admin.token, { typing_status: "on", is_private: true });
    await typing(bot.access_token, { typing_status: "off" });
    await typing(team.admin.token, { typing_status: "recording" });
    expect((await api.post(`${pub}/contacts/${sourceId}/conversations/${displayId}/toggle_typing`, { body: { typing_status: "on" } })).status).toBe(200);

    const all = await received(hook);
    expect(all.map((json) => [json.event, json.user.type ?? "contact", json.is_private])).toEqual([
      ["conversation_typing_on", "user", true],
      ["conversation_typing_off", "agent_bot", false],
      ["conversation_typing_on", "contact", false],
    ]);
    for (const json of all) {
      expect(sorted(json)).toEqual(["conversation", "event", "is_private", "user"]);
      expectConversation(json.conversation);
    }
    expect(all[0]!.user).toEqual({ id: team.admin.user.id, name: expect.any(String), email: expect.any(String), type: "user" });
    expect(sorted(all[1]!.user)).toEqual(["id", "name", "type"]);
    expect(sorted(all[2]!.user)).toEqual(contactKeys);
    expect(all[2]!.user.id).toBe(contactId);
  });
});

describe("message_updated", () => {
  it("comes from a status update, a deletion and a contact's submitted values", async () => {
    const inbox = await makeApiInbox();
    const { pub, sourceId, displayId, conversationPath } = await customerWrites(inbox);
    const reply = await api.post(`${conversationPath}/messages`, { ...admin(), body: { content: "Sent!" } });
    const form = await api.post(`${conversationPath}/messages`, {
      ...admin(),
      body: { content: "Pick one", content_type: "input_select", content_attributes: { items: [{ title: "Yes", value: "yes" }] } },
    });
    const hook = await subscribe({ events: ["message_updated"] });
    const status = await api.patch(`${conversationPath}/messages/${reply.body.id}`, { ...admin(), body: { status: "delivered" } });
    expect(status.status).toBe(200);
    const submitted = await api.patch(`${pub}/contacts/${sourceId}/conversations/${displayId}/messages/${form.body.id}`, {
      body: { submitted_values: [{ title: "Yes", value: "yes" }] },
    });
    expect(submitted.status).toBe(200);
    expect((await api.delete(`${conversationPath}/messages/${reply.body.id}`, admin())).status).toBe(200);

    const updates = await received(hook, "message_updated");
    expect(updates).toHaveLength(3);
    for (const json of updates) {
      expect(sorted(json)).toEqual(messageKeys);
      expect(json.created_at).toMatch(isoTime);
    }
    const answered = updates.find((json) => json.id === form.body.id);
    expect(answered!.content_attributes.submitted_values).toEqual([{ title: "Yes", value: "yes" }]);
    const ofReply = updates.filter((json) => json.id === reply.body.id);
    expect(ofReply.map((json) => json.content_attributes.deleted ?? false).sort()).toEqual([false, true]);
    expect(ofReply.find((json) => json.content_attributes.deleted)).toMatchObject({ content: "This message was deleted" });
  });

  it("a private note is delivered, as Chatwoot's webhook_sendable? says", async () => {
    const inbox = await makeApiInbox();
    const { conversationPath } = await customerWrites(inbox);
    const hook = await subscribe({ events: ["message_created"] });
    expect((await api.post(`${conversationPath}/messages`, { ...admin(), body: { content: "Call them back", private: true } })).status).toBe(200);
    const [note] = await received(hook, "message_created");
    expect(note).toMatchObject({ private: true, message_type: "outgoing" });
  });

  it("an API inbox's failure marks the message failed for everyone but that inbox's URL", async () => {
    const inbox = await makeApiInbox("/inbox-failing");
    receiver.script.set("/inbox-failing message_created", { statuses: [404] });
    const hook = await subscribe({ events: ["message_updated"] });
    const { messageId } = await customerWrites(inbox);
    await received(hook);
    const [row] = await getDb().select().from(messages).where(eq(messages.id, messageId));
    expect(messageStatuses[row!.status]).toBe("failed");
    const [failed] = await received(hook, "message_updated");
    expect(failed).toMatchObject({ id: messageId, content_attributes: { external_error: "HTTP 404" } });
    expect(receiver.seenAt("/inbox-failing", "message_updated")).toHaveLength(0);
  });
});

describe("contact events", () => {
  it("contact_created and contact_updated (with its changes) reach account webhooks, not inbox-scoped ones", async () => {
    const inbox = await makeApiInbox();
    const hook = await subscribe({ events: ["contact_created", "contact_updated"] });
    const scoped = await subscribe({ events: ["contact_created", "contact_updated"], inboxId: inbox.id });
    const created = await api.post(`${accounts()}/contacts`, { ...admin(), body: { name: "Lin", email: `lin${hookCount}@example.com` } });
    expect(created.status).toBe(200);
    const id = created.body.payload.contact.id as number;
    const path = `${accounts()}/contacts/${id}`;
    expect((await api.put(path, { ...admin(), body: { phone_number: "+4915112345678", custom_attributes: { tier: "gold" } } })).status).toBe(200);
    // The same values again: Chatwoot sends nothing for a save that changed nothing.
    expect((await api.put(path, { ...admin(), body: { phone_number: "+4915112345678" } })).status).toBe(200);

    const contact = await one(hook, "contact_created");
    expect(sorted(contact).filter((key) => key !== "event")).toEqual(contactKeys);
    expect(contact).toMatchObject({ id, name: "Lin", account: { id: team.account.id, name: team.account.name } });
    const updated = await one(hook, "contact_updated");
    expect(updated.changed_attributes.map((change: object) => Object.keys(change)[0])).toEqual(["phone_number", "custom_attributes", "updated_at"]);
    expect(updated.changed_attributes[0]).toEqual({ phone_number: { previous_value: null, current_value: "+4915112345678" } });
    expect(await received(scoped)).toHaveLength(0);
  });

  it("the Client API's new contact and its update, and a merge's base contact", async () => {
    const inbox = await makeApiInbox();
    const hook = await subscribe({ events: ["contact_created", "contact_updated"] });
    const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const contact = await api.post(`${pub}/contacts`, { body: { name: "Nia" } });
    expect((await api.patch(`${pub}/contacts/${contact.body.source_id}`, { body: { email: `nia${hookCount}@example.com` } })).status).toBe(200);
    const other = await api.post(`${accounts()}/contacts`, { ...admin(), body: { name: "", phone_number: "+4930123456" } });
    const merged = await api.post(`${accounts()}/actions/contact_merge`, {
      ...admin(),
      body: { base_contact_id: contact.body.id, mergee_contact_id: other.body.payload.contact.id },
    });
    expect(merged.status).toBe(200);
    const all = await received(hook);
    expect(all.map((json) => `${json.event} ${json.id}`).sort()).toEqual(
      [
        `contact_created ${contact.body.id}`,
        `contact_updated ${contact.body.id}`,
        `contact_created ${other.body.payload.contact.id}`,
        `contact_updated ${contact.body.id}`,
      ].sort(),
    );
    const updates = all.filter((json) => json.event === "contact_updated").map((json) => json.changed_attributes[0]);
    expect(updates).toContainEqual({ email: { previous_value: null, current_value: `nia${hookCount}@example.com` } });
    expect(updates).toContainEqual({ phone_number: { previous_value: null, current_value: "+4930123456" } });
  });
});

describe("inbox events", () => {
  it("inbox_created and inbox_updated carry the inbox and channel without credentials", async () => {
    const hook = await subscribe({ events: ["inbox_created", "inbox_updated"] });
    const inbox = await makeApiInbox();
    const path = `${accounts()}/inboxes/${inbox.id}`;
    expect((await api.patch(path, { ...admin(), body: { greeting_enabled: true, channel: { webhook_url: `${receiver.base}/somewhere` } } })).status).toBe(200);
    expect((await api.patch(path, { ...admin(), body: { greeting_enabled: true } })).status).toBe(200);
    const created = await one(hook, "inbox_created");
    expect(sorted(created)).toEqual(
      [
        "account_id",
        "allow_messages_after_resolved",
        "auto_assignment_config",
        "business_name",
        "channel",
        "channel_type",
        "created_at",
        "csat_survey_enabled",
        "enable_auto_assignment",
        "enable_email_collect",
        "event",
        "greeting_enabled",
        "greeting_message",
        "id",
        "lock_to_single_conversation",
        "name",
        "out_of_office_message",
        "sender_name_type",
        "timezone",
        "updated_at",
        "working_hours",
        "working_hours_enabled",
      ].sort(),
    );
    expect(created).toMatchObject({ id: inbox.id, channel_type: "Channel::Api", channel: { id: inbox.id, webhook_url: null } });
    const updated = await one(hook, "inbox_updated");
    expect(updated.changed_attributes.map((change: object) => Object.keys(change)[0])).toEqual(["greeting_enabled", "updated_at", "webhook_url"]);
    expect(updated.channel.webhook_url).toBe(`${receiver.base}/somewhere`);
    expectNoSecrets(receiver.seenAt(hook));
  });
});

describe("webwidget_triggered", () => {
  it("opening the website chat tells account webhooks and the inbox's bot, with the session and event_info", async () => {
    const widget = await api.post(`${accounts()}/inboxes`, {
      ...admin(),
      body: { name: "Website", channel: { type: "web_widget", website_url: "https://venue.example.com" } },
    });
    expect(widget.status).toBe(200);
    const bot = await makeBot("/bot-widget");
    await api.post(`${accounts()}/inboxes/${widget.body.id}/set_agent_bot`, { ...admin(), body: { agent_bot: bot.id } });
    const hook = await subscribe({ events: ["webwidget_triggered"] });
    const info = { initiated_at: { timestamp: new Date().toISOString() }, referer: "https://venue.example.com/menu", widget_language: "en", browser_language: "en-GB" };
    const token = widget.body.website_token as string;

    const started = await startWidgetChat(token, "Hello!", "echo-1", info);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const opened = await widgetTriggered(token, started.session.source_id, info);
    expect(opened.ok).toBe(true);
    expect(await widgetTriggered(token, "not-a-session", info)).toMatchObject({ ok: false, code: "not_found" });

    const [first, second] = await received(hook, "webwidget_triggered");
    expect(sorted(first!)).toEqual(["account", "contact", "current_conversation", "event", "event_info", "id", "inbox", "source_id"]);
    expect(first).toMatchObject({ source_id: started.session.source_id, inbox: { id: widget.body.id, name: "Website" }, current_conversation: null });
    expect(sorted(first!.contact)).toEqual(contactKeys);
    expect(first!.event_info).toEqual({
      ...info,
      browser: { browser_name: "Chrome", browser_version: "131.0.0.0", device_name: "Unknown", platform_name: "macOS", platform_version: "10.15.7" },
    });
    expectConversation(second!.current_conversation);
    expect(second!.current_conversation.id).toBe(started.session.conversation_id);
    expect(await received("/bot-widget", "webwidget_triggered")).toHaveLength(2);
    expectNoSecrets(receiver.seenAt(hook));
    const [recorded] = await getDb()
      .select({ inboxId: events.inboxId })
      .from(events)
      .where(and(eq(events.accountId, team.account.id), eq(events.name, "webwidget_triggered")));
    expect(recorded?.inboxId).toBe(widget.body.id);
  });
});
