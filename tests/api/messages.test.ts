import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { attachments, contacts, inboxes, reportingEvents } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeTeam, joinInbox } from "../helpers/factories";

type Cast = Awaited<ReturnType<typeof makeTeam>>;

const makeInbox = async (accountId: number, channelType: "Channel::Api" | "Channel::WebWidget" = "Channel::Api") => {
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId, name: `Inbox ${randomUUID().slice(0, 6)}`, channelType, identifier: randomUUID(), hmacToken: "hmac", secret: "secret" })
    .returning();
  await joinInbox(accountId, inbox!.id);
  return inbox!;
};

const makeContact = async (accountId: number) => {
  const [contact] = await getDb()
    .insert(contacts)
    .values({ accountId, name: `Contact ${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@example.test` })
    .returning();
  return contact!;
};

let cast: Cast;
let other: Cast;
let apiInbox: Awaited<ReturnType<typeof makeInbox>>;
let widgetInbox: Awaited<ReturnType<typeof makeInbox>>;
let contact: Awaited<ReturnType<typeof makeContact>>;

const conversations = (c: Cast = cast) => `/api/v1/accounts/${c.account.id}/conversations`;

const openIn = async (inboxId: number) => {
  const res = await api.post(conversations(), { token: cast.admin.token, body: { inbox_id: inboxId, contact_id: contact.id } });
  expect(res.status).toBe(200);
  return res.body as { id: number; [key: string]: any };
};

const messagesOf = (id: number) => `${conversations()}/${id}/messages`;
const show = async (id: number) => (await api.get(`${conversations()}/${id}`, { token: cast.admin.token })).body;
const send = async (id: number, body: Record<string, unknown>, token = cast.agent.token) => {
  const res = await api.post(messagesOf(id), { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  cast = await makeTeam();
  other = await makeTeam();
  apiInbox = await makeInbox(cast.account.id);
  widgetInbox = await makeInbox(cast.account.id, "Channel::WebWidget");
  contact = await makeContact(cast.account.id);
});

describe("paging messages by id", () => {
  let id: number;
  let all: number[];

  beforeAll(async () => {
    id = (await openIn(apiInbox.id)).id;
    all = [];
    for (let i = 0; i < 130; i++) {
      const body = await send(id, { content: `message ${i}`, message_type: i % 2 ? "outgoing" : "incoming" }, cast.admin.token);
      all.push(body.id);
    }
  });

  it("answers the latest 20, oldest first", async () => {
    const res = await api.get(messagesOf(id), { token: cast.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(-20));
    expect(res.body.payload[19].content).toBe("message 129");
  });

  it("answers the 20 before a message", async () => {
    const res = await api.get(`${messagesOf(id)}?before=${all[110]}`, { token: cast.agent.token });
    expect(res.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(90, 110));
    const start = await api.get(`${messagesOf(id)}?before=${all[5]}`, { token: cast.agent.token });
    expect(start.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(0, 5));
  });

  it("answers up to 100 after a message", async () => {
    const res = await api.get(`${messagesOf(id)}?after=${all[9]}`, { token: cast.agent.token });
    expect(res.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(10, 110));
    const tail = await api.get(`${messagesOf(id)}?after=${all[125]}`, { token: cast.agent.token });
    expect(tail.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(126));
  });

  it("answers the messages from `after` up to `before`", async () => {
    const res = await api.get(`${messagesOf(id)}?after=${all[20]}&before=${all[60]}`, { token: cast.agent.token });
    expect(res.body.payload.map((m: { id: number }) => m.id)).toEqual(all.slice(20, 60));
  });

  it("refuses a cursor that is not an id", async () => {
    const res = await api.get(`${messagesOf(id)}?before=latest`, { token: cast.agent.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("before");
  });
});

describe("the message list", () => {
  it("describes the conversation in meta and can leave private notes out", async () => {
    const c = await openIn(apiInbox.id);
    await api.post(`${conversations()}/${c.id}/labels`, { token: cast.agent.token, body: { labels: ["vip"] } });
    await api.post(`${conversations()}/${c.id}/assignments`, { token: cast.agent.token, body: { assignee_id: cast.agent.user.id } });
    await send(c.id, { content: "public reply" });
    await send(c.id, { content: "note to self", private: true });
    await send(c.id, { content: "customer says hi", message_type: "incoming" });

    const res = await api.get(messagesOf(c.id), { token: cast.admin.token });
    expect(res.body.meta).toMatchObject({
      labels: ["vip"],
      additional_attributes: {},
      contact: { id: contact.id, name: contact.name, type: "contact" },
      assignee: { id: cast.agent.user.id, type: "user" },
      agent_last_seen_at: null,
      assignee_last_seen_at: null,
    });
    expect(res.body.payload.map((m: { content: string }) => m.content)).toEqual(["public reply", "note to self", "customer says hi"]);
    expect(res.body.payload[1].private).toBe(true);

    const filtered = await api.get(`${messagesOf(c.id)}?filter_internal_messages=true`, { token: cast.admin.token });
    expect(filtered.body.payload.map((m: { content: string }) => m.content)).toEqual(["public reply", "customer says hi"]);
  });

  it("answers 404 for another account's conversation and for unknown ones", async () => {
    const c = await openIn(apiInbox.id);
    expect((await api.get(messagesOf(c.id), { token: other.admin.token })).status).toBe(404);
    expect((await api.get(messagesOf(987654), { token: cast.admin.token })).status).toBe(404);
    expect((await api.post(messagesOf(987654), { token: cast.admin.token, body: { content: "x" } })).status).toBe(404);
  });
});

describe("sending messages", () => {
  it("answers Chatwoot's message JSON, with the echo id sent", async () => {
    const c = await openIn(apiInbox.id);
    const res = await api.post(messagesOf(c.id), { token: cast.agent.token, body: { content: "On it!", echo_id: "tmp-42", source_id: "ext-1" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      content: "On it!",
      inbox_id: apiInbox.id,
      echo_id: "tmp-42",
      conversation_id: c.id,
      message_type: 1,
      content_type: "text",
      status: "sent",
      content_attributes: {},
      private: false,
      source_id: "ext-1",
      sender: { id: cast.agent.user.id, name: cast.agent.user.name, type: "user", availability_status: "online" },
    });
    expect(Number.isInteger(res.body.created_at)).toBe(true);
    expect(res.body.attachments).toBeUndefined();
    const listed = await api.get(messagesOf(c.id), { token: cast.agent.token });
    expect(listed.body.payload[0].id).toBe(res.body.id);
    expect(listed.body.payload[0].echo_id).toBeUndefined();
  });

  it("accepts the body wrapped under `message`", async () => {
    const c = await openIn(apiInbox.id);
    expect((await send(c.id, { message: { content: "wrapped", private: true } })).private).toBe(true);
  });

  it("takes incoming messages only in API inboxes, from the contact", async () => {
    const widget = await openIn(widgetInbox.id);
    const refused = await api.post(messagesOf(widget.id), { token: cast.agent.token, body: { content: "hi", message_type: "incoming" } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("message_type");
    const c = await openIn(apiInbox.id);
    const incoming = await send(c.id, { content: "hi", message_type: "incoming" });
    expect(incoming).toMatchObject({ message_type: 0, sender: { id: contact.id, type: "contact", email: contact.email } });
    const bad = await api.post(messagesOf(c.id), { token: cast.agent.token, body: { content: "hi", message_type: "activity" } });
    expect(bad.status).toBe(422);
  });

  it("validates content and content attributes per content type", async () => {
    const c = await openIn(apiInbox.id);
    const post = (body: Record<string, unknown>) => api.post(messagesOf(c.id), { token: cast.agent.token, body });
    const fields = (res: { body: { errors: { field: string }[] } }) => res.body.errors.map((e) => e.field);

    const missing = await post({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: "content", code: "required" });
    expect(fields(await post({ content: "   " }))).toEqual(["content"]);
    expect(fields(await post({ content: "x", content_type: "video" }))).toEqual(["content_type"]);
    expect(fields(await post({ content_type: "input_select", content_attributes: {} }))).toEqual(["content_attributes.items"]);
    expect(fields(await post({ content_type: "input_select", content_attributes: { items: [] } }))).toEqual(["content_attributes.items"]);
    expect(fields(await post({ content_type: "input_select", content_attributes: { items: [{ title: "A", value: "a", colour: "red" }] } }))).toEqual([
      "content_attributes.items.0",
    ]);
    expect(fields(await post({ content_type: "cards", content_attributes: { items: [{ title: "Card" }] } }))).toEqual(["content_attributes.items.0.actions"]);
    expect(
      fields(await post({ content_type: "cards", content_attributes: { items: [{ title: "Card", actions: [{ text: "Go", type: "teleport" }] }] } })),
    ).toEqual(["content_attributes.items.0.actions.0.type"]);

    const select = await post({ content: "Pick one", content_type: "input_select", content_attributes: { items: [{ title: "Yes", value: "yes" }] } });
    expect(select.status).toBe(200);
    expect(select.body).toMatchObject({ content_type: "input_select", content_attributes: { items: [{ title: "Yes", value: "yes" }] } });
    const cards = await post({
      content_type: "cards",
      content_attributes: { items: [{ title: "Plan", description: "Pro", media_url: "https://x.test/a.png", actions: [{ text: "Buy", type: "link", uri: "https://x.test" }] }] },
    });
    expect(cards.status).toBe(200);
    expect(cards.body.content).toBeNull();
    const form = await post({ content_type: "form", content_attributes: { items: [{ name: "email", type: "email", label: "Email", required: true }] } });
    expect(form.status).toBe(200);
    const article = await post({ content_type: "article", content_attributes: { items: [{ title: "Guide", link: "https://x.test/guide" }] } });
    expect(article.status).toBe(200);
    const email = await post({ content: "Your email?", content_type: "input_email" });
    expect(email.body.content_type).toBe("input_email");
  });

  it("keeps the conversation's waiting time, first reply and unread count in step", async () => {
    const c = await openIn(apiInbox.id);
    // A new conversation waits from its creation; an agent's reply ends the wait and is the first reply.
    expect(c.waiting_since).toBeGreaterThan(0);
    await send(c.id, { content: "just a note", private: true });
    expect(await show(c.id)).toMatchObject({ first_reply_created_at: 0, waiting_since: c.waiting_since });
    await send(c.id, { content: "Hello!" });
    const replied = await show(c.id);
    expect(replied.first_reply_created_at).toBeGreaterThan(0);
    expect(replied.waiting_since).toBe(0);
    const firstResponses = await getDb()
      .select()
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, cast.account.id), eq(reportingEvents.name, "first_response")));
    const mine = firstResponses.filter((e) => e.userId === cast.agent.user.id && e.value >= 0);
    expect(mine.length).toBeGreaterThanOrEqual(1);

    await send(c.id, { content: "I need help", message_type: "incoming" });
    await send(c.id, { content: "Anyone?", message_type: "incoming" });
    const waiting = await show(c.id);
    expect(waiting.waiting_since).toBeGreaterThan(0);
    expect(waiting.unread_count).toBe(2);
    expect(waiting.messages[0].content).toBe("Anyone?");
    expect(waiting.first_reply_created_at).toBe(replied.first_reply_created_at);

    await send(c.id, { content: "Here!" });
    expect((await show(c.id)).waiting_since).toBe(0);
    const replies = await getDb()
      .select()
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, cast.account.id), eq(reportingEvents.name, "reply_time")));
    expect(replies.length).toBeGreaterThanOrEqual(2);
  });

  it("does not count a bot's reply as the first reply", async () => {
    const { token } = await makeBot(cast.account.id);
    const c = await openIn(apiInbox.id);
    const body = await send(c.id, { content: "Beep" }, token);
    expect(body.sender).toMatchObject({ type: "agent_bot" });
    expect((await show(c.id)).first_reply_created_at).toBe(0);
  });

  it("reopens a resolved or snoozed conversation when the contact writes", async () => {
    const c = await openIn(apiInbox.id);
    await api.post(`${conversations()}/${c.id}/toggle_status`, { token: cast.agent.token, body: { status: "resolved" } });
    await send(c.id, { content: "one more thing", message_type: "incoming" });
    expect((await show(c.id)).status).toBe("open");
    await api.post(`${conversations()}/${c.id}/toggle_status`, {
      token: cast.agent.token,
      body: { status: "snoozed", snoozed_until: Math.floor(Date.now() / 1000) + 600 },
    });
    await send(c.id, { content: "hello?", message_type: "incoming" });
    expect(await show(c.id)).toMatchObject({ status: "open", snoozed_until: null });
    // An agent's message leaves a resolved conversation resolved.
    await api.post(`${conversations()}/${c.id}/toggle_status`, { token: cast.agent.token, body: { status: "resolved" } });
    await send(c.id, { content: "closing note" });
    expect((await show(c.id)).status).toBe("resolved");
  });
});

describe("updating and deleting messages", () => {
  it("records delivery status on API inboxes only", async () => {
    const c = await openIn(apiInbox.id);
    const message = await send(c.id, { content: "delivered?" });
    const url = `${messagesOf(c.id)}/${message.id}`;
    const delivered = await api.patch(url, { token: cast.agent.token, body: { status: "delivered" } });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ id: message.id, status: "delivered" });
    expect((await api.patch(url, { token: cast.agent.token, body: { status: "read" } })).body.status).toBe("read");
    // read does not go back to delivered
    expect((await api.patch(url, { token: cast.agent.token, body: { status: "delivered" } })).body.status).toBe("read");
    const failed = await api.patch(url, { token: cast.agent.token, body: { status: "failed", external_error: "Number unreachable" } });
    expect(failed.body).toMatchObject({ status: "failed", content_attributes: { external_error: "Number unreachable" } });
    const sent = await api.patch(url, { token: cast.agent.token, body: { status: "sent" } });
    expect(sent.body.content_attributes).toEqual({});
    const bad = await api.patch(url, { token: cast.agent.token, body: { status: "lost" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("status");

    const widget = await openIn(widgetInbox.id);
    const widgetMessage = await send(widget.id, { content: "hi" });
    const refused = await api.patch(`${messagesOf(widget.id)}/${widgetMessage.id}`, { token: cast.agent.token, body: { status: "read" } });
    expect(refused.status).toBe(403);

    const elsewhere = await openIn(apiInbox.id);
    expect((await api.patch(`${messagesOf(elsewhere.id)}/${message.id}`, { token: cast.agent.token, body: { status: "read" } })).status).toBe(404);
  });

  it("soft-deletes a message and drops its attachments", async () => {
    const c = await openIn(apiInbox.id);
    const message = await send(c.id, { content: "oops, wrong chat", content_attributes: { in_reply_to: 1 } });
    await getDb().insert(attachments).values({ accountId: cast.account.id, messageId: message.id, fileType: "image", externalUrl: "https://x.test/a.png", fileName: "a.png" });
    const listed = await api.get(messagesOf(c.id), { token: cast.agent.token });
    expect(listed.body.payload[0].attachments).toEqual([expect.objectContaining({ message_id: message.id, file_type: "image", data_url: "https://x.test/a.png", extension: "png" })]);

    const res = await api.delete(`${messagesOf(c.id)}/${message.id}`, { token: cast.agent.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: message.id, content: "This message was deleted", content_type: "text", content_attributes: { deleted: true } });
    expect(res.body.attachments).toBeUndefined();
    const after = await api.get(messagesOf(c.id), { token: cast.agent.token });
    expect(after.body.payload).toHaveLength(1);
    expect(after.body.payload[0]).toMatchObject({ content: "This message was deleted", content_attributes: { deleted: true } });
    expect(await getDb().select().from(attachments).where(eq(attachments.messageId, message.id))).toEqual([]);
    expect((await api.delete(`${messagesOf(c.id)}/999999999`, { token: cast.agent.token })).status).toBe(404);
  });

  it("refuses bots on everything but sending", async () => {
    const { token } = await makeBot(cast.account.id);
    const c = await openIn(apiInbox.id);
    const message = await send(c.id, { content: "x" });
    expect((await api.patch(`${messagesOf(c.id)}/${message.id}`, { token, body: { status: "read" } })).status).toBe(401);
    expect((await api.delete(`${messagesOf(c.id)}/${message.id}`, { token })).status).toBe(401);
  });
});
