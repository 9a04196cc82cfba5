import { and, asc, eq } from "drizzle-orm";
import { anyOfPlaceholder, arrayLiteral } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { builtOnce } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import { signedUploadPath } from "@/lib/storage/uploads";
import { accountUsers, agentBots, attachments, contacts, messageStatuses, messages, users } from "@/db/schema";
import { unixTime } from "@/lib/http/schemas";
import { avatarUrl } from "@/lib/users/present";
import { publicBaseUrl } from "@/lib/http/request";

export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
type Contact = typeof contacts.$inferSelect;
type UserSender = { id: number; name: string; displayName: string | null; customAttributes: Record<string, unknown>; availability: string | null };
type BotSender = { id: number; name: string; thumbnail: string | null };

/** The contact's members shared by Chatwoot's `push_event_data` and `webhook_data`. */
export const contactEventFields = (contact: Contact) => ({
  additional_attributes: contact.additionalAttributes,
  custom_attributes: contact.customAttributes,
  email: contact.email,
  id: contact.id,
  identifier: contact.identifier,
  name: contact.name,
  phone_number: contact.phoneNumber,
  thumbnail: contact.avatarUrl ?? "",
  blocked: contact.blocked,
});

/** Chatwoot's `Contact#push_event_data`: a message's contact sender, the messages meta `contact`. */
export const presentContactPush = (contact: Contact) => Object.assign(contactEventFields(contact), { type: "contact" as const });

/** `User#push_event_data`: availability is the user's in the message's account. */
export const presentUserPush = (user: UserSender) => ({
  id: user.id,
  name: user.name,
  available_name: user.displayName || user.name,
  avatar_url: avatarUrl(user),
  type: "user" as const,
  availability_status: user.availability ?? "offline",
  thumbnail: avatarUrl(user),
});

const presentBotPush = (bot: BotSender) => ({ id: bot.id, name: bot.name, avatar_url: bot.thumbnail ?? "", type: "agent_bot" as const });

export type MessageSender = ReturnType<typeof presentContactPush> | ReturnType<typeof presentUserPush> | ReturnType<typeof presentBotPush>;

/** What presenting a batch of messages needs beyond the rows: senders and attachments. */
export type MessageExtras = { senders: Map<string, MessageSender>; attachments: Map<number, AttachmentRow[]> };

const senderKey = (type: string, id: number) => `${type}:${id}`;

const uniqueSenders = (rows: MessageRow[], type: MessageRow["senderType"]) => [
  ...new Set(rows.flatMap((row) => (row.senderType === type && row.senderId !== null ? [row.senderId] : []))),
];

/** The senders and attachments of a batch of messages, each query built once. */
const extrasQueries = builtOnce((db) => ({
  contacts: plainRows(
    db.select().from(contacts).where(anyOfPlaceholder(contacts.id, "ids")).prepare("message_contacts"),
  ),
  users: plainRows(
    db
    .select({
      id: users.id,
      name: users.name,
      displayName: users.displayName,
      customAttributes: users.customAttributes,
      availability: accountUsers.availability,
    })
    .from(users)
    .leftJoin(accountUsers, and(eq(accountUsers.userId, users.id), anyOfPlaceholder(accountUsers.accountId, "accountIds")))
    .where(anyOfPlaceholder(users.id, "ids"))
    .prepare("message_users"),
  ),
  bots: plainRows(
    db
    .select({ id: agentBots.id, name: agentBots.name, thumbnail: agentBots.thumbnail })
    .from(agentBots)
    .where(anyOfPlaceholder(agentBots.id, "ids"))
    .prepare("message_bots"),
  ),
  attachments: plainRows(
    db.select().from(attachments).where(anyOfPlaceholder(attachments.messageId, "ids")).orderBy(asc(attachments.id)).prepare("message_attachments"),
  ),
}));

/**
 * Senders a caller needs beside the messages' own, loaded with them: `contactIds` and `userIds`
 * (availability in `accountId`); `knownContacts`, rows the caller already holds, are not loaded again.
 */
export type MoreSenders = { accountId?: number; contactIds?: number[]; userIds?: number[]; knownContacts?: ReadonlyMap<number, Contact> };

/** Loads every sender and attachment of the rows in four queries, whatever their number. */
export const loadMessageExtras = async (db: DbOrTx, rows: MessageRow[], more: MoreSenders = {}): Promise<MessageExtras> => {
  const wantedContacts = [...new Set([...uniqueSenders(rows, "Contact"), ...(more.contactIds ?? [])])];
  const known = wantedContacts.flatMap((id) => more.knownContacts?.get(id) ?? []);
  const contactIds = wantedContacts.filter((id) => !more.knownContacts?.has(id));
  const userIds = [...new Set([...uniqueSenders(rows, "User"), ...(more.userIds ?? [])])];
  const botIds = uniqueSenders(rows, "AgentBot");
  const accountIds = [...new Set([...rows.map((row) => row.accountId), ...(more.accountId === undefined ? [] : [more.accountId])])];
  const queries = extrasQueries(db);
  const [contactRows, userRows, botRows, attachmentRows] = await Promise.all([
    contactIds.length ? queries.contacts.execute({ ids: arrayLiteral(contactIds) }) : [],
    userIds.length ? queries.users.execute({ ids: arrayLiteral(userIds), accountIds: arrayLiteral(accountIds) }) : [],
    botIds.length ? queries.bots.execute({ ids: arrayLiteral(botIds) }) : [],
    rows.length ? queries.attachments.execute({ ids: arrayLiteral(rows.map((row) => row.id)) }) : [],
  ]);
  const senders = new Map<string, MessageSender>();
  for (const contact of [...known, ...contactRows]) senders.set(senderKey("Contact", contact.id), presentContactPush(contact));
  for (const user of userRows) senders.set(senderKey("User", user.id), presentUserPush(user));
  for (const bot of botRows) senders.set(senderKey("AgentBot", bot.id), presentBotPush(bot));
  const byMessage = new Map<number, AttachmentRow[]>();
  for (const attachment of attachmentRows) byMessage.set(attachment.messageId, [...(byMessage.get(attachment.messageId) ?? []), attachment]);
  return { senders, attachments: byMessage };
};


const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);

/** Chatwoot's attachment `push_event_data`. */
export const presentAttachment = (attachment: AttachmentRow) => {
  const extension = attachment.fileName?.includes(".") ? attachment.fileName.split(".").pop()!.toLowerCase() : null;
  const url = attachment.externalUrl ?? (attachment.storageKey ? `${publicBaseUrl()}${signedUploadPath(attachment.id)}` : null);
  return {
    id: attachment.id,
    message_id: attachment.messageId,
    file_type: attachment.fileType,
    account_id: attachment.accountId,
    extension,
    data_url: url,
    thumb_url: attachment.fileType === "image" ? url : "",
    file_size: attachment.fileSize,
    width: numberOrNull(attachment.meta.width),
    height: numberOrNull(attachment.meta.height),
  };
};

/**
 * Chatwoot's message JSON (`api/v1/models/_message`): `message_type` as its integer, the
 * conversation by display id, `sender` only when there is one, `attachments` only when
 * there are some, `echo_id` only when the client sent one.
 */
export const presentMessage = (row: MessageRow, extras: MessageExtras, displayId: number, echoId?: string) => {
  const sender = row.senderType && row.senderId !== null ? extras.senders.get(senderKey(row.senderType, row.senderId)) : undefined;
  const files = extras.attachments.get(row.id);
  return {
    id: row.id,
    content: row.content,
    inbox_id: row.inboxId,
    ...(echoId !== undefined ? { echo_id: echoId } : {}),
    conversation_id: displayId,
    message_type: row.messageType,
    content_type: row.contentType,
    status: messageStatuses[row.status] ?? "sent",
    content_attributes: row.contentAttributes,
    created_at: unixTime(row.createdAt)!,
    private: row.private,
    source_id: row.sourceId,
    ...(sender ? { sender } : {}),
    ...(files?.length ? { attachments: files.map(presentAttachment) } : {}),
  };
};

/** The `conversation` part of a push-format message. */
export type PushConversation = {
  displayId: number;
  assigneeId: number | null;
  unreadCount: number;
  lastActivityAt: Date;
  sourceId: string | null;
};

/** `Message#push_event_data`: the message JSON plus its raw attributes and a conversation digest. */
export const presentPushMessage = (row: MessageRow, extras: MessageExtras, conversation: PushConversation) =>
  // Added to the message's own object: Node 20 copies a spread object slowly once more keys follow
  // it (7 µs for these nine), and a page of conversations presents fifty of these.
  Object.assign(presentMessage(row, extras, conversation.displayId), {
    account_id: row.accountId,
    updated_at: unixTime(row.updatedAt)!,
    sender_type: row.senderType,
    sender_id: row.senderId,
    external_source_ids: row.externalSourceIds,
    additional_attributes: row.additionalAttributes,
    processed_message_content: row.content,
    sentiment: row.sentiment,
    conversation: {
      assignee_id: conversation.assigneeId,
      unread_count: conversation.unreadCount,
      last_activity_at: unixTime(conversation.lastActivityAt)!,
      contact_inbox: { source_id: conversation.sourceId },
    },
  });


type ConversationForList = {
  accountId: number;
  contactId: number;
  assigneeId: number | null;
  displayId: number;
  labels: string[];
  additionalAttributes: Record<string, unknown>;
  agentLastSeenAt: Date | null;
  assigneeLastSeenAt: Date | null;
};

/** GET messages: the conversation's digest in `meta`, the page in `payload`. */
export const presentMessageList = async (db: DbOrTx, conversation: ConversationForList, rows: MessageRow[]) => {
  // The conversation's contact and assignee come with the messages' senders (often the same people).
  const extras = await loadMessageExtras(db, rows, {
    accountId: conversation.accountId,
    contactIds: [conversation.contactId],
    userIds: conversation.assigneeId === null ? [] : [conversation.assigneeId],
  });
  const assignee = conversation.assigneeId === null ? undefined : extras.senders.get(senderKey("User", conversation.assigneeId));
  return {
    meta: {
      labels: conversation.labels,
      additional_attributes: conversation.additionalAttributes,
      contact: extras.senders.get(senderKey("Contact", conversation.contactId)) ?? null,
      ...(assignee ? { assignee } : {}),
      agent_last_seen_at: unixTime(conversation.agentLastSeenAt),
      assignee_last_seen_at: unixTime(conversation.assigneeLastSeenAt),
    },
    payload: rows.map((row) => presentMessage(row, extras, conversation.displayId)),
  };
};

/** One message answered on its own (create, status update, delete); `echoId` only on create. */
export const presentSingleMessage = async (
  db: DbOrTx,
  result: { message: MessageRow; conversation: { displayId: number }; echoId?: string },
) => presentMessage(result.message, await loadMessageExtras(db, [result.message]), result.conversation.displayId, result.echoId);
