import { and, asc, eq, ne } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { messageTypes, messages } from "@/db/schema";
import type { Contact } from "@/lib/contacts/present";
import { statusName } from "@/lib/conversations/present";
import { unixTime } from "@/lib/http/schemas";
import type { Inbox } from "@/lib/inboxes/summary";
import { weeklySchedule } from "@/lib/inboxes/working-hours";
import { loadMessageExtras, presentAttachment, presentMessage, type MessageExtras, type MessageRow } from "@/lib/messages/present";
import type { ContactSession } from "./contacts";
import type { ClientConversation } from "./conversations";

export const presentClientInbox = (inbox: Inbox) => ({
  identifier: inbox.identifier,
  name: inbox.name,
  timezone: inbox.timezone,
  working_hours: weeklySchedule(inbox.workingHours),
  working_hours_enabled: inbox.workingHoursEnabled,
  csat_survey_enabled: inbox.csatSurveyEnabled,
  greeting_enabled: inbox.greetingEnabled,
  identity_validation_enabled: inbox.hmacMandatory,
});

/** The session as the contact sees it: its source id and websocket token, and its own details only. */
export const presentClientContact = ({ contact, contactInbox }: ContactSession) => ({
  source_id: contactInbox.sourceId,
  pubsub_token: contactInbox.pubsubToken,
  id: contact.id,
  name: contact.name,
  email: contact.email,
  phone_number: contact.phoneNumber,
});

/**
 * Chatwoot's public message, typed as INTERFACE.md gives it: every scalar a string
 * (`content_attributes` JSON-encoded), `attachments` always an array.
 */
export const presentClientMessage = (row: MessageRow, extras: MessageExtras, displayId: number, echoId?: string) => {
  const json = presentMessage(row, extras, displayId);
  const files = extras.attachments.get(row.id) ?? [];
  return {
    id: String(row.id),
    content: row.content ?? "",
    message_type: String(row.messageType),
    content_type: row.contentType,
    content_attributes: JSON.stringify(row.contentAttributes),
    created_at: String(unixTime(row.createdAt)),
    conversation_id: String(displayId),
    ...(echoId !== undefined ? { echo_id: echoId } : {}),
    attachments: files.map(presentAttachment),
    ...(json.sender ? { sender: json.sender } : {}),
  };
};

export const presentClientMessages = async (db: DbOrTx, rows: MessageRow[], displayId: number) => {
  const extras = await loadMessageExtras(db, rows);
  return rows.map((row) => presentClientMessage(row, extras, displayId));
};

export const presentOneClientMessage = async (db: DbOrTx, row: MessageRow, displayId: number, echoId?: string) =>
  presentClientMessage(row, await loadMessageExtras(db, [row]), displayId, echoId);

const presentConversationContact = (contact: Contact) => ({
  id: contact.id,
  name: contact.name,
  email: contact.email,
  phone_number: contact.phoneNumber,
});

/**
 * Chatwoot's public conversation: its visible messages (no private notes, no activity) in the
 * Application API message shape, and the contact's own details. `inbox_id` is a string, as
 * INTERFACE.md types it. Messages, senders and attachments of a whole list load in a fixed
 * number of queries.
 */
export const presentClientConversations = async (db: DbOrTx, found: ClientConversation[]) => {
  if (found.length === 0) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        anyOf(
          messages.conversationId,
          found.map((f) => f.conversation.id),
        ),
        eq(messages.private, false),
        ne(messages.messageType, messageTypes.indexOf("activity")),
      ),
    )
    .orderBy(asc(messages.id));
  const extras = await loadMessageExtras(db, rows);
  const byConversation = new Map<number, MessageRow[]>();
  for (const row of rows) byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
  return found.map(({ conversation, contact }) => ({
    id: conversation.displayId,
    uuid: conversation.uuid,
    inbox_id: String(conversation.inboxId),
    contact_last_seen_at: unixTime(conversation.contactLastSeenAt) ?? 0,
    status: statusName(conversation.status),
    agent_last_seen_at: unixTime(conversation.agentLastSeenAt) ?? 0,
    messages: (byConversation.get(conversation.id) ?? []).map((row) => presentMessage(row, extras, conversation.displayId)),
    contact: presentConversationContact(contact),
  }));
};

export const presentClientConversation = async (db: DbOrTx, found: ClientConversation) => (await presentClientConversations(db, [found]))[0]!;
