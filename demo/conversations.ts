import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { conversations, messages, reportingEvents } from "@/db/schema";
import { accountContext, type Account, type AccountCtx, type User } from "@/lib/auth/caller";
import { createContact } from "@/lib/contacts/contacts";
import { ZContactCreate } from "@/lib/contacts/schemas";
import { assignConversation } from "@/lib/conversations/assignments";
import { setLabels, togglePriority, toggleStatus } from "@/lib/conversations/conversations";
import { createConversation } from "@/lib/conversations/create-conversation";
import { ZCreateConversation, ZToggleStatus } from "@/lib/conversations/schemas";
import { parseInput } from "@/lib/http/validation";
import { createInbox } from "@/lib/inboxes/inboxes";
import { replaceInboxMembers } from "@/lib/inboxes/members";
import { ZCreateInbox } from "@/lib/inboxes/schemas";
import { createLabel } from "@/lib/labels/labels";
import { ZCreateLabel } from "@/lib/labels/schemas";
import { createMessage } from "@/lib/messages/messages";
import { ZCreateMessage } from "@/lib/messages/schemas";
import { addTeamMembers } from "@/lib/teams/members";
import { createTeam } from "@/lib/teams/teams";
import { ZCreateTeam } from "@/lib/teams/schemas";

const people = [
  ["Emma de Vries", "Bakker & Co", "wedding"],
  ["Liam Janssen", "Northwind Traders", "corporate"],
  ["Sophie Visser", null, "wedding"],
  ["Noah Smit", "Contoso Events", "corporate"],
  ["Julia Meijer", null, "birthday"],
  ["Daan de Boer", "Fabrikam", "corporate"],
  ["Tess Mulder", null, "wedding"],
  ["Sem de Groot", "Tailspin Toys", "conference"],
  ["Anna Bos", null, "birthday"],
  ["Lucas Vos", "Adventure Works", "conference"],
  ["Mila Peters", null, "wedding"],
  ["Finn Hendriks", "Litware", "corporate"],
  ["Zoë van Dijk", null, "birthday"],
  ["Levi Dekker", "Proseware", "conference"],
  ["Sara Brouwer", null, "wedding"],
  ["Jesse de Wit", "Wingtip Toys", "corporate"],
  ["Nora Dijkstra", null, "wedding"],
  ["Milan Smits", "Alpine Ski House", "conference"],
  ["Lotte de Graaf", null, "birthday"],
  ["Thijs van der Meer", "Coho Winery", "corporate"],
] as const;

const enquiries: Record<string, string[]> = {
  wedding: ["Hi! We're getting married next summer and love your garden room. Is 14 June still free?", "How many guests fit for a seated dinner in the hall?"],
  corporate: ["We're planning a two-day offsite for 60 people in March. Can you send availability and a quote?", "Do you have a projector and breakout rooms?"],
  birthday: ["I'd like to book a room for a 40th birthday party, about 30 people, on a Saturday evening.", "Can we bring our own cake?"],
  conference: ["We're organising a one-day conference for 150 attendees. Which rooms would work in theatre layout?", "Is catering included in the day rate?"],
};

const followUps = ["Yes, that's included.", "Happy to help — I've noted it for the quote.", "Good question: I'll check with the kitchen and come back today."];

const replies = [
  "Thanks for reaching out! Let me check availability for you.",
  "Good news: that date is still open. Shall I put a tentative hold on it?",
  "Absolutely, I'll include that in the quote.",
];

/**
 * Moves everything a conversation holds so far back by `minutes`, as if that much time had passed
 * since: the next step then happens `minutes` later, and what it records (a first response, a
 * resolution) measures that gap. Steps run at the real clock, so the demo plays each conversation
 * out step by step and then moves it back to when it happened.
 */
const elapse = (db: DbOrTx, accountId: number, conversationId: number, minutes: number) => {
  const back = <T,>(column: T) => sql`${column} - make_interval(mins => ${minutes})`;
  return Promise.all([
    db
      .update(conversations)
      .set({
        createdAt: back(conversations.createdAt),
        updatedAt: back(conversations.updatedAt),
        lastActivityAt: back(conversations.lastActivityAt),
        waitingSince: back(conversations.waitingSince),
        firstReplyCreatedAt: back(conversations.firstReplyCreatedAt),
        agentLastSeenAt: back(conversations.agentLastSeenAt),
        assigneeLastSeenAt: back(conversations.assigneeLastSeenAt),
      })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId))),
    db
      .update(messages)
      .set({ createdAt: back(messages.createdAt) })
      .where(and(eq(messages.accountId, accountId), eq(messages.conversationId, conversationId))),
    db
      .update(reportingEvents)
      .set({
        createdAt: back(reportingEvents.createdAt),
        updatedAt: back(reportingEvents.updatedAt),
        eventStartTime: back(reportingEvents.eventStartTime),
        eventEndTime: back(reportingEvents.eventEndTime),
      })
      .where(and(eq(reportingEvents.accountId, accountId), eq(reportingEvents.conversationId, conversationId))),
  ]);
};

/** Weekdays 09:00–18:00 in Amsterdam: the enquiries inbox's working hours (business-hours reports). */
const officeHours = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0 || day === 6
    ? { day_of_week: day, closed_all_day: true }
    : { day_of_week: day, open_hour: 9, open_minutes: 0, close_hour: 18, close_minutes: 0 },
);

/**
 * The demo account's conversations, made through the same services the API uses: an API inbox
 * and a website inbox, a team, labels, 20 contacts and 30 conversations across statuses.
 */
export const seedDemoConversations = async (db: DbOrTx, account: Account, admin: User, agent: User) => {
  const ctx: AccountCtx = await accountContext(db, { kind: "user", user: admin }, account.id);
  const agentCtx: AccountCtx = await accountContext(db, { kind: "user", user: agent }, account.id);
  const apiInbox = await createInbox(
    ctx,
    parseInput(ZCreateInbox, { name: "Website enquiries", channel: { type: "api" }, timezone: "Europe/Amsterdam", working_hours_enabled: true, working_hours: officeHours }),
  );
  const webInbox = await createInbox(
    ctx,
    parseInput(ZCreateInbox, { name: "Website chat", channel: { type: "web_widget", website_url: "http://localhost:3000" } }),
  );
  for (const inbox of [apiInbox, webInbox]) await replaceInboxMembers(ctx, { inbox_id: inbox.id, user_ids: [admin.id, agent.id] });
  const team = await createTeam(ctx, parseInput(ZCreateTeam, { name: "Events team", description: "Planners who take bookings from first enquiry to the day itself." }));
  await addTeamMembers(ctx, team.id, { user_ids: [admin.id, agent.id] });
  const labelColours: [string, string][] = [
    ["wedding", "#db2777"],
    ["corporate", "#2563eb"],
    ["birthday", "#f59e0b"],
    ["conference", "#0d9488"],
    ["vip", "#7c3aed"],
    ["follow-up", "#64748b"],
  ];
  for (const [title, color] of labelColours) await createLabel(ctx, parseInput(ZCreateLabel, { title, color }));

  const contacts = [];
  for (const [index, [name, company]] of people.entries()) {
    const slug = name.toLowerCase().normalize("NFKD").replace(/[^a-z ]/g, "").replace(/ +/g, ".");
    const created = await createContact(
      ctx,
      parseInput(ZContactCreate, {
        name,
        email: `${slug}@contacts.demo.venuedesk.test`,
        phone_number: `+3161234${String(5000 + index).padStart(4, "0")}`,
        additional_attributes: company ? { company_name: company, city: "Amsterdam" } : { city: "Utrecht" },
      }),
    );
    contacts.push(created.contact);
  }

  for (let i = 0; i < 30; i++) {
    const [, , kind] = people[i % people.length]!;
    const contact = contacts[i % contacts.length]!;
    const inbox = i % 4 === 3 ? webInbox : apiInbox;
    const created = await createConversation(ctx, parseInput(ZCreateConversation, { inbox_id: inbox.id, contact_id: contact.id }));
    const displayId = created.displayId;
    const contactCtx: AccountCtx = { ...ctx, caller: { kind: "contact", contactId: contact.id } };
    const [first, second] = enquiries[kind]!;
    const later = (minutes: number) => elapse(db, account.id, created.id, minutes);
    await createMessage(contactCtx, displayId, parseInput(ZCreateMessage, { content: first, message_type: "incoming" }));
    const assignee = i % 3 === 0 ? null : i % 3 === 1 ? agent : admin;
    if (assignee) {
      // First replies from a few minutes to most of a day later; follow-ups quicker.
      await later(4 + ((i * 37) % 180) + (i % 4 === 0 ? 600 : 0));
      await assignConversation(ctx, displayId, { assignee_id: assignee.id });
      const replier = assignee === agent ? agentCtx : ctx;
      await createMessage(replier, displayId, parseInput(ZCreateMessage, { content: replies[i % replies.length]! }));
      if (i % 2 === 0) {
        await later(20 + ((i * 13) % 90));
        await createMessage(contactCtx, displayId, parseInput(ZCreateMessage, { content: second, message_type: "incoming" }));
        await later(3 + ((i * 7) % 60));
        await createMessage(replier, displayId, parseInput(ZCreateMessage, { content: followUps[i % followUps.length]! }));
      }
      if (i % 5 === 1) {
        await createMessage(replier, displayId, parseInput(ZCreateMessage, { content: "Deposit not received yet, follow up on Friday.", private: true }));
      }
    }
    if (i % 4 === 0) await assignConversation(ctx, displayId, { team_id: team.id });
    await setLabels(ctx, displayId, i % 6 === 0 ? [kind, "vip"] : [kind]);
    if (i % 7 === 2) await togglePriority(ctx, displayId, i % 2 === 0 ? "high" : "urgent");
    const status = i >= 24 ? "resolved" : i >= 21 ? "pending" : i === 20 ? "snoozed" : null;
    if (status) {
      if (status === "resolved") await later(60 * (2 + (i % 5) * 7));
      const snoozed = status === "snoozed" ? { snoozed_until: Math.floor(Date.now() / 1000) + 3 * 86_400 } : {};
      await toggleStatus(ctx, displayId, parseInput(ZToggleStatus, { status, ...snoozed }));
    }
    // Spread over the last three weeks, newest first.
    await later(60 * (i * 15 + (i % 3)));
  }
  // The events were measured against working hours at the real clock; measure them again where they now sit.
  await db.execute(sql`
    update reporting_events e
    set value_in_business_hours = business_seconds(i.working_hours, i.working_hours_enabled, i.timezone, e.event_start_time, e.event_end_time)
    from inboxes i
    where i.id = e.inbox_id and e.account_id = ${account.id}`);
};
