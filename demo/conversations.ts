import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { conversations, messages } from "@/db/schema";
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

const replies = [
  "Thanks for reaching out! Let me check availability for you.",
  "Good news: that date is still open. Shall I put a tentative hold on it?",
  "Absolutely, I'll include that in the quote.",
];

/** Moves a freshly created conversation and its messages back in time, so the demo inbox reads like a real week. */
const backdate = (db: DbOrTx, accountId: number, conversationId: number, hoursAgo: number) =>
  Promise.all([
    db
      .update(conversations)
      .set({
        createdAt: sql`${conversations.createdAt} - make_interval(hours => ${hoursAgo})`,
        lastActivityAt: sql`${conversations.lastActivityAt} - make_interval(hours => ${hoursAgo})`,
        waitingSince: sql`${conversations.waitingSince} - make_interval(hours => ${hoursAgo})`,
        firstReplyCreatedAt: sql`${conversations.firstReplyCreatedAt} - make_interval(hours => ${hoursAgo})`,
      })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId))),
    db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} - make_interval(hours => ${hoursAgo})` })
      .where(and(eq(messages.accountId, accountId), eq(messages.conversationId, conversationId))),
  ]);

/**
 * The demo account's conversations, made through the same services the API uses: an API inbox
 * and a website inbox, a team, labels, 20 contacts and 30 conversations across statuses.
 */
export const seedDemoConversations = async (db: DbOrTx, account: Account, admin: User, agent: User) => {
  const ctx: AccountCtx = await accountContext(db, { kind: "user", user: admin }, account.id);
  const agentCtx: AccountCtx = await accountContext(db, { kind: "user", user: agent }, account.id);
  const apiInbox = await createInbox(ctx, parseInput(ZCreateInbox, { name: "Website enquiries", channel: { type: "api" } }));
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
    await createMessage(contactCtx, displayId, parseInput(ZCreateMessage, { content: first, message_type: "incoming" }));
    const assignee = i % 3 === 0 ? null : i % 3 === 1 ? agent : admin;
    if (assignee) {
      await assignConversation(ctx, displayId, { assignee_id: assignee.id });
      const replier = assignee === agent ? agentCtx : ctx;
      await createMessage(replier, displayId, parseInput(ZCreateMessage, { content: replies[i % replies.length]! }));
      if (i % 2 === 0) await createMessage(contactCtx, displayId, parseInput(ZCreateMessage, { content: second, message_type: "incoming" }));
      if (i % 5 === 1) {
        await createMessage(replier, displayId, parseInput(ZCreateMessage, { content: "Deposit not received yet, follow up on Friday.", private: true }));
      }
    }
    if (i % 4 === 0) await assignConversation(ctx, displayId, { team_id: team.id });
    await setLabels(ctx, displayId, i % 6 === 0 ? [kind, "vip"] : [kind]);
    if (i % 7 === 2) await togglePriority(ctx, displayId, i % 2 === 0 ? "high" : "urgent");
    const status = i >= 24 ? "resolved" : i >= 21 ? "pending" : i === 20 ? "snoozed" : null;
    if (status) {
      const snoozed = status === "snoozed" ? { snoozed_until: Math.floor(Date.now() / 1000) + 3 * 86_400 } : {};
      await toggleStatus(ctx, displayId, parseInput(ZToggleStatus, { status, ...snoozed }));
    }
    await backdate(db, account.id, created.id, i * 5 + (i % 3));
  }
};
