import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, customAttributeDefinitions, inboxes, reportingEvents, teamMembers, teams } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam, joinInbox } from "../helpers/factories";

type Cast = Awaited<ReturnType<typeof makeTeam>>;

const makeInbox = async (accountId: number, channelType: "Channel::Api" | "Channel::WebWidget" = "Channel::Api", agentBotId?: number) => {
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId, name: `Inbox ${randomUUID().slice(0, 6)}`, channelType, identifier: randomUUID(), hmacToken: "hmac", secret: "secret", agentBotId })
    .returning();
  await joinInbox(accountId, inbox!.id);
  return inbox!;
};

const makeContact = async (accountId: number, values: { blocked?: boolean } = {}) => {
  const [contact] = await getDb()
    .insert(contacts)
    .values({ accountId, name: `Contact ${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@example.test`, ...values })
    .returning();
  return contact!;
};

const makeTeamRow = async (accountId: number, memberIds: number[] = []) => {
  const [team] = await getDb()
    .insert(teams)
    .values({ accountId, name: `Team ${randomUUID().slice(0, 6)}`, description: "Front line" })
    .returning();
  for (const userId of memberIds) await getDb().insert(teamMembers).values({ accountId, teamId: team!.id, userId });
  return team!;
};

const base = (cast: Cast) => `/api/v1/accounts/${cast.account.id}/conversations`;

/** A conversation through the API, as an administrator. */
const open = async (cast: Cast, body: Record<string, unknown>) => {
  const res = await api.post(base(cast), { token: cast.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; [key: string]: any };
};

let cast: Cast;
let other: Cast;
let apiInbox: Awaited<ReturnType<typeof makeInbox>>;
let contact: Awaited<ReturnType<typeof makeContact>>;

beforeAll(async () => {
  cast = await makeTeam();
  other = await makeTeam();
  apiInbox = await makeInbox(cast.account.id);
  contact = await makeContact(cast.account.id);
});

describe("creating conversations", () => {
  it("creates one for a contact in an inbox, with its first message from the caller", async () => {
    const res = await api.post(base(cast), {
      token: cast.agent.token,
      body: { inbox_id: apiInbox.id, contact_id: contact.id, additional_attributes: { browser_language: "en" }, message: { content: "Hello there" } },
    });
    expect(res.status).toBe(200);
    const c = res.body;
    expect(c).toMatchObject({
      account_id: cast.account.id,
      inbox_id: apiInbox.id,
      status: "open",
      priority: null,
      labels: [],
      muted: false,
      can_reply: true,
      unread_count: 0,
      snoozed_until: null,
      agent_last_seen_at: 0,
      waiting_since: 0,
      sla_policy_id: null,
      additional_attributes: { browser_language: "en" },
      custom_attributes: {},
      meta: {
        sender: { id: contact.id, name: contact.name, email: contact.email, availability_status: "offline", blocked: false },
        channel: "Channel::Api",
        assignee: null,
        assignee_type: null,
        team: null,
        hmac_verified: false,
      },
    });
    expect(typeof c.id).toBe("number");
    expect(typeof c.uuid).toBe("string");
    expect(Number.isInteger(c.created_at)).toBe(true);
    expect(typeof c.updated_at).toBe("number");
    expect(c.first_reply_created_at).toBeGreaterThan(0);
    expect(c.timestamp).toBe(c.last_activity_at);
    expect(c.messages).toHaveLength(1);
    expect(c.messages[0]).toMatchObject({
      content: "Hello there",
      message_type: 1,
      content_type: "text",
      status: "sent",
      conversation_id: c.id,
      account_id: cast.account.id,
      sender: { id: cast.agent.user.id, type: "user" },
      conversation: { assignee_id: null, unread_count: 0 },
    });
    expect(c.last_non_activity_message).toMatchObject({ content: "Hello there" });

    const shown = await api.get(`${base(cast)}/${c.id}`, { token: cast.admin.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: c.id, uuid: c.uuid, messages: [{ content: "Hello there" }] });

    // After an activity message, it is the last message and the greeting the last that is not one.
    await getDb().execute(
      sql`insert into messages (account_id, inbox_id, conversation_id, message_type, content) select account_id, inbox_id, conversation_id, 2, 'Conversation was resolved' from messages where id = ${c.messages[0].id}`,
    );
    const later = (await api.get(`${base(cast)}/${c.id}`, { token: cast.admin.token })).body;
    expect(later.messages).toHaveLength(1);
    expect(later.messages[0]).toMatchObject({ content: "Conversation was resolved", message_type: 2 });
    expect(later.last_non_activity_message).toMatchObject({ content: "Hello there", message_type: 1 });
  });

  it("numbers conversations per account, starting at 1 in each", async () => {
    const fresh = await makeTeam();
    const freshInbox = await makeInbox(fresh.account.id);
    const freshContact = await makeContact(fresh.account.id);
    const first = await open(fresh, { inbox_id: freshInbox.id, contact_id: freshContact.id });
    const second = await open(fresh, { inbox_id: freshInbox.id, contact_id: freshContact.id });
    expect([first.id, second.id]).toEqual([1, 2]);
    const otherInbox = await makeInbox(other.account.id);
    const otherContact = await makeContact(other.account.id);
    const elsewhere = await open(other, { inbox_id: otherInbox.id, contact_id: otherContact.id });
    expect(elsewhere.id).toBe(1);
  });

  it("finds the contact inbox by source_id, and refuses a source id that belongs to someone else", async () => {
    const sourceId = `src-${randomUUID()}`;
    const first = await open(cast, { inbox_id: apiInbox.id, contact_id: contact.id, source_id: sourceId });
    const again = await open(cast, { source_id: sourceId });
    expect(again.id).not.toBe(first.id);
    expect(again.meta.sender.id).toBe(contact.id);
    expect(again.inbox_id).toBe(apiInbox.id);

    const someoneElse = await makeContact(cast.account.id);
    const clash = await api.post(base(cast), {
      token: cast.admin.token,
      body: { inbox_id: apiInbox.id, contact_id: someoneElse.id, source_id: sourceId },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.error).toBe("source_id should be unique");
    expect(clash.body.errors[0]).toMatchObject({ field: "source_id", code: "taken" });

    const unknown = await api.post(base(cast), { token: cast.admin.token, body: { source_id: "no-such-source" } });
    expect(unknown.status).toBe(404);
  });

  it("names what is missing or invalid with 422", async () => {
    const none = await api.post(base(cast), { token: cast.admin.token, body: { inbox_id: apiInbox.id } });
    expect(none.status).toBe(422);
    expect(none.body.errors.map((e: { field: string }) => e.field)).toContain("source_id");
    const badStatus = await api.post(base(cast), { token: cast.admin.token, body: { inbox_id: apiInbox.id, contact_id: contact.id, status: "closed" } });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors[0].field).toBe("status");
    const outsider = await makeMember(other.account.id);
    const notMember = await api.post(base(cast), {
      token: cast.admin.token,
      body: { inbox_id: apiInbox.id, contact_id: contact.id, assignee_id: outsider.user.id },
    });
    expect(notMember.status).toBe(422);
    expect(notMember.body.errors[0].field).toBe("assignee_id");
  });

  it("answers 404 for another account's inbox or contact", async () => {
    const theirInbox = await makeInbox(other.account.id);
    const theirContact = await makeContact(other.account.id);
    const inbox = await api.post(base(cast), { token: cast.admin.token, body: { inbox_id: theirInbox.id, contact_id: contact.id } });
    expect(inbox.status).toBe(404);
    const person = await api.post(base(cast), { token: cast.admin.token, body: { inbox_id: apiInbox.id, contact_id: theirContact.id } });
    expect(person.status).toBe(404);
  });

  it("accepts the body wrapped under `conversation`, with an assignee, a team and a status", async () => {
    const team = await makeTeamRow(cast.account.id, [cast.admin.user.id]);
    const c = await open(cast, {
      conversation: { inbox_id: apiInbox.id, contact_id: contact.id, assignee_id: cast.agent.user.id, team_id: team.id, status: "pending" },
    });
    expect(c.status).toBe("pending");
    expect(c.meta.assignee).toMatchObject({ id: cast.agent.user.id, role: "agent", account_id: cast.account.id });
    expect(c.meta.assignee_type).toBe("User");
    expect(c.meta.team).toEqual({
      id: team.id,
      name: team.name,
      description: "Front line",
      allow_auto_assign: true,
      account_id: cast.account.id,
      is_member: true,
    });
    expect(c.waiting_since).toBeGreaterThan(0);
  });

  it("starts a blocked contact's conversation resolved and a bot inbox's pending", async () => {
    const blocked = await makeContact(cast.account.id, { blocked: true });
    expect((await open(cast, { inbox_id: apiInbox.id, contact_id: blocked.id })).status).toBe("resolved");
    const { bot } = await makeBot(cast.account.id);
    const botInbox = await makeInbox(cast.account.id, "Channel::Api", bot.id);
    expect((await open(cast, { inbox_id: botInbox.id, contact_id: contact.id, status: "open" })).status).toBe("pending");
  });
});

describe("listing conversations", () => {
  let list: Cast;
  let inboxA: Awaited<ReturnType<typeof makeInbox>>;
  let inboxB: Awaited<ReturnType<typeof makeInbox>>;
  let team: Awaited<ReturnType<typeof makeTeamRow>>;
  const ids: number[] = [];
  const url = (query = "") => `${base(list)}${query ? `?${query}` : ""}`;

  beforeAll(async () => {
    list = await makeTeam();
    inboxA = await makeInbox(list.account.id);
    inboxB = await makeInbox(list.account.id);
    team = await makeTeamRow(list.account.id);
    const person = await makeContact(list.account.id);
    // 30 open in inbox A: 5 assigned to the agent, 3 to the administrator, 4 in the team, 2 labelled.
    for (let i = 0; i < 30; i++) {
      const assignee = i < 5 ? list.agent.user.id : i < 8 ? list.admin.user.id : undefined;
      const c = await open(list, { inbox_id: inboxA.id, contact_id: person.id, assignee_id: assignee, team_id: i >= 20 && i < 24 ? team.id : undefined });
      ids.push(c.id);
    }
    await api.post(`${url()}/${ids[10]}/labels`, { token: list.admin.token, body: { labels: ["vip"] } });
    await api.post(`${url()}/${ids[11]}/labels`, { token: list.admin.token, body: { labels: ["billing", "other"] } });
    await api.post(`${url()}/${ids[12]}/labels`, { token: list.admin.token, body: { labels: ["other"] } });
    // Inbox B: 4 resolved (one mentioning a refund), 2 pending.
    for (let i = 0; i < 6; i++) {
      const c = await open(list, {
        inbox_id: inboxB.id,
        contact_id: person.id,
        status: i < 4 ? "resolved" : "pending",
        message: i === 0 ? { content: "About your Refund request" } : undefined,
      });
      ids.push(c.id);
    }
  });

  it("pages 25 at a time with the four counts", async () => {
    const first = await api.get(url(), { token: list.admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data.meta).toEqual({ mine_count: 3, assigned_count: 8, unassigned_count: 22, all_count: 30, current_page: 1 });
    expect(first.body.data.payload).toHaveLength(25);
    const second = await api.get(url("page=2"), { token: list.admin.token });
    expect(second.body.data.payload).toHaveLength(5);
    expect(second.body.data.meta.current_page).toBe(2);
    const seen = new Set([...first.body.data.payload, ...second.body.data.payload].map((c: { id: number }) => c.id));
    expect(seen.size).toBe(30);
    expect((await api.get(url("page=3"), { token: list.admin.token })).body.data.payload).toEqual([]);
  });

  it("selects by assignee type while the counts stay the same", async () => {
    const mine = await api.get(url("assignee_type=me"), { token: list.agent.token });
    expect(mine.body.data.meta).toMatchObject({ mine_count: 5, assigned_count: 8, unassigned_count: 22, all_count: 30 });
    expect(mine.body.data.payload).toHaveLength(5);
    expect(mine.body.data.payload.every((c: any) => c.meta.assignee.id === list.agent.user.id)).toBe(true);
    expect((await api.get(url("assignee_type=assigned"), { token: list.agent.token })).body.data.payload).toHaveLength(8);
    expect((await api.get(url("assignee_type=unassigned"), { token: list.agent.token })).body.data.payload).toHaveLength(22);
    expect((await api.get(url("assignee_type=all"), { token: list.agent.token })).body.data.payload).toHaveLength(25);
    const bad = await api.get(url("assignee_type=everyone"), { token: list.agent.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("assignee_type");
  });

  it("filters by status, inbox, team and labels", async () => {
    const resolved = await api.get(url("status=resolved"), { token: list.admin.token });
    expect(resolved.body.data.meta.all_count).toBe(4);
    expect(resolved.body.data.payload.every((c: any) => c.status === "resolved")).toBe(true);
    expect((await api.get(url("status=pending"), { token: list.admin.token })).body.data.meta.all_count).toBe(2);
    expect((await api.get(url("status=all"), { token: list.admin.token })).body.data.meta.all_count).toBe(36);
    expect((await api.get(url(`status=all&inbox_id=${inboxB.id}`), { token: list.admin.token })).body.data.meta.all_count).toBe(6);
    expect((await api.get(url(`inbox_id=${inboxB.id}`), { token: list.admin.token })).body.data.meta.all_count).toBe(0);
    const byTeam = await api.get(url(`team_id=${team.id}`), { token: list.admin.token });
    expect(byTeam.body.data.meta.all_count).toBe(4);
    expect(byTeam.body.data.payload.every((c: any) => c.meta.team.id === team.id)).toBe(true);
    const labelled = await api.get(url("labels[]=vip&labels[]=billing"), { token: list.admin.token });
    expect(labelled.body.data.payload.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b)).toEqual([ids[10], ids[11]]);
    expect((await api.get(url("labels[]=other"), { token: list.admin.token })).body.data.meta.all_count).toBe(2);
  });

  it("sorts in every direction asked", async () => {
    const asc = await api.get(url("sort_by=created_at_asc"), { token: list.admin.token });
    expect(asc.body.data.payload[0].id).toBe(ids[0]);
    const desc = await api.get(url("sort_by=created_at_desc&status=all"), { token: list.admin.token });
    expect(desc.body.data.payload[0].id).toBe(ids[35]);
    await api.post(`${url()}/${ids[3]}/messages`, { token: list.admin.token, body: { content: "bump" } });
    const recent = await api.get(url(), { token: list.admin.token });
    expect(recent.body.data.payload[0].id).toBe(ids[3]);
    const oldestActivity = await api.get(url("sort_by=last_activity_at_asc"), { token: list.admin.token });
    expect(oldestActivity.body.data.payload[0].id).toBe(ids[0]);
    await api.post(`${url()}/${ids[7]}/toggle_priority`, { token: list.admin.token, body: { priority: "low" } });
    await api.post(`${url()}/${ids[8]}/toggle_priority`, { token: list.admin.token, body: { priority: "urgent" } });
    const byPriority = await api.get(url("sort_by=priority_desc"), { token: list.admin.token });
    expect(byPriority.body.data.payload.slice(0, 2).map((c: any) => [c.id, c.priority])).toEqual([
      [ids[8], "urgent"],
      [ids[7], "low"],
    ]);
    const ascending = await api.get(url("sort_by=priority_asc"), { token: list.admin.token });
    expect(ascending.body.data.payload.slice(0, 2).map((c: any) => c.priority)).toEqual(["low", "urgent"]);
    expect((await api.get(url("sort_by=sideways"), { token: list.admin.token })).status).toBe(422);
  });

  it("searches message content across every status, in the list and in search", async () => {
    const found = await api.get(url("q=refund"), { token: list.admin.token });
    expect(found.body.data.payload.map((c: { id: number }) => c.id)).toEqual([ids[30]]);
    expect(found.body.data.payload[0].status).toBe("resolved");
    expect(found.body.data.meta.all_count).toBe(1);
    const search = await api.get(`${url()}/search?q=REFUND`, { token: list.admin.token });
    expect(search.status).toBe(200);
    expect(search.body.data.payload.map((c: { id: number }) => c.id)).toEqual([ids[30]]);
    expect((await api.get(`${url()}/search?q=${encodeURIComponent("%")}`, { token: list.admin.token })).body.data.payload).toEqual([]);
  });

  it("narrows by conversation type, source id and recent activity, the counts with it", async () => {
    const db = getDb();
    /** Every page's conversations, checked against the count. */
    const displayIds = async (query: string, token = list.agent.token) => {
      const found: number[] = [];
      for (let page = 1; ; page++) {
        const res = await api.get(url(`status=all&${query}&page=${page}`), { token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        found.push(...res.body.data.payload.map((c: { id: number }) => c.id));
        if (res.body.data.payload.length < 25 || found.length >= res.body.data.meta.all_count) {
          expect(found).toHaveLength(res.body.data.meta.all_count);
          return found.sort((a, b) => a - b);
        }
      }
    };
    // The agent is mentioned in a private note of one, and replies in another.
    await api.post(`${url()}/${ids[13]}/messages`, { token: list.admin.token, body: { content: `[@Agent](mention://user/${list.agent.user.id}/Agent) look`, private: true } });
    await api.post(`${url()}/${ids[14]}/messages`, { token: list.agent.token, body: { content: "On it" } });
    expect(await displayIds("conversation_type=mention")).toEqual([ids[13]]);
    // Participating: assigned to the agent (five), mentioned, or replied by them.
    expect(await displayIds("conversation_type=participating")).toEqual([...ids.slice(0, 5), ids[13]!, ids[14]!].sort((a, b) => a - b));
    // Another member is mentioned nowhere, and takes part in none of these.
    expect(await displayIds("conversation_type=mention", list.admin.token)).toEqual([]);
    // Unattended: no human reply yet, or a customer waiting.
    const unattended = await db
      .select({ id: conversations.displayId })
      .from(conversations)
      .where(and(eq(conversations.accountId, list.account.id), sql`(${conversations.firstReplyCreatedAt} is null or ${conversations.waitingSince} is not null)`));
    expect(unattended.length).toBeGreaterThan(0);
    expect(unattended.length).toBeLessThan(ids.length);
    expect(await displayIds("conversation_type=unattended")).toEqual(unattended.map((row) => row.id).sort((a, b) => a - b));
    // By the contact inbox's source id: inbox B's conversations share one.
    const [row] = await db
      .select({ sourceId: sql<string>`ci.source_id` })
      .from(conversations)
      .innerJoin(sql`contact_inboxes ci`, sql`ci.id = ${conversations.contactInboxId}`)
      .where(and(eq(conversations.accountId, list.account.id), eq(conversations.displayId, ids[30]!)));
    expect(await displayIds(`source_id=${encodeURIComponent(row!.sourceId)}`)).toEqual(ids.slice(30));
    expect(await displayIds("source_id=nobody-has-this")).toEqual([]);
    // Updated within the last hour: all but one made to look two days old; no paging (more than 25).
    await db
      .update(conversations)
      .set({ updatedAt: sql`now() - interval '2 days'` })
      .where(and(eq(conversations.accountId, list.account.id), eq(conversations.displayId, ids[20]!)));
    expect(await displayIds("updated_within=3600")).toEqual(ids.filter((id) => id !== ids[20]).sort((a, b) => a - b));
    // Filters combine: the agent's unattended conversations in inbox A with the vip label (none unattended has it but #10).
    const combined = await displayIds(`conversation_type=unattended&inbox_id=${inboxA.id}&labels[]=vip`);
    expect(combined.every((id: number) => id === ids[10])).toBe(true);
  });

  it("answers the counts alone at /meta", async () => {
    const meta = await api.get(`${url()}/meta`, { token: list.agent.token });
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual({ meta: { mine_count: 5, assigned_count: 8, unassigned_count: 22, all_count: 30 } });
    const resolved = await api.get(`${url()}/meta?status=resolved`, { token: list.agent.token });
    expect(resolved.body.meta.all_count).toBe(4);
  });

  it("filters with Chatwoot's filter conditions, without a data wrapper", async () => {
    const res = await api.post(`${url()}/filter`, {
      token: list.admin.token,
      body: {
        payload: [
          { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
          { attribute_key: "assignee_id", filter_operator: "equal_to", values: [list.admin.user.id], query_operator: null },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ mine_count: 3, unassigned_count: 0, all_count: 3, current_page: 1 });
    expect(res.body.payload).toHaveLength(3);
    expect(res.body.data).toBeUndefined();

    const byInbox = await api.post(`${url()}/filter?page=1`, {
      token: list.admin.token,
      body: { payload: [{ attribute_key: "inbox_id", filter_operator: "equal_to", values: [inboxB.id] }] },
    });
    expect(byInbox.body.meta.all_count).toBe(6);

    const labelled = await api.post(`${url()}/filter`, {
      token: list.admin.token,
      body: { payload: [{ attribute_key: "labels", filter_operator: "equal_to", values: ["vip", "billing"] }] },
    });
    expect(labelled.body.meta.all_count).toBe(2);

    await getDb()
      .insert(customAttributeDefinitions)
      .values({ accountId: list.account.id, attributeDisplayName: "Plan", attributeKey: "plan", attributeModel: 0, attributeDisplayType: 0 });
    await api.post(`${url()}/${ids[5]}/custom_attributes`, { token: list.admin.token, body: { custom_attributes: { plan: "Pro" } } });
    const byPlan = await api.post(`${url()}/filter`, {
      token: list.admin.token,
      body: { payload: [{ attribute_key: "plan", filter_operator: "equal_to", values: ["pro"] }] },
    });
    expect(byPlan.body.payload.map((c: { id: number }) => c.id)).toEqual([ids[5]]);

    const bad = await api.post(`${url()}/filter`, {
      token: list.admin.token,
      body: { payload: [{ attribute_key: "shoe_size", filter_operator: "equal_to", values: ["9"] }] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("payload.0.attribute_key");
  });

  it("lists a contact's conversations, most recent activity first", async () => {
    const person = await makeContact(list.account.id);
    const older = await open(list, { inbox_id: inboxA.id, contact_id: person.id });
    const newer = await open(list, { inbox_id: inboxA.id, contact_id: person.id });
    const res = await api.get(`/api/v1/accounts/${list.account.id}/contacts/${person.id}/conversations`, { token: list.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.payload.map((c: { id: number }) => c.id)).toEqual([newer.id, older.id]);
    const theirs = await makeContact(other.account.id);
    const hidden = await api.get(`/api/v1/accounts/${list.account.id}/contacts/${theirs.id}/conversations`, { token: list.agent.token });
    expect(hidden.status).toBe(404);
  });
});

describe("acting on a conversation", () => {
  const fresh = async () => open(cast, { inbox_id: apiInbox.id, contact_id: contact.id });
  const show = async (id: number) => (await api.get(`${base(cast)}/${id}`, { token: cast.admin.token })).body;

  it("toggles the status in every form Chatwoot clients use", async () => {
    const c = await fresh();
    const url = `${base(cast)}/${c.id}/toggle_status`;
    const resolved = await api.post(url, { token: cast.agent.token, body: {} });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ meta: {}, payload: { success: true, conversation_id: c.id, current_status: "resolved", snoozed_until: null } });
    expect((await api.post(url, { token: cast.agent.token })).body.payload.current_status).toBe("open");
    expect((await api.post(url, { token: cast.agent.token, body: { status: "pending" } })).body.payload.current_status).toBe("pending");
    expect((await api.post(url, { token: cast.agent.token, body: {} })).body.payload.current_status).toBe("open");

    const until = Math.floor(Date.now() / 1000) + 3600;
    const snoozed = await api.post(url, { token: cast.agent.token, body: { status: "snoozed", snoozed_until: until } });
    expect(snoozed.body.payload).toMatchObject({ current_status: "snoozed", snoozed_until: until });
    expect((await show(c.id)).snoozed_until).toBe(until);
    const reopened = await api.post(url, { token: cast.agent.token, body: {} });
    expect(reopened.body.payload).toMatchObject({ current_status: "open", snoozed_until: null });

    const bad = await api.post(url, { token: cast.agent.token, body: { status: "archived" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("status");

    const events = await getDb()
      .select()
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, cast.account.id), eq(reportingEvents.name, "conversation_resolved")));
    expect(events.some((e) => e.conversationId !== null)).toBe(true);
  });

  it("sets and clears the priority", async () => {
    const c = await fresh();
    const toggled = await api.post(`${base(cast)}/${c.id}/toggle_priority`, { token: cast.agent.token, body: { priority: "urgent" } });
    expect(toggled.status).toBe(200);
    expect(toggled.text).toBe("");
    expect((await show(c.id)).priority).toBe("urgent");
    await api.post(`${base(cast)}/${c.id}/toggle_priority`, { token: cast.agent.token, body: { priority: "none" } });
    expect((await show(c.id)).priority).toBeNull();
    const patched = await api.patch(`${base(cast)}/${c.id}`, { token: cast.agent.token, body: { priority: "high" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: c.id, priority: "high" });
    const bad = await api.post(`${base(cast)}/${c.id}/toggle_priority`, { token: cast.agent.token, body: { priority: "extreme" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("priority");
  });

  it("assigns agents, bots and teams, and unassigns them", async () => {
    const c = await fresh();
    const url = `${base(cast)}/${c.id}/assignments`;
    const agent = await api.post(url, { token: cast.admin.token, body: { assignee_id: cast.agent.user.id } });
    expect(agent.status).toBe(200);
    expect(agent.body).toMatchObject({ id: cast.agent.user.id, account_id: cast.account.id, role: "agent", email: cast.agent.user.email });
    expect(Object.keys(agent.body).sort()).toEqual(
      ["account_id", "auto_offline", "availability_status", "available_name", "confirmed", "custom_role_id", "email", "id", "name", "provider", "role", "thumbnail"].sort(),
    );
    expect((await show(c.id)).meta).toMatchObject({ assignee: { id: cast.agent.user.id }, assignee_type: "User" });

    const outsider = await makeMember(other.account.id);
    const refused = await api.post(url, { token: cast.admin.token, body: { assignee_id: outsider.user.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("assignee_id");

    const { bot } = await makeBot(cast.account.id);
    const botAssigned = await api.post(url, { token: cast.admin.token, body: { assignee_id: bot.id, assignee_type: "AgentBot" } });
    expect(botAssigned.body).toEqual({ id: bot.id, name: bot.name, description: null, thumbnail: null });
    const withBot = await show(c.id);
    expect(withBot.meta).toMatchObject({ assignee: { id: bot.id, name: bot.name }, assignee_type: "AgentBot" });
    const { bot: foreignBot } = await makeBot(other.account.id);
    expect((await api.post(url, { token: cast.admin.token, body: { assignee_id: foreignBot.id, assignee_type: "AgentBot" } })).status).toBe(422);

    const team = await makeTeamRow(cast.account.id, [cast.agent.user.id]);
    const teamAssigned = await api.post(url, { token: cast.agent.token, body: { team_id: team.id } });
    expect(teamAssigned.body).toEqual({
      id: team.id,
      name: team.name,
      description: "Front line",
      allow_auto_assign: true,
      account_id: cast.account.id,
      is_member: true,
    });
    expect((await show(c.id)).meta.team).toMatchObject({ id: team.id, is_member: false });

    const unassigned = await api.post(url, { token: cast.admin.token, body: { assignee_id: null } });
    expect(unassigned.status).toBe(200);
    expect(unassigned.text).toBe("null");
    const noTeam = await api.post(url, { token: cast.admin.token, body: { team_id: null } });
    expect(noTeam.text).toBe("null");
    const cleared = await show(c.id);
    expect(cleared.meta).toMatchObject({ assignee: null, assignee_type: null, team: null });
  });

  it("replaces labels with a lowercased set", async () => {
    const c = await fresh();
    const url = `${base(cast)}/${c.id}/labels`;
    const set = await api.post(url, { token: cast.agent.token, body: { labels: ["VIP", "vip", " Billing "] } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ payload: ["vip", "billing"] });
    expect((await api.get(url, { token: cast.agent.token })).body).toEqual({ payload: ["vip", "billing"] });
    expect((await show(c.id)).labels).toEqual(["vip", "billing"]);
    expect((await api.post(url, { token: cast.agent.token, body: { labels: ["support"] } })).body).toEqual({ payload: ["support"] });
    expect((await api.post(url, { token: cast.agent.token, body: { labels: [] } })).body).toEqual({ payload: [] });
    const bad = await api.post(url, { token: cast.agent.token, body: { labels: "vip" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("labels");
  });

  it("replaces the custom attributes", async () => {
    const c = await fresh();
    const url = `${base(cast)}/${c.id}/custom_attributes`;
    expect((await api.post(url, { token: cast.agent.token, body: { custom_attributes: { plan: "pro", seats: 3 } } })).body).toEqual({
      custom_attributes: { plan: "pro", seats: 3 },
    });
    const replaced = await api.post(url, { token: cast.agent.token, body: { custom_attributes: { region: "eu" } } });
    expect(replaced.body).toEqual({ custom_attributes: { region: "eu" } });
    expect((await show(c.id)).custom_attributes).toEqual({ region: "eu" });
  });

  it("mutes (resolving) and unmutes, and tracks what the agents have seen", async () => {
    const c = await fresh();
    const url = `${base(cast)}/${c.id}`;
    await api.post(`${url}/messages`, { token: cast.admin.token, body: { content: "from the customer", message_type: "incoming" } });
    expect((await show(c.id)).unread_count).toBe(1);

    const seen = await api.post(`${url}/update_last_seen`, { token: cast.agent.token });
    expect(seen.status).toBe(200);
    expect(seen.text).toBe("");
    const afterSeen = await show(c.id);
    expect(afterSeen.unread_count).toBe(0);
    expect(afterSeen.agent_last_seen_at).toBeGreaterThan(0);
    expect(afterSeen.assignee_last_seen_at).toBe(0);

    expect((await api.post(`${url}/unread`, { token: cast.agent.token })).status).toBe(200);
    expect((await show(c.id)).unread_count).toBe(1);

    expect((await api.post(`${url}/mute`, { token: cast.agent.token })).status).toBe(200);
    expect(await show(c.id)).toMatchObject({ muted: true, status: "resolved" });
    await api.post(`${url}/messages`, { token: cast.admin.token, body: { content: "still there?", message_type: "incoming" } });
    expect((await show(c.id)).status).toBe("resolved");
    expect((await api.post(`${url}/unmute`, { token: cast.agent.token })).status).toBe(200);
    expect((await show(c.id)).muted).toBe(false);

    await api.post(`${url}/assignments`, { token: cast.agent.token, body: { assignee_id: cast.agent.user.id } });
    await api.post(`${url}/update_last_seen`, { token: cast.agent.token });
    expect((await show(c.id)).assignee_last_seen_at).toBeGreaterThan(0);
  });

  it("accepts typing signals", async () => {
    const c = await fresh();
    const res = await api.post(`${base(cast)}/${c.id}/toggle_typing_status`, { token: cast.agent.token, body: { typing_status: "on" } });
    expect(res.status).toBe(200);
  });

  it("lets only administrators delete a conversation", async () => {
    const c = await fresh();
    expect((await api.delete(`${base(cast)}/${c.id}`, { token: cast.agent.token })).status).toBe(403);
    const res = await api.delete(`${base(cast)}/${c.id}`, { token: cast.admin.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get(`${base(cast)}/${c.id}`, { token: cast.admin.token })).status).toBe(404);
  });

  it("keeps accounts apart", async () => {
    const c = await fresh();
    expect((await api.get(`${base(cast)}/${c.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get(`${base(cast)}/999999`, { token: cast.admin.token })).status).toBe(404);
    expect((await api.post(`${base(cast)}/${c.id}/toggle_status`, { token: other.admin.token, body: {} })).status).toBe(404);
    const [row] = await getDb()
      .select()
      .from(conversations)
      .where(and(eq(conversations.accountId, cast.account.id), eq(conversations.displayId, c.id)));
    expect(row!.status).toBe(0);
  });
});

describe("agent bot tokens", () => {
  it("reach the routes Chatwoot opens to bots, in their own account", async () => {
    const { bot, token } = await makeBot(cast.account.id);
    const created = await api.post(base(cast), { token, body: { inbox_id: apiInbox.id, contact_id: contact.id, message: { content: "Hi, I am a bot" } } });
    expect(created.status).toBe(200);
    expect(created.body.messages[0].sender).toMatchObject({ id: bot.id, type: "agent_bot" });
    expect(created.body.first_reply_created_at).toBe(0);
    const url = `${base(cast)}/${created.body.id}`;
    expect((await api.post(`${url}/toggle_status`, { token, body: { status: "pending" } })).status).toBe(200);
    expect((await api.post(`${url}/toggle_status`, { token, body: { status: "open" } })).body.payload.current_status).toBe("open");
    const handoffs = await getDb()
      .select()
      .from(reportingEvents)
      .where(and(eq(reportingEvents.accountId, cast.account.id), eq(reportingEvents.name, "conversation_bot_handoff")));
    expect(handoffs).toHaveLength(1);
    expect((await api.post(`${url}/toggle_priority`, { token, body: { priority: "high" } })).status).toBe(200);
    expect((await api.post(`${url}/toggle_typing_status`, { token, body: { typing_status: "off" } })).status).toBe(200);
    expect((await api.patch(url, { token, body: { priority: "low" } })).body.priority).toBe("low");
    expect((await api.post(`${url}/custom_attributes`, { token, body: { custom_attributes: { a: 1 } } })).status).toBe(200);
    expect((await api.post(`${url}/assignments`, { token, body: { assignee_id: cast.agent.user.id } })).status).toBe(200);
    expect((await api.post(`${url}/messages`, { token, body: { content: "bot reply" } })).status).toBe(200);
  });

  it("are refused everywhere else with 401", async () => {
    const { token } = await makeBot(cast.account.id);
    const c = await open(cast, { inbox_id: apiInbox.id, contact_id: contact.id });
    const url = `${base(cast)}/${c.id}`;
    for (const res of [
      await api.get(base(cast), { token }),
      await api.get(`${base(cast)}/meta`, { token }),
      await api.get(url, { token }),
      await api.get(`${url}/labels`, { token }),
      await api.post(`${url}/labels`, { token, body: { labels: ["x"] } }),
      await api.get(`${url}/messages`, { token }),
      await api.delete(url, { token }),
      await api.post(`${url}/mute`, { token }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("Access to this endpoint is not authorized for bots");
    }
  });

  it("cannot act in another account", async () => {
    const { token } = await makeBot(other.account.id);
    const res = await api.post(base(cast), { token, body: { inbox_id: apiInbox.id, contact_id: contact.id } });
    expect(res.status).toBe(404);
  });
});
