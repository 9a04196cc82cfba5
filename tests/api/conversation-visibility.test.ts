import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, inboxes } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
let hiddenId: number;
let contactId: number;
let hiddenInboxId: number;

beforeAll(async () => {
  team = await makeTeam();
  const accountId = team.account.id;
  base = `/api/v1/accounts/${accountId}`;
  const inbox = (name: string) => ({ accountId, name, channelType: "Channel::Api" as const, identifier: `${name}-${accountId}`, hmacToken: "h", secret: "s" });
  const [shared, restricted] = await getDb().insert(inboxes).values([inbox("shared"), inbox("restricted")]).returning();
  hiddenInboxId = restricted!.id;
  await joinInbox(accountId, shared!.id);
  const [contact] = await getDb().insert(contacts).values({ accountId, name: "Guest" }).returning();
  contactId = contact!.id;
  await api.post(`${base}/conversations`, { token: team.admin.token, body: { inbox_id: shared!.id, contact_id: contactId } });
  const hidden = await api.post(`${base}/conversations`, { token: team.admin.token, body: { inbox_id: restricted!.id, contact_id: contactId } });
  hiddenId = hidden.body.id;
});

describe("which conversations an agent sees", () => {
  it("shows agents only the conversations of inboxes they belong to, administrators all", async () => {
    const asAgent = (await api.get(`${base}/conversations?assignee_type=all`, { token: team.agent.token })).body.data;
    expect(asAgent.meta.all_count).toBe(1);
    expect(asAgent.payload.map((c: { id: number }) => c.id)).not.toContain(hiddenId);
    const asAdmin = (await api.get(`${base}/conversations?assignee_type=all`, { token: team.admin.token })).body.data;
    expect(asAdmin.meta.all_count).toBe(2);
  });

  it("answers 404 for the other inbox's conversation and leaves it out of filters and contact history", async () => {
    expect((await api.get(`${base}/conversations/${hiddenId}`, { token: team.agent.token })).status).toBe(404);
    expect((await api.get(`${base}/conversations/${hiddenId}/messages`, { token: team.agent.token })).status).toBe(404);
    expect((await api.post(`${base}/conversations/${hiddenId}/messages`, { token: team.agent.token, body: { content: "hi" } })).status).toBe(404);
    const filtered = await api.post(`${base}/conversations/filter`, {
      token: team.agent.token,
      body: { payload: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null }] },
    });
    expect(filtered.body.meta.all_count).toBe(1);
    const history = await api.get(`${base}/contacts/${contactId}/conversations`, { token: team.agent.token });
    expect(history.body.payload).toHaveLength(1);
  });

  it("shows the conversation once the agent joins the inbox", async () => {
    await joinInbox(team.account.id, hiddenInboxId);
    expect((await api.get(`${base}/conversations/${hiddenId}`, { token: team.agent.token })).status).toBe(200);
  });
});
