import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contactInboxes, conversations, messages } from "@/db/schema";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
type InboxJson = { id: number; inbox_identifier: string; hmac_token: string };

let team: Team;
let other: Team;
let inbox: InboxJson;
let secured: InboxJson;
let sibling: InboxJson;
let foreign: InboxJson;

const makeInbox = async (owner: Team, name: string, channel: Record<string, unknown> = {}): Promise<InboxJson> => {
  const res = await api.post(`/api/v1/accounts/${owner.account.id}/inboxes`, {
    token: owner.admin.token,
    body: { name, channel: { type: "api", ...channel } },
  });
  expect(res.status).toBe(200);
  return res.body;
};

const pub = (target: InboxJson | string) => `/public/api/v1/inboxes/${typeof target === "string" ? target : target.inbox_identifier}`;
const hash = (target: InboxJson, identifier: string) => createHmac("sha256", target.hmac_token).update(identifier).digest("hex");

const newContact = async (target: InboxJson = inbox, body: Record<string, unknown> = {}) => {
  const res = await api.post(`${pub(target)}/contacts`, { body });
  expect(res.status).toBe(200);
  return res.body as { source_id: string; pubsub_token: string; id: number; name: string; email: string | null };
};

const conversationsOf = (sourceId: string, target: InboxJson = inbox) => `${pub(target)}/contacts/${sourceId}/conversations`;

const newConversation = async (sourceId: string, target: InboxJson = inbox) => {
  const res = await api.post(conversationsOf(sourceId, target), { body: {} });
  expect(res.status).toBe(200);
  return res.body as { id: number; uuid: string; status: string };
};

const rowOf = async (displayId: number, accountId = team.account.id) => {
  const rows = await getDb().select().from(conversations).where(eq(conversations.displayId, displayId));
  return rows.find((row) => row.accountId === accountId)!;
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  inbox = await makeInbox(team, "Website API", {});
  secured = await makeInbox(team, "Secured", { hmac_mandatory: true });
  sibling = await makeInbox(team, "Second inbox");
  foreign = await makeInbox(other, "Elsewhere");
});

describe("Client API inbox", () => {
  it("shows the inbox's public settings without a token", async () => {
    const res = await api.get(pub(secured));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      identifier: secured.inbox_identifier,
      name: "Secured",
      timezone: expect.any(String),
      working_hours: expect.any(Array),
      working_hours_enabled: false,
      csat_survey_enabled: false,
      greeting_enabled: false,
      identity_validation_enabled: true,
    });
    expect(res.body.working_hours).toHaveLength(7);
    expect((await api.get(pub(inbox))).body.identity_validation_enabled).toBe(false);
  });

  it("answers 404 with the standard body for an unknown inbox identifier, on every route", async () => {
    const res = await api.get(pub("no-such-inbox"));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ description: expect.any(String), errors: [], error: expect.any(String) });
    expect((await api.post(`${pub("no-such-inbox")}/contacts`, { body: { name: "x" } })).status).toBe(404);
    expect((await api.get(`${pub("no-such-inbox")}/contacts/abc/conversations`)).status).toBe(404);
  });

  it("has no Client API for web widget inboxes", async () => {
    const widget = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
      token: team.admin.token,
      body: { name: "Widget", channel: { type: "web_widget", website_url: "https://example.test" } },
    });
    expect(widget.status).toBe(200);
    expect((await api.get(pub(widget.body.inbox_identifier))).status).toBe(404);
  });
});

describe("Client API contacts", () => {
  it("creates a contact session and shows it by its source id", async () => {
    const created = await newContact(inbox, { name: "Alice", email: "Alice@Example.test", phone_number: "+15550001111", custom_attributes: { plan: "pro" } });
    expect(created).toEqual({
      source_id: expect.any(String),
      pubsub_token: expect.any(String),
      id: expect.any(Number),
      name: "Alice",
      email: "alice@example.test",
      phone_number: "+15550001111",
    });
    const shown = await api.get(`${pub(inbox)}/contacts/${created.source_id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created);

    const fromAgents = await api.get(`/api/v1/accounts/${team.account.id}/contacts/${created.id}`, { token: team.admin.token });
    expect(fromAgents.body.payload ?? fromAgents.body).toMatchObject({ custom_attributes: { plan: "pro" } });
  });

  it("keeps a given source id and refuses one that is another contact's", async () => {
    const first = await newContact(inbox, { name: "Given", source_id: "session-given-1" });
    expect(first.source_id).toBe("session-given-1");
    const clash = await api.post(`${pub(inbox)}/contacts`, { body: { name: "Thief", source_id: "session-given-1" } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ field: "source_id" });
  });

  it("names invalid fields with 422", async () => {
    const res = await api.post(`${pub(inbox)}/contacts`, { body: { email: "not-an-email", phone_number: "12" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["email", "phone_number"]));
  });

  it("reuses the account's contact with the same identifier only when the hash proves it, in a new session", async () => {
    const first = await newContact(inbox, { identifier: "crm-42", name: "Bob", email: "bob@guest.test" });
    const guess = await api.post(`${pub(inbox)}/contacts`, { body: { identifier: "crm-42", name: "Someone else" } });
    expect(guess.status).toBe(401);
    expect(JSON.stringify(guess.body)).not.toContain("bob@guest.test");
    const again = await newContact(inbox, { identifier: "crm-42", identifier_hash: hash(inbox, "crm-42"), name: "Someone else" });
    expect(again.id).toBe(first.id);
    expect(again.name).toBe("Bob");
    expect(again.source_id).not.toBe(first.source_id);
  });

  it("without hmac_mandatory: no hash is unverified, a wrong hash is 401, a right one verifies", async () => {
    const plain = await newContact(inbox, { identifier: "soft-1" });
    const [row] = await getDb().select().from(contactInboxes).where(eq(contactInboxes.sourceId, plain.source_id));
    expect(row!.hmacVerified).toBe(false);

    const wrong = await api.post(`${pub(inbox)}/contacts`, { body: { identifier: "soft-2", identifier_hash: "0".repeat(64) } });
    expect(wrong.status).toBe(401);

    const right = await newContact(inbox, { identifier: "soft-3", identifier_hash: hash(inbox, "soft-3") });
    const [verified] = await getDb().select().from(contactInboxes).where(eq(contactInboxes.sourceId, right.source_id));
    expect(verified!.hmacVerified).toBe(true);
  });

  it("with hmac_mandatory: a missing or wrong hash is 401, the right one is verified", async () => {
    const missing = await api.post(`${pub(secured)}/contacts`, { body: { identifier: "user-7", name: "Carol" } });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ description: expect.any(String), errors: [], error: expect.any(String) });
    const anonymous = await api.post(`${pub(secured)}/contacts`, { body: { name: "Nobody" } });
    expect(anonymous.status).toBe(401);
    const wrong = await api.post(`${pub(secured)}/contacts`, {
      body: { identifier: "user-7", identifier_hash: hash(inbox, "user-7") }, // another inbox's key
    });
    expect(wrong.status).toBe(401);

    const right = await api.post(`${pub(secured)}/contacts`, { body: { identifier: "user-7", identifier_hash: hash(secured, "user-7"), name: "Carol" } });
    expect(right.status).toBe(200);
    expect(right.body.name).toBe("Carol");
    const [row] = await getDb().select().from(contactInboxes).where(eq(contactInboxes.sourceId, right.body.source_id));
    expect(row!.hmacVerified).toBe(true);

    const conv = await newConversation(right.body.source_id, secured);
    const seen = await api.get(`/api/v1/accounts/${team.account.id}/conversations/${conv.id}`, { token: team.admin.token });
    expect(seen.body.meta?.hmac_verified).toBe(true);
  });

  it("updates the contact: fields sent change, custom attributes merge, identifier checked like on create", async () => {
    const created = await newContact(inbox, { name: "Dan", custom_attributes: { a: 1 } });
    const url = `${pub(inbox)}/contacts/${created.source_id}`;
    const updated = await api.patch(url, { body: { email: "dan@example.test", custom_attributes: { b: 2 } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, name: "Dan", email: "dan@example.test", source_id: created.source_id });
    const fromAgents = await api.get(`/api/v1/accounts/${team.account.id}/contacts/${created.id}`, { token: team.admin.token });
    expect((fromAgents.body.payload ?? fromAgents.body).custom_attributes).toEqual({ a: 1, b: 2 });

    const wrong = await api.patch(url, { body: { identifier: "dan-1", identifier_hash: "f".repeat(64) } });
    expect(wrong.status).toBe(401);
    const right = await api.patch(url, { body: { identifier: "dan-1", identifier_hash: hash(inbox, "dan-1") } });
    expect(right.status).toBe(200);
    const [row] = await getDb().select().from(contactInboxes).where(eq(contactInboxes.sourceId, created.source_id));
    expect(row!.hmacVerified).toBe(true);

    const taken = await api.patch(url, { body: { identifier: "crm-42" } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0]).toMatchObject({ field: "identifier", code: "taken" });
  });

  it("refuses an email that is another contact's rather than revealing that contact", async () => {
    await newContact(inbox, { email: "owner@example.test", name: "Owner", phone_number: "+15550002222" });
    const res = await api.post(`${pub(inbox)}/contacts`, { body: { email: "OWNER@example.test" } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: "email", code: "taken" });
    expect(res.text).not.toContain("+15550002222");
  });

  it("finds a source id only in its own inbox", async () => {
    const created = await newContact(inbox, { name: "Eve" });
    expect((await api.get(`${pub(sibling)}/contacts/${created.source_id}`)).status).toBe(404);
    expect((await api.get(`${pub(foreign)}/contacts/${created.source_id}`)).status).toBe(404);
    expect((await api.patch(`${pub(sibling)}/contacts/${created.source_id}`, { body: { name: "x" } })).status).toBe(404);
    expect((await api.get(`${pub(inbox)}/contacts/not-a-session`)).status).toBe(404);
  });
});

describe("Client API conversations", () => {
  it("creates, lists and shows the contact's conversations", async () => {
    const contact = await newContact(inbox, { name: "Frank", email: "frank@example.test" });
    const res = await api.post(conversationsOf(contact.source_id), { body: { custom_attributes: { order: "A-1" } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      inbox_id: String(inbox.id),
      contact_last_seen_at: 0,
      status: "open",
      agent_last_seen_at: 0,
      messages: [],
      contact: { id: contact.id, name: "Frank", email: "frank@example.test", phone_number: null },
    });
    const row = await rowOf(res.body.id);
    expect(row.customAttributes).toEqual({ order: "A-1" });
    expect(row.inboxId).toBe(inbox.id);

    const second = await newConversation(contact.source_id);
    const list = await api.get(conversationsOf(contact.source_id));
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([res.body.id, second.id]);

    const shown = await api.get(`${conversationsOf(contact.source_id)}/${second.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: second.id, uuid: second.uuid, status: "open" });

    const fromAgents = await api.get(`/api/v1/accounts/${team.account.id}/conversations/${second.id}`, { token: team.admin.token });
    expect(fromAgents.status).toBe(200);
    expect(fromAgents.body.meta.sender.id).toBe(contact.id);
  });

  it("never reaches another contact's, inbox's or session's conversations", async () => {
    const alice = await newContact(inbox, { name: "Iso Alice" });
    const bob = await newContact(inbox, { name: "Iso Bob" });
    const aliceConv = await newConversation(alice.source_id);
    const bobConv = await newConversation(bob.source_id);
    await api.post(`${conversationsOf(alice.source_id)}/${aliceConv.id}/messages`, { body: { content: "alice's secret" } });

    // Another contact's source id with this conversation id.
    const viaBob = `${conversationsOf(bob.source_id)}/${aliceConv.id}`;
    expect((await api.get(viaBob)).status).toBe(404);
    expect((await api.get(`${viaBob}/messages`)).status).toBe(404);
    expect((await api.post(`${viaBob}/messages`, { body: { content: "hi" } })).status).toBe(404);
    expect((await api.post(`${viaBob}/toggle_status`)).status).toBe(404);
    expect((await api.post(`${viaBob}/update_last_seen`)).status).toBe(404);
    expect((await api.post(`${viaBob}/toggle_typing`, { body: { typing_status: "on" } })).status).toBe(404);

    // Another contact's conversation id through this contact's own source id.
    expect((await api.get(`${conversationsOf(alice.source_id)}/${bobConv.id}`)).status).toBe(404);

    // Another inbox's identifier (same account, and another account) with this contact's source id.
    expect((await api.get(`${conversationsOf(alice.source_id, sibling)}/${aliceConv.id}`)).status).toBe(404);
    expect((await api.get(conversationsOf(alice.source_id, sibling))).status).toBe(404);
    expect((await api.get(`${conversationsOf(alice.source_id, foreign)}/${aliceConv.id}/messages`)).status).toBe(404);

    // The same contact in a second session (same identifier) sees only that session's conversations.
    const withId = await newContact(inbox, { identifier: "iso-shared" });
    const conv = await newConversation(withId.source_id);
    const otherSession = await newContact(inbox, { identifier: "iso-shared", identifier_hash: hash(inbox, "iso-shared") });
    expect(otherSession.id).toBe(withId.id);
    expect((await api.get(conversationsOf(otherSession.source_id))).body).toEqual([]);
    expect((await api.get(`${conversationsOf(otherSession.source_id)}/${conv.id}`)).status).toBe(404);

    // Nothing of Alice's leaks into Bob's listing, and Alice's conversation is untouched.
    const bobList = await api.get(conversationsOf(bob.source_id));
    expect(bobList.body.map((c: { id: number }) => c.id)).toEqual([bobConv.id]);
    expect(bobList.text).not.toContain("alice's secret");
    expect((await rowOf(aliceConv.id)).status).toBe(0);
  });

  it("answers 404 for a malformed conversation id", async () => {
    const contact = await newContact(inbox);
    expect((await api.get(`${conversationsOf(contact.source_id)}/abc`)).status).toBe(404);
  });

  it("toggle_status resolves, with the conversation and its messages in the response", async () => {
    const contact = await newContact(inbox, { name: "Grace" });
    const conv = await newConversation(contact.source_id);
    await api.post(`${conversationsOf(contact.source_id)}/${conv.id}/messages`, { body: { content: "thanks, bye" } });
    const res = await api.post(`${conversationsOf(contact.source_id)}/${conv.id}/toggle_status`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: conv.id, status: "resolved", inbox_id: String(inbox.id), contact: { id: contact.id, name: "Grace" } });
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({ content: "thanks, bye", message_type: 0, conversation_id: conv.id });
    expect(typeof res.body.messages[0].id).toBe("number");
    expect((await rowOf(conv.id)).status).toBe(1);

    const again = await api.post(`${conversationsOf(contact.source_id)}/${conv.id}/toggle_status`);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("resolved");
  });

  it("toggle_typing answers 200 with no body; update_last_seen stores the time", async () => {
    const contact = await newContact(inbox);
    const conv = await newConversation(contact.source_id);
    const base = `${conversationsOf(contact.source_id)}/${conv.id}`;
    const typing = await api.post(`${base}/toggle_typing`, { body: { typing_status: "on" } });
    expect(typing.status).toBe(200);
    expect(typing.text).toBe("");
    const bad = await api.post(`${base}/toggle_typing`, { body: { typing_status: "maybe" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("typing_status");

    const seen = await api.post(`${base}/update_last_seen`);
    expect(seen.status).toBe(200);
    expect(seen.text).toBe("");
    expect((await rowOf(conv.id)).contactLastSeenAt).toBeInstanceOf(Date);
    expect((await api.get(base)).body.contact_last_seen_at).toBeGreaterThan(0);
  });
});

describe("Client API messages", () => {
  it("creates incoming messages (typed as strings) and lists them without private notes or activity", async () => {
    const contact = await newContact(inbox, { name: "Heidi" });
    const conv = await newConversation(contact.source_id);
    const base = `${conversationsOf(contact.source_id)}/${conv.id}/messages`;

    const created = await api.post(base, { body: { content: "Hello there", echo_id: "tmp-1" } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      content: "Hello there",
      message_type: "0",
      content_type: "text",
      content_attributes: "{}",
      created_at: expect.stringMatching(/^\d+$/),
      conversation_id: String(conv.id),
      echo_id: "tmp-1",
      attachments: [],
      sender: { id: contact.id, type: "contact", name: "Heidi" },
    });
    const row = await rowOf(conv.id);
    expect(row.waitingSince).toBeInstanceOf(Date);

    const db = getDb();
    const common = { accountId: team.account.id, inboxId: inbox.id, conversationId: row.id };
    await db.insert(messages).values([
      { ...common, messageType: 1, private: true, content: "internal: VIP customer", senderType: "User", senderId: team.agent.user.id },
      { ...common, messageType: 2, content: "Conversation was assigned" },
      { ...common, messageType: 1, content: "Hi Heidi!", senderType: "User", senderId: team.agent.user.id },
    ]);

    const list = await api.get(base);
    expect(list.status).toBe(200);
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(["Hello there", "Hi Heidi!"]);
    expect(list.text).not.toContain("VIP");
    expect(list.body[1]).toMatchObject({ message_type: "1", sender: { type: "user" } });

    const shown = await api.get(`${conversationsOf(contact.source_id)}/${conv.id}`);
    expect(shown.body.messages.map((m: { content: string }) => m.content)).toEqual(["Hello there", "Hi Heidi!"]);

    const blank = await api.post(base, { body: { content: "  " } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].field).toBe("content");
    expect((await api.post(base, { body: {} })).body.errors[0]).toMatchObject({ field: "content", code: "required" });
  });

  it("pages with `before`: the latest 20, then the ones before", async () => {
    const contact = await newContact(inbox);
    const conv = await newConversation(contact.source_id);
    const base = `${conversationsOf(contact.source_id)}/${conv.id}/messages`;
    for (let i = 1; i <= 23; i++) await api.post(base, { body: { content: `m${i}` } });
    const latest = await api.get(base);
    expect(latest.body).toHaveLength(20);
    expect(latest.body[0].content).toBe("m4");
    expect(latest.body[19].content).toBe("m23");
    const older = await api.get(`${base}?before=${latest.body[0].id}`);
    expect(older.body.map((m: { content: string }) => m.content)).toEqual(["m1", "m2", "m3"]);
  });

  it("reopens a resolved conversation when the contact writes again", async () => {
    const contact = await newContact(inbox);
    const conv = await newConversation(contact.source_id);
    const base = `${conversationsOf(contact.source_id)}/${conv.id}`;
    await api.post(`${base}/toggle_status`);
    expect((await rowOf(conv.id)).status).toBe(1);
    await api.post(`${base}/messages`, { body: { content: "one more thing" } });
    expect((await rowOf(conv.id)).status).toBe(0);
  });

  it("stores submitted_values on input messages only", async () => {
    const contact = await newContact(inbox);
    const conv = await newConversation(contact.source_id);
    const row = await rowOf(conv.id);
    const common = { accountId: team.account.id, inboxId: inbox.id, conversationId: row.id, messageType: 1 };
    const [select, plain, note] = await getDb()
      .insert(messages)
      .values([
        {
          ...common,
          content: "Pick one",
          contentType: "input_select",
          contentAttributes: { items: [{ title: "Yes", value: "yes" }] },
          senderType: "AgentBot",
        },
        { ...common, content: "Just text" },
        { ...common, content: "note", contentType: "input_select", private: true },
      ])
      .returning();
    const base = `${conversationsOf(contact.source_id)}/${conv.id}/messages`;

    const res = await api.patch(`${base}/${select!.id}`, { body: { submitted_values: { title: "Yes", value: "yes" } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: String(select!.id), content_type: "input_select", conversation_id: String(conv.id) });
    expect(JSON.parse(res.body.content_attributes)).toEqual({
      items: [{ title: "Yes", value: "yes" }],
      submitted_values: { title: "Yes", value: "yes" },
    });

    const refused = await api.patch(`${base}/${plain!.id}`, { body: { submitted_values: { value: "x" } } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("submitted_values");
    expect((await api.patch(`${base}/${note!.id}`, { body: { submitted_values: { value: "x" } } })).status).toBe(404);
    expect((await api.patch(`${base}/${select!.id}`, { body: {} })).status).toBe(422);

    // Another contact cannot answer it.
    const stranger = await newContact(inbox);
    const viaStranger = `${conversationsOf(stranger.source_id)}/${conv.id}/messages/${select!.id}`;
    expect((await api.patch(viaStranger, { body: { submitted_values: { value: "no" } } })).status).toBe(404);
  });
});

describe("the OpenAPI document", () => {
  it("lists the Client API routes without security", async () => {
    const doc = (await api.get("/api/v1/openapi.json")).body;
    const op = doc.paths["/public/api/v1/inboxes/{inbox_identifier}/contacts"].post;
    expect(op.tags).toEqual(["Client API"]);
    expect(op.security).toEqual([]);
  });
});
