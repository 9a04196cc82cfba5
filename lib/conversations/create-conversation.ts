import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountSequences, contactInboxes, contacts, conversations, inboxes, teams } from "@/db/schema";
import { findAgent } from "@/lib/agents/agents";
import type { AccountCtx } from "@/lib/auth/caller";
import { ensureContactInbox } from "@/lib/contacts/contact-inboxes";
import { presentConversationWebhook } from "@/lib/events/payloads";
import { actorOf, recordEvent } from "@/lib/events/record";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { postMessage } from "@/lib/messages/messages";
import { statusValue } from "./conversations";
import type { CreateConversationInput } from "./schemas";

/**
 * The account's next conversation display id. The upsert takes the sequence row's lock, so
 * concurrent creations in one account queue here until their transactions end.
 */
export const nextDisplayId = async (db: DbOrTx, accountId: number) => {
  const [row] = await db
    .insert(accountSequences)
    .values({ accountId, lastConversationDisplayId: 1 })
    .onConflictDoUpdate({
      target: accountSequences.accountId,
      set: { lastConversationDisplayId: sql`${accountSequences.lastConversationDisplayId} + 1` },
    })
    .returning({ displayId: accountSequences.lastConversationDisplayId });
  return row!.displayId;
};

/**
 * Given inbox and contact, the contact's identity in the inbox (created if missing, under
 * `source_id` when given); otherwise the identity is looked up by `source_id`.
 */
const resolveContactInbox = async (ctx: AccountCtx, input: CreateConversationInput) => {
  if (input.inbox_id !== undefined && input.contact_id !== undefined) {
    const [[inbox], [contact]] = await Promise.all([
      ctx.db
        .select({ id: inboxes.id })
        .from(inboxes)
        .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, input.inbox_id))),
      ctx.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.accountId, ctx.account.id), eq(contacts.id, input.contact_id))),
    ]);
    if (!inbox) throw notFound("Inbox");
    if (!contact) throw notFound("Contact");
    return ensureContactInbox(ctx.db, { accountId: ctx.account.id, contactId: contact.id, inboxId: inbox.id, sourceId: input.source_id });
  }
  const found = await ctx.db
    .select()
    .from(contactInboxes)
    .where(
      and(
        eq(contactInboxes.accountId, ctx.account.id),
        eq(contactInboxes.sourceId, input.source_id!),
        input.inbox_id !== undefined ? eq(contactInboxes.inboxId, input.inbox_id) : undefined,
      ),
    )
    .limit(2);
  if (found.length === 0) throw notFound("Contact inbox");
  if (found.length > 1) throw fieldError("source_id", "is used in several inboxes; give inbox_id too");
  const contactInbox = found[0]!;
  if (input.contact_id !== undefined && contactInbox.contactId !== input.contact_id) {
    throw fieldError("source_id", "should be unique", "taken");
  }
  return contactInbox;
};

const requireMember = async (ctx: AccountCtx, userId: number) => {
  try {
    return await findAgent(ctx, userId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw fieldError("assignee_id", "is not a member of this account");
    throw error;
  }
};

const requireTeam = async (ctx: AccountCtx, teamId: number) => {
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, ctx.account.id), eq(teams.id, teamId)));
  if (!team) throw fieldError("team_id", "is not a team of this account");
  return team;
};

/**
 * POST conversations. As in Chatwoot, a blocked contact's conversation starts resolved and
 * one in an inbox run by an agent bot starts pending; the conversation waits for a reply
 * from its creation. `message` becomes its first message, sent by the caller.
 */
export const createConversation = (ctx: AccountCtx, input: CreateConversationInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const contactInbox = await resolveContactInbox(tx, input);
    if (input.assignee_id) await requireMember(tx, input.assignee_id);
    if (input.team_id) await requireTeam(tx, input.team_id);
    const [[inbox], [contact]] = await Promise.all([
      db.select({ agentBotId: inboxes.agentBotId }).from(inboxes).where(eq(inboxes.id, contactInbox.inboxId)),
      db.select({ blocked: contacts.blocked }).from(contacts).where(eq(contacts.id, contactInbox.contactId)),
    ]);
    const status = contact?.blocked ? "resolved" : inbox?.agentBotId ? "pending" : (input.status ?? "open");
    const displayId = await nextDisplayId(db, ctx.account.id);
    const now = new Date();
    const [conversation] = await db
      .insert(conversations)
      .values({
        accountId: ctx.account.id,
        displayId,
        inboxId: contactInbox.inboxId,
        contactId: contactInbox.contactId,
        contactInboxId: contactInbox.id,
        assigneeId: input.assignee_id ?? null,
        teamId: input.team_id ?? null,
        status: statusValue(status),
        snoozedUntil: status === "snoozed" ? (input.snoozed_until ?? null) : null,
        additionalAttributes: input.additional_attributes ?? {},
        customAttributes: input.custom_attributes ?? {},
        waitingSince: now,
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(db, {
      accountId: ctx.account.id,
      name: "conversation_created",
      inboxId: conversation!.inboxId,
      conversationId: conversation!.id,
      contactInboxId: conversation!.contactInboxId,
      subject: { type: "Conversation", id: conversation!.id },
      actor: actorOf(ctx.caller),
      render: () => presentConversationWebhook(db, conversation!),
    });
    if (!input.message) return conversation!;
    const { conversation: updated } = await postMessage(tx, conversation!, {
      content: input.message.content,
      messageType: "outgoing",
      private: false,
      contentType: "text",
      contentAttributes: {},
      sourceId: null,
      additionalAttributes: input.message.template_params ? { template_params: input.message.template_params } : {},
    });
    return updated;
  });
