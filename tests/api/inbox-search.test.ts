import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { conversations, inboxes, messages } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { defaultInboxFilters, type InboxFilters } from "@/lib/conversations/inbox-filters";
import { conversationListPage } from "@/lib/portal/loaders/conversations";
import { api } from "../helpers/app";
import { joinInbox, makeMember, makeTeam } from "../helpers/factories";

/*
 * The portal inbox's list (conversationListPage over listInboxConversations): search over
 * messages and contacts, filters by inbox, label, team and assignee with the tab and the
 * status, all combined, and the matching message of each search result.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let admin: AccountCtx<UserCaller>;
let base: string;

const ok = async <T = any>(call: Promise<{ status: number; body: T }>, status = 200) => {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

const makeInbox = async (name: string) => {
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId: team.account.id, name, channelType: "Channel::Api", identifier: randomUUID(), hmacToken: "hmac", secret: "secret" })
    .returning();
  return inbox!.id;
};

/** A contact writes in (incoming messages); answers the conversation's display id. */
const conversation = async (inboxId: number, contact: { name: string; email?: string; phone_number?: string }, ...said: string[]) => {
  const made = await ok(api.post(`${base}/contacts`, { token: team.admin.token, body: contact }));
  const { id } = await ok(api.post(`${base}/conversations`, { token: team.admin.token, body: { inbox_id: inboxId, contact_id: made.payload.contact.id } }));
  for (const content of said) {
    await ok(api.post(`${base}/conversations/${id}/messages`, { token: team.admin.token, body: { content, message_type: "incoming" } }));
  }
  return id as number;
};

const list = (filters: Partial<InboxFilters>, ctx: AccountCtx<UserCaller> = admin) =>
  conversationListPage(ctx, { ...defaultInboxFilters, tab: "all", ...filters, page: 1 });
const ids = async (filters: Partial<InboxFilters>, ctx?: AccountCtx<UserCaller>) => (await list(filters, ctx)).payload.map((c) => c.id).sort();

let hall: number;
let garden: number;
let marquee: number;
let byName: number;
let byPhone: number;
let resolved: number;
let elsewhere: number;
let labelled: number;
let teamId: number;

beforeAll(async () => {
  team = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  admin = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
  hall = await makeInbox("Hall enquiries");
  garden = await makeInbox("Garden enquiries");
  await joinInbox(team.account.id, hall);
  await joinInbox(team.account.id, garden);

  marquee = await conversation(hall, { name: "Wendy Walker" }, "Hello there", "Could we put a Marquee on the lawn in July?", "And a second marquee for the band?");
  byName = await conversation(hall, { name: "Quentin Marquee-Smith", email: `q.${randomUUID()}@example.test` }, "Just a question about parking");
  byPhone = await conversation(hall, { name: "Pat Phone", phone_number: "+31612345678" }, "Call me back please");
  resolved = await conversation(hall, { name: "Rita Resolved" }, "Is the marquee included?");
  await ok(api.post(`${base}/conversations/${resolved}/toggle_status`, { token: team.admin.token, body: { status: "resolved" } }));
  elsewhere = await conversation(garden, { name: "Gary Garden" }, "Marquee in the garden?");
  labelled = await conversation(garden, { name: "Lola Label" }, "A 50%_deposit, is that right?");
  await ok(api.post(`${base}/conversations/${labelled}/labels`, { token: team.admin.token, body: { labels: ["vip"] } }));
  teamId = (await ok(api.post(`${base}/teams`, { token: team.admin.token, body: { name: `Events ${randomUUID().slice(0, 6)}` } }))).id;
  await ok(api.post(`${base}/conversations/${labelled}/assignments`, { token: team.admin.token, body: { team_id: teamId } }));
  await ok(api.post(`${base}/conversations/${elsewhere}/assignments`, { token: team.admin.token, body: { assignee_id: team.agent.user.id } }));
});

describe("searching the inbox", () => {
  it("finds conversations by a word in their messages, or in their contact's name, whatever its case", async () => {
    expect(await ids({ q: "MARQUEE" })).toEqual([marquee, byName, elsewhere].sort());
  });

  it("answers the latest message that matched, cut around the words", async () => {
    const page = await list({ q: "marquee" });
    const match = page.matches.find((item) => item.conversation_id === marquee)!;
    expect(match.excerpt).toBe("And a second marquee for the band?");
    expect(match.private).toBe(false);
    expect(typeof match.created_at).toBe("number");
    // Found by the contact's name alone: no message to show.
    expect(page.matches.some((item) => item.conversation_id === byName)).toBe(false);
  });

  it("finds a contact by email and phone number", async () => {
    expect(await ids({ q: "@example.test" })).toEqual([byName]);
    expect(await ids({ q: "612345" })).toEqual([byPhone]);
  });

  it("keeps the status: a resolved conversation is found among resolved or all statuses only", async () => {
    expect(await ids({ q: "marquee" })).not.toContain(resolved);
    expect(await ids({ q: "marquee", status: "resolved" })).toEqual([resolved]);
    expect(await ids({ q: "marquee", status: "all" })).toContain(resolved);
  });

  it("takes % and _ literally", async () => {
    expect(await ids({ q: "50%_dep" })).toEqual([labelled]);
    expect(await ids({ q: "%" })).toEqual([labelled]);
    expect(await ids({ q: "_" })).toEqual([labelled]);
  });

  it("does not search what happened (activity messages), only what was said", async () => {
    const [row] = await getDb()
      .select()
      .from(conversations)
      .where(and(eq(conversations.accountId, team.account.id), eq(conversations.displayId, byPhone)));
    await getDb()
      .insert(messages)
      .values({ accountId: team.account.id, inboxId: row!.inboxId, conversationId: row!.id, messageType: 2, content: "Zeppelin hangar booked by Sam" });
    expect(await ids({ q: "zeppelin" })).toEqual([]);
    expect(await ids({ q: "Call me back" })).toEqual([byPhone]);
  });

  it("leaves the API's search as Chatwoot's: message content only, every status", async () => {
    const res = await ok(api.get(`${base}/conversations?q=Quentin&status=open`, { token: team.admin.token }));
    expect(res.data.payload).toEqual([]);
    const found = await ok(api.get(`${base}/conversations?q=marquee&status=open`, { token: team.admin.token }));
    expect(found.data.payload.map((c: { id: number }) => c.id).sort()).toEqual([marquee, resolved, elsewhere].sort());
  });

  it("shows an agent only the conversations of their inboxes", async () => {
    const outsider = await makeMember(team.account.id, "agent");
    await joinInbox(team.account.id, hall);
    const ctx = await accountContext(getDb(), { kind: "user", user: outsider.user }, team.account.id);
    expect(await ids({ q: "marquee" }, ctx)).toEqual([marquee, byName].sort());
  });
});

describe("filtering the inbox", () => {
  it("narrows by inbox, label, team and assignee, each combining with the others and the search", async () => {
    expect(await ids({ inbox_id: garden })).toEqual([elsewhere, labelled].sort());
    expect(await ids({ label: "VIP" })).toEqual([labelled]);
    expect(await ids({ team_id: teamId })).toEqual([labelled]);
    expect(await ids({ assignee: team.agent.user.id })).toEqual([elsewhere]);
    expect(await ids({ inbox_id: garden, q: "marquee" })).toEqual([elsewhere]);
    expect(await ids({ inbox_id: hall, label: "vip" })).toEqual([]);
    expect(await ids({ assignee: team.agent.user.id, q: "deposit" })).toEqual([]);
  });

  it("counts every tab under the same filters", async () => {
    const byInbox = await list({ inbox_id: garden });
    expect(byInbox.meta).toMatchObject({ all_count: 2, assigned_count: 1, unassigned_count: 1, mine_count: 0 });
    const byAssignee = await list({ assignee: team.agent.user.id });
    expect(byAssignee.meta).toMatchObject({ all_count: 1, assigned_count: 1, unassigned_count: 0 });
    const searched = await list({ q: "marquee", tab: "unassigned" });
    expect(searched.payload.map((c) => c.id).sort()).toEqual([marquee, byName].sort());
    expect(searched.meta).toMatchObject({ all_count: 3, assigned_count: 1, unassigned_count: 2 });
  });

  it("splits by the tab: Mine is the caller's, Unassigned nobody's", async () => {
    const agent = await accountContext(getDb(), { kind: "user", user: team.agent.user }, team.account.id);
    expect(await ids({ tab: "mine" }, agent)).toEqual([elsewhere]);
    expect(await ids({ tab: "unassigned", inbox_id: garden })).toEqual([labelled]);
  });
});
