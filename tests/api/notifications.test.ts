import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, allocations, contacts, events, inboxes, inboxMembers, notifications, outboxMessages, planningEvents, planningResources, quotes, spaces } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { listOutbox } from "@/lib/mail/outbox";
import { notifyExpiringHolds } from "@/lib/notifications/triggers";
import { acceptByToken, quoteByToken, rejectByToken } from "@/lib/quotes/transitions";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";

/*
 * Notifications through the API (Chatwoot's routes and JSON) with every trigger driven by the
 * real services: assignment, new message, mention, the customer's view / acceptance / decline,
 * a lapsing hold, a booking over another event's hold and a refused acceptance on the public page.
 */

const session = vi.hoisted(() => ({ ctx: null as unknown }));
vi.mock("@/lib/auth/session", () => ({ portalContext: async () => session.ctx }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "127.0.0.1", "user-agent": "Notification test browser" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
const { acceptAction } = await import("@/lib/portal/actions/public-quote");
const { idleState } = await import("@/lib/portal/form-state");
const { markNotificationReadAction, markNotificationUnreadAction, notificationEmailsAction, notificationFeedAction, readAllNotificationsAction } = await import(
  "@/lib/portal/actions/notifications"
);

type Team = Awaited<ReturnType<typeof makeTeam>>;
type Json = Record<string, any>;

let team: Team;
let planner: Awaited<ReturnType<typeof makeMember>>;
let base: string;
let inboxId: number;
let contactId: number;
let hall: { id: string };

const as = (who: { token: string }) => ({ token: who.token });
const list = async (who: { token: string }, query = "") => {
  const res = await api.get(`${base}/notifications${query}`, as(who));
  expect(res.status, res.text).toBe(200);
  return res.body.data as { meta: Json; payload: Json[] };
};
const unread = async (who: { token: string }) => (await api.get(`${base}/notifications/unread_count`, as(who))).body as number;
const rowsOf = (userId: number) => getDb().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.accountId, team.account.id))).orderBy(desc(notifications.id));
const clear = async (who: { user: { id: number } }) => getDb().delete(notifications).where(eq(notifications.userId, who.user.id));

const openConversation = async () => {
  const res = await api.post(`${base}/conversations`, { ...as(team.admin), body: { inbox_id: inboxId, contact_id: contactId } });
  expect(res.status, res.text).toBe(200);
  return res.body.id as number;
};
const assign = (displayId: number, assigneeId: number, by = team.admin) => api.post(`${base}/conversations/${displayId}/assignments`, { ...as(by), body: { assignee_id: assigneeId } });
const say = async (displayId: number, body: Json, by = team.admin) => {
  const res = await api.post(`${base}/conversations/${displayId}/messages`, { ...as(by), body });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const window = (day: number) => ({ start_at: `2032-05-${String(day).padStart(2, "0")}T10:00:00+02:00`, end_at: `2032-05-${String(day).padStart(2, "0")}T12:00:00+02:00` });

/** An event of the planner's holding the hall on `day`, with its quote sent by the planner. */
const sentQuote = async (name: string, day: number) => {
  const event = await api.post(`${base}/planning/events`, { ...as(planner), body: { event: { name }, allocations: [{ space_id: hall.id, ...window(day) }] } });
  expect(event.status, event.text).toBe(200);
  const quotes = `${base}/planning/events/${event.body.id}/quotes`;
  const made = await api.post(quotes, { ...as(planner), body: { name: `Quote for ${name}` } });
  expect(made.status, made.text).toBe(201);
  const sent = await api.post(`${quotes}/${made.body.id}/send_quote`, { ...as(planner), body: { delivery_mode: "manual" } });
  expect(sent.status, sent.text).toBe(200);
  return { event: event.body as Json, quote: sent.body as Json };
};

const customer = { userId: null, name: "Maria Jansen", ip: "127.0.0.1", userAgent: "test" };

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  delete process.env.SMTP_URL;
  team = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  // The planner manages quotes and planning without being an administrator.
  planner = await makeMember(team.account.id, "agent");
  await getDb().update(accountUsers).set({ permissions: ["quote_manage", "planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId: team.account.id, name: "Support", channelType: "Channel::Api", identifier: randomUUID(), hmacToken: "hmac", secret: "secret" })
    .returning();
  inboxId = inbox!.id;
  // The agent works in the inbox; the planner does not (and so may not be mentioned there).
  await getDb().insert(inboxMembers).values({ accountId: team.account.id, inboxId, userId: team.agent.user.id });
  const [contact] = await getDb().insert(contacts).values({ accountId: team.account.id, name: "Customer", email: `${randomUUID()}@example.test` }).returning();
  contactId = contact!.id;
  const [resource] = await getDb().insert(planningResources).values({ accountId: team.account.id }).returning();
  const [space] = await getDb().insert(spaces).values({ accountId: team.account.id, resourceId: resource!.id, name: "Grand Hall", timezone: "Europe/Amsterdam" }).returning();
  hall = space!;
});

describe("conversation notifications", () => {
  it("tells the new assignee, in Chatwoot's list shape, and not whoever assigns themselves", async () => {
    const id = await openConversation();
    expect((await assign(id, team.agent.user.id)).status).toBe(200);
    const { meta, payload } = await list(team.agent);
    expect(meta).toEqual({ unread_count: 1, count: 1, current_page: 1 });
    expect(payload[0]).toEqual({
      id: expect.any(Number),
      notification_type: "conversation_assignment",
      push_message_title: `A conversation (#${id}) has been assigned to you`,
      primary_actor_type: "Conversation",
      primary_actor_id: id,
      primary_actor: expect.objectContaining({ id, inbox_id: inboxId }),
      read_at: null,
      secondary_actor: expect.objectContaining({ id: team.admin.user.id, type: "user" }),
      user: expect.objectContaining({ id: team.agent.user.id, type: "user" }),
      created_at: expect.any(Number),
      last_activity_at: expect.any(Number),
      snoozed_until: null,
      meta: { display_id: id },
    });
    expect(await unread(team.agent)).toBe(1);
    // The admin assigning the conversation to themselves hears nothing of it.
    const own = await openConversation();
    await assign(own, team.admin.user.id);
    expect((await list(team.admin)).payload.filter((n) => n.primary_actor_id === own)).toEqual([]);
  });

  it("tells the assignee of customers' messages and others' replies, once per conversation while unread (bumped), never of their own", async () => {
    await clear(team.agent);
    const id = await openConversation();
    await assign(id, team.agent.user.id);
    await api.post(`${base}/notifications/read_all`, { ...as(team.agent), body: {} });
    await say(id, { content: "Hello?", message_type: "incoming" });
    const [first] = (await list(team.agent)).payload;
    expect(first).toMatchObject({ notification_type: "assigned_conversation_new_message", primary_actor_id: id, secondary_actor: expect.objectContaining({ content: "Hello?" }) });
    await getDb().update(notifications).set({ lastActivityAt: new Date(Date.now() - 60_000) }).where(eq(notifications.id, first!.id));
    await say(id, { content: "Anyone there?", message_type: "incoming" });
    const again = (await list(team.agent)).payload.filter((n) => n.notification_type === "assigned_conversation_new_message");
    expect(again).toHaveLength(1);
    expect(again[0]!.id).toBe(first!.id);
    expect(again[0]!.last_activity_at).toBeGreaterThan(first!.last_activity_at - 60);
    expect(again[0]!.secondary_actor.content).toBe("Anyone there?");
    // Their own reply and a private note notify no one.
    await api.post(`${base}/notifications/read_all`, { ...as(team.agent), body: {} });
    await say(id, { content: "Here!", message_type: "outgoing" }, team.agent);
    await say(id, { content: "internal", message_type: "outgoing", private: true });
    expect(await unread(team.agent)).toBe(0);
  });

  it("tells the users a private note mentions who may see the inbox, in both syntaxes", async () => {
    await clear(team.agent);
    await clear(planner);
    const id = await openConversation();
    await say(id, { content: `[@${team.agent.user.name}](mention://user/${team.agent.user.id}/x) and @${planner.user.name}, please look`, message_type: "outgoing", private: true });
    expect((await list(team.agent)).payload).toEqual([expect.objectContaining({ notification_type: "conversation_mention", push_message_title: `You have been mentioned in conversation (#${id})` })]);
    // The planner is no member of the inbox: not told of a conversation they may not open.
    expect(await unread(planner)).toBe(0);
    await say(id, { content: `@${team.agent.user.name} again`, message_type: "outgoing", private: true });
    expect(await unread(team.agent)).toBe(1);
  });
});

describe("the API", () => {
  it("marks read and unread, snoozes, deletes, with the record as Rails renders it, and only the caller's own", async () => {
    await clear(team.agent);
    const id = await openConversation();
    await assign(id, team.agent.user.id);
    const [n] = await rowsOf(team.agent.user.id);
    const url = `${base}/notifications/${n!.id}`;
    // Someone else's notification, in the same account or through another account: not found.
    expect((await api.patch(url, as(team.admin))).status).toBe(404);
    const other = await makeTeam();
    expect((await api.patch(`/api/v1/accounts/${other.account.id}/notifications/${n!.id}`, as(other.admin))).status).toBe(404);
    expect((await api.delete(url, as(planner))).status).toBe(404);

    const read = await api.patch(url, as(team.agent));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: n!.id,
      user_id: team.agent.user.id,
      account_id: team.account.id,
      notification_type: "conversation_assignment",
      primary_actor_type: "Conversation",
      primary_actor_id: id,
      secondary_actor_type: "User",
      secondary_actor_id: team.admin.user.id,
      read_at: expect.stringMatching(/Z$/),
      snoozed_until: null,
      last_activity_at: expect.any(String),
      meta: { display_id: id },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await unread(team.agent)).toBe(0);
    // Read ones leave the default list (Chatwoot's finder) and come back with includes[]=read or type=read.
    expect((await list(team.agent)).payload).toEqual([]);
    expect((await list(team.agent, "?includes[]=read")).payload).toHaveLength(1);
    expect((await list(team.agent, "?type=read")).payload).toHaveLength(1);

    const unreadAgain = await api.post(`${url}/unread`, as(team.agent));
    expect(unreadAgain.body.read_at).toBeNull();
    expect(await unread(team.agent)).toBe(1);

    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await api.post(`${url}/snooze`, { ...as(team.agent), body: { snoozed_until: until } });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.snoozed_until).toBe(until);
    expect((await list(team.agent)).payload).toEqual([]);
    expect((await list(team.agent, "?includes[]=snoozed")).payload).toHaveLength(1);
    expect((await list(team.agent, "?status=snoozed")).payload).toHaveLength(1);
    expect((await api.post(`${url}/snooze`, { ...as(team.agent), body: { snoozed_until: "tomorrow" } })).status).toBe(422);
    // A repeat while it is unread wakes it.
    await assign(id, team.admin.user.id);
    await assign(id, team.agent.user.id);
    expect((await rowsOf(team.agent.user.id)).map((row) => [row.id, row.snoozedUntil])).toEqual([[n!.id, null]]);

    const deleted = await api.delete(url, as(team.agent));
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect(await rowsOf(team.agent.user.id)).toEqual([]);
    expect((await api.delete(url, as(team.agent))).status).toBe(404);
  });

  it("read_all for everything or one record, destroy_all for read ones or all, and pages of 15 newest first", async () => {
    await clear(team.agent);
    const ids: number[] = [];
    for (let i = 0; i < 17; i++) {
      const id = await openConversation();
      ids.push(id);
      await assign(id, team.agent.user.id);
    }
    const first = await list(team.agent);
    expect(first.meta).toEqual({ unread_count: 17, count: 17, current_page: 1 });
    expect(first.payload.map((n) => n.primary_actor_id)).toEqual(ids.slice(2).reverse());
    expect((await list(team.agent, "?page=2")).payload.map((n) => n.primary_actor_id)).toEqual([ids[1], ids[0]]);
    expect((await api.get(`${base}/notifications?page=0`, as(team.agent))).status).toBe(422);

    const one = await api.post(`${base}/notifications/read_all`, { ...as(team.agent), body: { primary_actor_type: "Conversation", primary_actor_id: ids[0] } });
    expect(one.status).toBe(200);
    expect(await unread(team.agent)).toBe(16);
    expect((await api.post(`${base}/notifications/read_all`, { ...as(team.agent), body: { primary_actor_type: "Contact", primary_actor_id: 1 } })).status).toBe(422);
    await api.post(`${base}/notifications/read_all`, { ...as(team.agent), body: {} });
    expect(await unread(team.agent)).toBe(0);
    await assign(ids[5]!, team.admin.user.id);
    await assign(ids[5]!, team.agent.user.id);
    expect(await unread(team.agent)).toBe(1);

    expect((await api.post(`${base}/notifications/destroy_all`, { ...as(team.agent), body: { type: "read" } })).status).toBe(200);
    expect((await rowsOf(team.agent.user.id)).map((row) => row.readAt)).toEqual([null]);
    await api.post(`${base}/notifications/destroy_all`, { ...as(team.agent), body: {} });
    expect(await rowsOf(team.agent.user.id)).toEqual([]);
  });

  it("tells only the user's own screens, with the unread count the bell shows", async () => {
    await clear(team.agent);
    const id = await openConversation();
    await assign(id, team.agent.user.id);
    const [latest] = await getDb().select().from(events).where(and(eq(events.accountId, team.account.id), eq(events.name, "notification_created"))).orderBy(desc(events.id)).limit(1);
    expect(latest).toMatchObject({ audience: { user_id: team.agent.user.id }, live: { data: { notification_type: "conversation_assignment", unread_count: 1 } }, payload: null });
    const [n] = await rowsOf(team.agent.user.id);
    await api.patch(`${base}/notifications/${n!.id}`, as(team.agent));
    const [read] = await getDb().select().from(events).where(and(eq(events.accountId, team.account.id), eq(events.name, "notification_updated"))).orderBy(desc(events.id)).limit(1);
    expect(read).toMatchObject({ audience: { user_id: team.agent.user.id }, live: { data: { id: n!.id, unread_count: 0 } } });
  });
});

describe("settings and email", () => {
  it("shows the defaults until saved, saves Chatwoot's flag lists, refuses unknown flags", async () => {
    const shown = await api.get(`${base}/notification_settings`, as(team.agent));
    expect(shown.body).toEqual({
      id: null,
      user_id: team.agent.user.id,
      account_id: team.account.id,
      all_email_flags: expect.arrayContaining(["email_conversation_assignment", "email_quote_viewed"]),
      selected_email_flags: [
        "email_conversation_assignment",
        "email_conversation_mention",
        "email_quote_accepted",
        "email_quote_rejected",
        "email_hold_expiring",
        "email_allocation_conflict",
      ],
      all_push_flags: expect.arrayContaining(["push_conversation_assignment"]),
      selected_push_flags: [],
    });
    const saved = await api.patch(`${base}/notification_settings`, { ...as(team.agent), body: { notification_settings: { selected_email_flags: ["email_assigned_conversation_new_message"] } } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ id: expect.any(Number), selected_email_flags: ["email_assigned_conversation_new_message"], selected_push_flags: [] });
    expect((await api.get(`${base}/notification_settings`, as(team.agent))).body.selected_email_flags).toEqual(["email_assigned_conversation_new_message"]);
    const bad = await api.patch(`${base}/notification_settings`, { ...as(team.agent), body: { selected_email_flags: ["email_everything"] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("selected_email_flags");
  });

  it("emails only the types the user has on, as notification mail the planners' outbox does not list", async () => {
    const mailTo = async (email: string) => getDb().select().from(outboxMessages).where(and(eq(outboxMessages.accountId, team.account.id), eq(outboxMessages.toAddress, email)));
    // The admin keeps the defaults: an assignment is emailed, a new message is not.
    const id = await openConversation();
    await assign(id, team.admin.user.id, team.agent);
    await say(id, { content: "hi", message_type: "incoming" });
    const adminMail = await mailTo(team.admin.user.email);
    expect(adminMail.map((mail) => [mail.kind, mail.subject])).toEqual([["notification", `A conversation (#${id}) has been assigned to you`]]);
    expect(adminMail[0]!.textBody).toContain(`/app/accounts/${team.account.id}/conversations/${id}`);
    // The agent turned assignment mail off and new-message mail on (previous test).
    await assign(id, team.agent.user.id);
    await say(id, { content: "hello agent", message_type: "incoming" });
    const about = (await mailTo(team.agent.user.email)).filter((mail) => mail.subject.includes(`(#${id})`));
    expect(about.map((mail) => mail.subject)).toEqual([`A new message is created in conversation (#${id})`]);
    const ctx = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
    expect((await listOutbox(ctx as AccountCtx<UserCaller>)).filter((entry) => entry.to === team.admin.user.email)).toEqual([]);
  });
});

describe("the portal", () => {
  it("lists the user's notifications with their words and links, and marks them read and unread", async () => {
    await clear(team.agent);
    session.ctx = await accountContext(getDb(), { kind: "user", user: team.agent.user }, team.account.id);
    const id = await openConversation();
    await assign(id, team.agent.user.id);
    const feed = await notificationFeedAction(team.account.id, 1);
    expect(feed).toMatchObject({ ok: true, unreadCount: 1, count: 1 });
    const [entry] = feed.ok ? feed.entries : [];
    expect(entry).toMatchObject({ title: `A conversation (#${id}) has been assigned to you`, href: `/app/accounts/${team.account.id}/conversations/${id}`, read: false, snoozedUntil: null });
    expect(await markNotificationReadAction(team.account.id, entry!.id)).toMatchObject({ ok: true });
    // Read ones stay on the page (the API's list leaves them out by default).
    expect(await notificationFeedAction(team.account.id, 1)).toMatchObject({ unreadCount: 0, count: 1, entries: [{ id: entry!.id, read: true }] });
    await markNotificationUnreadAction(team.account.id, entry!.id);
    await readAllNotificationsAction(team.account.id);
    expect(await unread(team.agent)).toBe(0);
    // Someone else's id is not found.
    const [others] = await rowsOf(team.admin.user.id);
    expect(await markNotificationReadAction(team.account.id, others!.id)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("saves the profile's email choices, every box unticked included", async () => {
    const someone = await makeMember(team.account.id, "agent");
    session.ctx = await accountContext(getDb(), { kind: "user", user: someone.user }, team.account.id);
    const form = new FormData();
    form.append("email_flags", "email_quote_viewed");
    expect(await notificationEmailsAction(team.account.id, idleState, form)).toMatchObject({ status: "success" });
    expect((await api.get(`${base}/notification_settings`, as(someone))).body.selected_email_flags).toEqual(["email_quote_viewed"]);
    expect(await notificationEmailsAction(team.account.id, idleState, new FormData())).toMatchObject({ status: "success" });
    expect((await api.get(`${base}/notification_settings`, as(someone))).body.selected_email_flags).toEqual([]);
    const bad = new FormData();
    bad.append("email_flags", "email_everything");
    expect(await notificationEmailsAction(team.account.id, idleState, bad)).toMatchObject({ status: "error" });
  });
});

describe("planning notifications", () => {
  it("tells the planner of the customer's first view, acceptance and decline, with a link to the event", async () => {
    await clear(planner);
    const { event, quote } = await sentQuote("Spring gala", 3);
    await quoteByToken(getDb(), quote.public_token, { recordView: true });
    await quoteByToken(getDb(), quote.public_token, { recordView: true });
    await acceptByToken(getDb(), quote.public_token, { by: customer });
    const { payload } = await list(planner);
    expect(payload.map((n) => [n.notification_type, n.push_message_title])).toEqual([
      ["quote_accepted", `Quote v1 for Spring gala has been accepted`],
      ["quote_viewed", `The customer opened quote v1 for Spring gala`],
    ]);
    expect(payload[0]).toMatchObject({ primary_actor_type: "Quote", primary_actor_id: quote.id, primary_actor: expect.objectContaining({ id: quote.id, status: "accepted" }), meta: { planning_event_id: event.id } });
    // Nobody else: the administrator is neither the owner nor the sender.
    expect((await list(team.admin)).payload.filter((n) => n.primary_actor_type === "Quote")).toEqual([]);
    // Accepted emailed (on by default), viewed not.
    const mail = await getDb().select().from(outboxMessages).where(eq(outboxMessages.toAddress, planner.user.email));
    expect(mail.map((m) => m.subject)).toEqual(["Quote v1 for Spring gala has been accepted"]);

    const declined = await sentQuote("Summer fair", 4);
    await rejectByToken(getDb(), declined.quote.public_token, "Too expensive");
    expect((await list(planner)).payload[0]).toMatchObject({ notification_type: "quote_rejected", primary_actor_id: declined.quote.id });
  });

  it("falls back to the quote managers when the event has no planner", async () => {
    const { event, quote } = await sentQuote("Orphan party", 5);
    await getDb().update(planningEvents).set({ ownerId: null }).where(eq(planningEvents.id, event.id));
    await getDb().update(quotes).set({ sentByUserId: null }).where(eq(quotes.id, quote.id));
    await clear(planner);
    await clear(team.admin);
    await acceptByToken(getDb(), quote.public_token, { by: customer });
    expect((await list(planner)).payload.map((n) => n.notification_type)).toEqual(["quote_accepted"]);
    expect((await list(team.admin)).payload.map((n) => n.notification_type)).toEqual(["quote_accepted"]);
    expect((await list(team.agent)).payload.filter((n) => n.notification_type === "quote_accepted")).toEqual([]);
  });

  it("tells the planner once of a hold lapsing within a day", async () => {
    await clear(planner);
    const event = await api.post(`${base}/planning/events`, { ...as(planner), body: { event: { name: "Board meeting" }, allocations: [{ space_id: hall.id, ...window(20) }] } });
    expect(event.status, event.text).toBe(200);
    const holdId = event.body.allocation_ids[0] as string;
    // Lapsing in 20 hours; another lapsing in two days is not announced yet.
    await getDb().update(allocations).set({ expiresAt: new Date(Date.now() + 20 * 3_600_000) }).where(eq(allocations.id, holdId));
    await notifyExpiringHolds(getDb());
    await notifyExpiringHolds(getDb());
    const { payload } = await list(planner);
    expect(payload.map((n) => [n.notification_type, n.push_message_title, n.primary_actor_id])).toEqual([["hold_expiring", "The hold on Grand Hall for Board meeting expires within a day", holdId]]);
    // Read, it is still not announced again.
    await api.post(`${base}/notifications/read_all`, { ...as(planner), body: {} });
    await notifyExpiringHolds(getDb());
    expect(await unread(planner)).toBe(0);
  });

  it("tells the planner of a hold another event's booking passed over, and of a customer's acceptance refused for it", async () => {
    await clear(planner);
    const { event, quote } = await sentQuote("Autumn ball", 25);
    const booked = await api.post(`${base}/planning/allocations`, { ...as(team.admin), body: { allocation: { space_id: hall.id, ...window(25), status: "confirmed", title: "Rival wedding" } } });
    expect(booked.status, booked.text).toBe(200);
    const [conflict] = (await list(planner)).payload;
    expect(conflict).toMatchObject({
      notification_type: "allocation_conflict",
      primary_actor_type: "Allocation",
      push_message_title: "The hold on Grand Hall for Autumn ball can no longer be confirmed: Rival wedding was confirmed over it",
      secondary_actor: expect.objectContaining({ id: booked.body.id, status: "confirmed" }),
      meta: expect.objectContaining({ planning_event_id: event.id }),
    });
    // The customer tries anyway: refused (409), nothing accepted, and the planner hears of it.
    const form = new FormData();
    form.append("full_name", "Maria Jansen");
    const answer = await acceptAction(quote.public_token, idleState, form);
    expect(answer).toMatchObject({ status: "error" });
    const refused = (await list(planner)).payload.find((n) => n.primary_actor_type === "Quote");
    expect(refused).toMatchObject({ notification_type: "allocation_conflict", push_message_title: "The customer could not accept quote v1 for Autumn ball: a held space is taken" });
    expect(refused!.meta.reason).toMatch(/Grand Hall is no longer available/);
  });
});
