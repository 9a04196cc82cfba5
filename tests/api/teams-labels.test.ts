import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes } from "@/db/schema";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const teamsUrl = () => `/api/v1/accounts/${team.account.id}/teams`;
const labelsUrl = () => `/api/v1/accounts/${team.account.id}/labels`;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("teams", () => {
  it("lets an administrator create, list, show, update and delete a team", async () => {
    const created = await api.post(teamsUrl(), {
      token: team.admin.token,
      body: { team: { name: "Sales Desk", description: "Quotes and leads", allow_auto_assign: false } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "sales desk",
      description: "Quotes and leads",
      allow_auto_assign: false,
      account_id: team.account.id,
      is_member: false,
    });
    const id = created.body.id;

    const list = await api.get(teamsUrl(), { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((t: { id: number }) => t.id)).toContain(id);

    expect((await api.get(`${teamsUrl()}/${id}`, { token: team.agent.token })).body.name).toBe("sales desk");

    const updated = await api.patch(`${teamsUrl()}/${id}`, { token: team.admin.token, body: { description: null, allow_auto_assign: true } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "sales desk", description: null, allow_auto_assign: true });

    const deleted = await api.delete(`${teamsUrl()}/${id}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(`${teamsUrl()}/${id}`, { token: team.admin.token })).status).toBe(404);
  });

  it("refuses a duplicate name whatever its case, but not in another account", async () => {
    expect((await api.post(teamsUrl(), { token: team.admin.token, body: { name: "Catering" } })).status).toBe(200);
    const again = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "CATERING" } });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ field: "name", code: "taken" });

    const second = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "Events" } });
    const rename = await api.patch(`${teamsUrl()}/${second.body.id}`, { token: team.admin.token, body: { name: "catering" } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors[0].code).toBe("taken");
    // Renaming a team to its own name is no conflict.
    expect((await api.patch(`${teamsUrl()}/${second.body.id}`, { token: team.admin.token, body: { name: "EVENTS" } })).status).toBe(200);

    const elsewhere = await api.post(`/api/v1/accounts/${other.account.id}/teams`, { token: other.admin.token, body: { name: "Catering" } });
    expect(elsewhere.status).toBe(200);
  });

  it("names invalid fields with 422 and refuses agents' writes with 403", async () => {
    const blank = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "  ", allow_auto_assign: "maybe" } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["name", "allow_auto_assign"]));

    const made = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "Guarded team" } });
    const token = team.agent.token;
    expect((await api.post(teamsUrl(), { token, body: { name: "Agents' own" } })).status).toBe(403);
    expect((await api.patch(`${teamsUrl()}/${made.body.id}`, { token, body: { name: "x" } })).status).toBe(403);
    expect((await api.delete(`${teamsUrl()}/${made.body.id}`, { token })).status).toBe(403);
    expect((await api.post(`${teamsUrl()}/${made.body.id}/team_members`, { token, body: { user_ids: [team.agent.user.id] } })).status).toBe(403);
  });

  it("manages team members and reports is_member for the caller", async () => {
    const made = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "Front of house" } });
    const url = `${teamsUrl()}/${made.body.id}/team_members`;
    const third = await makeMember(team.account.id, "agent");

    const added = await api.post(url, { token: team.admin.token, body: { user_ids: [team.agent.user.id] } });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([expect.objectContaining({ id: team.agent.user.id, role: "agent", account_id: team.account.id })]);
    // Adding again is harmless and answers the agents named.
    const again = await api.post(url, { token: team.admin.token, body: { user_ids: [team.agent.user.id, third.user.id] } });
    expect(again.body.map((a: { id: number }) => a.id).sort()).toEqual([team.agent.user.id, third.user.id].sort());

    expect((await api.get(`${teamsUrl()}/${made.body.id}`, { token: team.agent.token })).body.is_member).toBe(true);
    expect((await api.get(`${teamsUrl()}/${made.body.id}`, { token: team.admin.token })).body.is_member).toBe(false);
    const agentList = await api.get(teamsUrl(), { token: team.agent.token });
    expect(agentList.body.find((t: { id: number }) => t.id === made.body.id).is_member).toBe(true);

    const replaced = await api.patch(url, { token: team.admin.token, body: { user_ids: [team.admin.user.id] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.map((a: { id: number }) => a.id)).toEqual([team.admin.user.id]);
    expect((await api.get(`${teamsUrl()}/${made.body.id}`, { token: team.agent.token })).body.is_member).toBe(false);

    await api.post(url, { token: team.admin.token, body: { user_ids: [third.user.id] } });
    const removed = await api.delete(url, { token: team.admin.token, body: { user_ids: [team.admin.user.id] } });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe("");
    const listed = await api.get(url, { token: team.agent.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((a: { id: number }) => a.id)).toEqual([third.user.id]);
  });

  it("refuses team members from outside the account with 422 naming user_ids", async () => {
    const made = await api.post(teamsUrl(), { token: team.admin.token, body: { name: "Closed shop" } });
    const url = `${teamsUrl()}/${made.body.id}/team_members`;
    for (const method of ["post", "patch", "delete"] as const) {
      const res = await api[method](url, { token: team.admin.token, body: { user_ids: [other.admin.user.id] } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("user_ids");
    }
    expect((await api.get(url, { token: team.admin.token })).body).toEqual([]);
  });

  it("answers 404 for another account's team", async () => {
    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/teams`, { token: other.admin.token, body: { name: "Their team" } });
    const url = `${teamsUrl()}/${theirs.body.id}`;
    const token = team.admin.token;
    expect((await api.get(url, { token })).status).toBe(404);
    expect((await api.patch(url, { token, body: { name: "mine" } })).status).toBe(404);
    expect((await api.delete(url, { token })).status).toBe(404);
    expect((await api.get(`${url}/team_members`, { token })).status).toBe(404);
    expect((await api.post(`${url}/team_members`, { token, body: { user_ids: [team.agent.user.id] } })).status).toBe(404);
    const still = await api.get(`/api/v1/accounts/${other.account.id}/teams/${theirs.body.id}`, { token: other.admin.token });
    expect(still.body.name).toBe("their team");
  });
});

/** A conversation and a contact carrying `labels`, written straight to the database. */
const seedTagged = async (accountId: number, labels: string[]) => {
  const db = getDb();
  const [inbox] = await db
    .insert(inboxes)
    .values({ accountId, name: "Seed", channelType: "Channel::Api", identifier: `seed-${Math.random()}`, hmacToken: "h", secret: "s" })
    .returning();
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest", labels }).returning();
  const [conversation] = await db
    .insert(conversations)
    .values({ accountId, displayId: Math.floor(Math.random() * 1_000_000), inboxId: inbox!.id, contactId: contact!.id, labels })
    .returning();
  return { contactId: contact!.id, conversationId: conversation!.id };
};

const labelsOf = async (tagged: { contactId: number; conversationId: number }) => {
  const db = getDb();
  const [contact] = await db.select({ labels: contacts.labels }).from(contacts).where(eq(contacts.id, tagged.contactId));
  const [conversation] = await db.select({ labels: conversations.labels }).from(conversations).where(eq(conversations.id, tagged.conversationId));
  return { contact: contact!.labels, conversation: conversation!.labels };
};

describe("labels", () => {
  it("lets an administrator create, list, show, update and delete a label", async () => {
    const created = await api.post(labelsUrl(), {
      token: team.admin.token,
      body: { label: { title: "VIP-Guest", description: "Big spenders", color: "#FF0000", show_on_sidebar: false } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), title: "vip-guest", description: "Big spenders", color: "#FF0000", show_on_sidebar: false });
    const id = created.body.id;

    const list = await api.get(labelsUrl(), { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.payload.map((l: { id: number }) => l.id)).toContain(id);

    expect((await api.get(`${labelsUrl()}/${id}`, { token: team.agent.token })).body.title).toBe("vip-guest");

    const updated = await api.patch(`${labelsUrl()}/${id}`, { token: team.admin.token, body: { color: "#00ff00", show_on_sidebar: true } });
    expect(updated.body).toMatchObject({ title: "vip-guest", color: "#00ff00", show_on_sidebar: true, description: "Big spenders" });

    const defaults = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "plain" } });
    expect(defaults.body).toMatchObject({ color: "#1f93ff", show_on_sidebar: true, description: null });

    const deleted = await api.delete(`${labelsUrl()}/${id}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(`${labelsUrl()}/${id}`, { token: team.admin.token })).status).toBe(404);
  });

  it("accepts letters of any script, digits, _ and - only", async () => {
    expect((await api.post(labelsUrl(), { token: team.admin.token, body: { title: "Café_2024" } })).body.title).toBe("café_2024");
    for (const title of ["has space", "semi;colon", "", "emoji🎉"]) {
      const res = await api.post(labelsUrl(), { token: team.admin.token, body: { title } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("title");
    }
    const color = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "colored", color: "red" } });
    expect(color.status).toBe(422);
    expect(color.body.errors[0].field).toBe("color");
  });

  it("refuses a duplicate title whatever its case, but not in another account", async () => {
    await api.post(labelsUrl(), { token: team.admin.token, body: { title: "wedding" } });
    const again = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "Wedding" } });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ field: "title", code: "taken" });
    const elsewhere = await api.post(`/api/v1/accounts/${other.account.id}/labels`, { token: other.admin.token, body: { title: "wedding" } });
    expect(elsewhere.status).toBe(200);
  });

  it("refuses agents' writes with 403 and another account's label with 404", async () => {
    const made = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "guarded" } });
    const token = team.agent.token;
    expect((await api.post(labelsUrl(), { token, body: { title: "mine" } })).status).toBe(403);
    expect((await api.patch(`${labelsUrl()}/${made.body.id}`, { token, body: { color: "#000000" } })).status).toBe(403);
    expect((await api.delete(`${labelsUrl()}/${made.body.id}`, { token })).status).toBe(403);

    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/labels`, { token: other.admin.token, body: { title: "theirs" } });
    const url = `${labelsUrl()}/${theirs.body.id}`;
    expect((await api.get(url, { token: team.admin.token })).status).toBe(404);
    expect((await api.patch(url, { token: team.admin.token, body: { color: "#000000" } })).status).toBe(404);
    expect((await api.delete(url, { token: team.admin.token })).status).toBe(404);
  });

  it("removes a deleted label from the account's conversations and contacts, and only there", async () => {
    const made = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "follow-up" } });
    await api.post(`/api/v1/accounts/${other.account.id}/labels`, { token: other.admin.token, body: { title: "follow-up" } });
    const mine = await seedTagged(team.account.id, ["urgent", "follow-up", "vip"]);
    const untagged = await seedTagged(team.account.id, ["urgent"]);
    const theirs = await seedTagged(other.account.id, ["follow-up"]);

    expect((await api.delete(`${labelsUrl()}/${made.body.id}`, { token: team.admin.token })).status).toBe(200);

    expect(await labelsOf(mine)).toEqual({ contact: ["urgent", "vip"], conversation: ["urgent", "vip"] });
    expect(await labelsOf(untagged)).toEqual({ contact: ["urgent"], conversation: ["urgent"] });
    expect(await labelsOf(theirs)).toEqual({ contact: ["follow-up"], conversation: ["follow-up"] });
  });

  it("carries a renamed title over to tagged conversations and contacts", async () => {
    const made = await api.post(labelsUrl(), { token: team.admin.token, body: { title: "tentative" } });
    const tagged = await seedTagged(team.account.id, ["a", "tentative", "b"]);
    const both = await seedTagged(team.account.id, ["tentative", "hold"]);
    const renamed = await api.patch(`${labelsUrl()}/${made.body.id}`, { token: team.admin.token, body: { title: "Hold" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("hold");
    expect(await labelsOf(tagged)).toEqual({ contact: ["a", "hold", "b"], conversation: ["a", "hold", "b"] });
    // A record that already had the new title keeps it once.
    expect(await labelsOf(both)).toEqual({ contact: ["hold"], conversation: ["hold"] });
  });
});
