import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, inboxes } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makeBot, makeTeam } from "../helpers/factories";

/*
 * Chatwoot's `article` message (spec §9.2): `content_attributes.items` of {title, description,
 * link}, the help center articles an agent or bot sends; the widget shows each as a link.
 */

let team: Awaited<ReturnType<typeof makeTeam>>;
let conversationId: number;
let messages: string;

const guide = { title: "Reset your password", description: "Steps to reset it", link: "https://help.example.test/hc/handbook/articles/1713260000-reset-your-password" };

beforeAll(async () => {
  team = await makeTeam();
  const db = getDb();
  const [inbox] = await db
    .insert(inboxes)
    .values({ accountId: team.account.id, name: "Support", channelType: "Channel::Api", identifier: randomUUID(), hmacToken: "hmac", secret: "secret" })
    .returning();
  await joinInbox(team.account.id, inbox!.id);
  const [contact] = await db.insert(contacts).values({ accountId: team.account.id, name: "Customer", email: `${randomUUID()}@example.test` }).returning();
  const opened = await api.post(`/api/v1/accounts/${team.account.id}/conversations`, { token: team.admin.token, body: { inbox_id: inbox!.id, contact_id: contact!.id } });
  expect(opened.status).toBe(200);
  conversationId = opened.body.id;
  messages = `/api/v1/accounts/${team.account.id}/conversations/${conversationId}/messages`;
});

const post = (body: Record<string, unknown>, token = team.agent.token) => api.post(messages, { token, body });
const fields = (res: { body: { errors: { field: string }[] } }) => res.body.errors.map((e) => e.field);

describe("article messages", () => {
  it("sends articles as items, shown back with content_type article and its items, in the list too", async () => {
    const res = await post({ content: "Here are some articles that might help", content_type: "article", content_attributes: { items: [guide, { title: "Billing", link: "http://help.example.test/billing" }] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content: "Here are some articles that might help", content_type: "article", content_attributes: { items: [guide, { title: "Billing", link: "http://help.example.test/billing" }] } });
    const listed = await api.get(messages, { token: team.admin.token });
    const shown = listed.body.payload.find((m: { id: number }) => m.id === res.body.id);
    expect(shown).toMatchObject({ content_type: "article", content_attributes: { items: [guide, expect.objectContaining({ title: "Billing" })] } });
  });

  it("needs no text beside the items", async () => {
    const res = await post({ content_type: "article", content_attributes: { items: [guide] } });
    expect(res.status).toBe(200);
    expect(res.body.content).toBeNull();
  });

  it("lets an agent bot send them", async () => {
    const bot = await makeBot(team.account.id);
    const res = await post({ content_type: "article", content_attributes: { items: [guide] } }, bot.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content_type: "article", sender: { type: "agent_bot" } });
  });

  it.each([
    ["no content_attributes", {}, "content_attributes.items"],
    ["no items", { content_attributes: {} }, "content_attributes.items"],
    ["an empty list", { content_attributes: { items: [] } }, "content_attributes.items"],
    ["items that are not a list", { content_attributes: { items: guide } }, "content_attributes.items"],
    ["an item that is not an object", { content_attributes: { items: ["https://help.example.test"] } }, "content_attributes.items.0"],
    ["an unknown key", { content_attributes: { items: [{ ...guide, image: "x.png" }] } }, "content_attributes.items.0"],
    ["a title that is not text", { content_attributes: { items: [{ ...guide, title: 42 }] } }, "content_attributes.items.0.title"],
    ["a link that is no URL", { content_attributes: { items: [{ ...guide, link: "reset your password" }] } }, "content_attributes.items.0.link"],
    ["a javascript: link", { content_attributes: { items: [{ ...guide, link: "javascript:alert(1)" }] } }, "content_attributes.items.0.link"],
    ["a data: link", { content_attributes: { items: [{ ...guide, link: "data:text/html,<script>alert(1)</script>" }] } }, "content_attributes.items.0.link"],
  ])("refuses %s with 422 naming content_attributes, and writes nothing", async (_, attributes, field) => {
    const before = (await api.get(messages, { token: team.admin.token })).body.payload.length;
    const res = await post({ content: "See these", content_type: "article", ...attributes });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual([field]);
    expect(res.body.description).toEqual(expect.any(String));
    expect((await api.get(messages, { token: team.admin.token })).body.payload.length).toBe(before);
  });
});
