import { and, desc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, agentBots, contactInboxes, contacts, conversations, inboxes, messageTypes, messages, users, type SenderType } from "@/db/schema";
import { presentConversation, type ConversationJson, type ConversationRow } from "@/lib/conversations/present";
import { loadMessageExtras, contactEventFields, presentAttachment, presentContactPush, presentPushMessage, type MessageRow } from "@/lib/messages/present";

/*
 * Chatwoot's webhook payloads (CHATWOOT.md §4), rendered from the state inside the writing
 * transaction. The conversation part is `Conversations::EventDataPresenter#push_data`.
 */

type Contact = typeof contacts.$inferSelect;

const ACTIVITY = messageTypes.indexOf("activity");

/** `Contact#webhook_data` (no `type` key). */
export const presentContactWebhook = (contact: Contact, account: { id: number; name: string }) => ({
  account,
  ...contactEventFields(contact),
  avatar: contact.avatarUrl ?? "",
});

export const accountData = async (db: DbOrTx, accountId: number) => {
  const [account] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return account!;
};

/** The conversation's `webhook_data`; `pubsub_token` (a contact's credential) is left out of `contact_inbox`. */
export const presentConversationWebhook = async (db: DbOrTx, row: ConversationRow) => {
  const [json, [contact], [contactInbox], [lastPublic]] = await Promise.all([
    presentConversation(db, row),
    db.select().from(contacts).where(eq(contacts.id, row.contactId)),
    row.contactInboxId === null ? [] : db.select().from(contactInboxes).where(eq(contactInboxes.id, row.contactInboxId)),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, row.id), ne(messages.messageType, ACTIVITY), eq(messages.private, false)))
      .orderBy(desc(messages.id))
      .limit(1),
  ]);
  const lastMessage = lastPublic
    ? presentPushMessage(lastPublic, await loadMessageExtras(db, [lastPublic]), {
        displayId: row.displayId,
        assigneeId: row.assigneeId,
        unreadCount: json.unread_count,
        lastActivityAt: row.lastActivityAt,
        sourceId: contactInbox?.sourceId ?? null,
      })
    : null;
  return {
    additional_attributes: json.additional_attributes,
    can_reply: json.can_reply,
    channel: json.meta.channel,
    contact_inbox: contactInbox
      ? {
          id: contactInbox.id,
          contact_id: contactInbox.contactId,
          inbox_id: contactInbox.inboxId,
          source_id: contactInbox.sourceId,
          created_at: contactInbox.createdAt.toISOString(),
          updated_at: contactInbox.updatedAt.toISOString(),
          hmac_verified: contactInbox.hmacVerified,
        }
      : null,
    id: json.id,
    inbox_id: json.inbox_id,
    messages: lastMessage ? [lastMessage] : [],
    labels: json.labels,
    meta: {
      sender: contact ? presentContactPush(contact) : null,
      assignee: assigneePush(json.meta),
      assignee_type: json.meta.assignee_type,
      team: json.meta.team ? { id: json.meta.team.id, name: json.meta.team.name } : null,
      hmac_verified: json.meta.hmac_verified,
    },
    status: json.status,
    custom_attributes: json.custom_attributes,
    snoozed_until: json.snoozed_until,
    unread_count: json.unread_count,
    first_reply_created_at: row.firstReplyCreatedAt ? row.firstReplyCreatedAt.toISOString() : null,
    priority: json.priority,
    waiting_since: json.waiting_since,
    agent_last_seen_at: json.agent_last_seen_at,
    contact_last_seen_at: json.contact_last_seen_at,
    last_activity_at: json.last_activity_at,
    timestamp: json.timestamp,
    created_at: json.created_at,
    updated_at: json.updated_at,
  };
};

/** The assignee as Chatwoot's push data: `User#push_event_data` or the bot's. */
const assigneePush = (meta: ConversationJson["meta"]) => {
  const assignee = meta.assignee;
  if (!assignee) return null;
  if (meta.assignee_type === "AgentBot") return { id: assignee.id, name: assignee.name, avatar_url: assignee.thumbnail ?? "", type: "agent_bot" as const };
  const agent = assignee as { id: number; name: string; available_name: string; thumbnail: string; availability_status: string | null };
  return {
    id: agent.id,
    name: agent.name,
    available_name: agent.available_name,
    avatar_url: agent.thumbnail,
    type: "user" as const,
    availability_status: agent.availability_status ?? "offline",
    thumbnail: agent.thumbnail,
  };
};

export type ConversationWebhook = Awaited<ReturnType<typeof presentConversationWebhook>>;

/** Who wrote or typed, as `webhook_data`: a contact's (no `type`), a user's or an agent bot's. */
export const participantWebhook = async (db: DbOrTx, who: { type: SenderType; id: number }, account: { id: number; name: string }) => {
  if (who.type === "Contact") {
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, who.id));
    return contact ? presentContactWebhook(contact, account) : null;
  }
  if (who.type === "User") {
    const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, who.id));
    return user ? { ...user, type: "user" as const } : null;
  }
  const [bot] = await db.select({ id: agentBots.id, name: agentBots.name }).from(agentBots).where(eq(agentBots.id, who.id));
  return bot ? { ...bot, type: "agent_bot" as const } : null;
};

/** `Message#webhook_data`: `created_at` as an ISO time, `message_type` and `content_type` as names. */
export const presentMessageWebhook = async (db: DbOrTx, row: MessageRow, conversation: ConversationRow) => {
  const account = await accountData(db, row.accountId);
  const [[inbox], sender, conversationData, extras] = await Promise.all([
    db.select({ id: inboxes.id, name: inboxes.name }).from(inboxes).where(eq(inboxes.id, row.inboxId)),
    row.senderId === null || row.senderType === null ? null : participantWebhook(db, { type: row.senderType, id: row.senderId }, account),
    presentConversationWebhook(db, conversation),
    loadMessageExtras(db, [row]),
  ]);
  const files = extras.attachments.get(row.id);
  return {
    account,
    additional_attributes: row.additionalAttributes,
    content_attributes: row.contentAttributes,
    content_type: row.contentType,
    content: row.content,
    conversation: conversationData,
    created_at: row.createdAt.toISOString(),
    id: row.id,
    inbox: inbox ?? null,
    message_type: messageTypes[row.messageType] ?? "incoming",
    private: row.private,
    sender,
    source_id: row.sourceId,
    ...(files?.length ? { attachments: files.map(presentAttachment) } : {}),
  };
};

/**
 * `ContactInbox#webhook_data` (webwidget_triggered): the contact's session in the inbox, with the
 * session's latest conversation (or null) as its webhook data.
 */
export const presentContactInboxWebhook = async (
  db: DbOrTx,
  session: { contact: Contact; contactInbox: { id: number; sourceId: string } },
  inbox: { id: number; name: string },
) => {
  const account = await accountData(db, session.contact.accountId);
  const [current] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.contactInboxId, session.contactInbox.id))
    .orderBy(desc(conversations.id))
    .limit(1);
  return {
    id: session.contactInbox.id,
    contact: presentContactWebhook(session.contact, account),
    inbox: { id: inbox.id, name: inbox.name },
    account,
    current_conversation: current ? await presentConversationWebhook(db, current) : null,
    source_id: session.contactInbox.sourceId,
  };
};
