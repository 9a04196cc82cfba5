import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  ZClientContact,
  ZClientContactCreate,
  ZClientContactUpdate,
  ZClientConversation,
  ZClientConversationCreate,
  ZClientInbox,
  ZClientMessage,
  ZClientMessageCreate,
  ZClientMessageQuery,
  ZClientTyping,
  ZClientLiveQuery,
  ZContactParams,
  ZConversationParams,
  ZInboxParams,
  ZMessageParams,
  ZSubmittedValues,
} from "./schemas";

const tag = "Client API";
const inbox = "/public/api/v1/inboxes/{inbox_identifier}";
const contact = `${inbox}/contacts/{contact_identifier}`;
const conversation = `${contact}/conversations/{conversation_id}`;

export const showClientInboxOp = defineOperation({
  method: "GET",
  path: inbox,
  summary: "The API inbox's public settings (no token: the identifier names the inbox)",
  tag,
  callers: [],
  params: ZInboxParams,
  response: ZClientInbox,
  errors: [404],
});

export const createClientContactOp = defineOperation({
  method: "POST",
  path: `${inbox}/contacts`,
  summary: "Create a contact session in the inbox; an `identifier` already known reuses that contact",
  tag,
  callers: [],
  params: ZInboxParams,
  body: ZClientContactCreate,
  response: ZClientContact,
  errors: [401, 404],
});

export const showClientContactOp = defineOperation({
  method: "GET",
  path: contact,
  summary: "The contact behind a source id of this inbox",
  tag,
  callers: [],
  params: ZContactParams,
  response: ZClientContact,
  errors: [404],
});

export const updateClientContactOp = defineOperation({
  method: "PATCH",
  path: contact,
  summary: "Update the contact; an `identifier` is checked against `identifier_hash` as on create",
  tag,
  callers: [],
  params: ZContactParams,
  body: ZClientContactUpdate,
  response: ZClientContact,
  errors: [401, 404],
});

export const listClientConversationsOp = defineOperation({
  method: "GET",
  path: `${contact}/conversations`,
  summary: "The contact's conversations in this inbox",
  tag,
  callers: [],
  params: ZContactParams,
  response: z.array(ZClientConversation),
  errors: [404],
});

export const createClientConversationOp = defineOperation({
  method: "POST",
  path: `${contact}/conversations`,
  summary: "Start a conversation for the contact",
  tag,
  callers: [],
  params: ZContactParams,
  body: ZClientConversationCreate,
  response: ZClientConversation,
  errors: [404],
});

export const showClientConversationOp = defineOperation({
  method: "GET",
  path: conversation,
  summary: "One of the contact's conversations",
  tag,
  callers: [],
  params: ZConversationParams,
  response: ZClientConversation,
  errors: [404],
});

export const resolveClientConversationOp = defineOperation({
  method: "POST",
  path: `${conversation}/toggle_status`,
  summary: "Resolve the conversation (the contact can only resolve)",
  tag,
  callers: [],
  params: ZConversationParams,
  response: ZClientConversation,
  errors: [404],
});

export const clientTypingOp = defineOperation({
  method: "POST",
  path: `${conversation}/toggle_typing`,
  summary: "The contact started or stopped typing (conversation_typing_on / _off for webhooks)",
  tag,
  callers: [],
  params: ZConversationParams,
  body: ZClientTyping,
  errors: [404],
});

export const clientLastSeenOp = defineOperation({
  method: "POST",
  path: `${conversation}/update_last_seen`,
  summary: "The contact has seen the conversation up to now",
  tag,
  callers: [],
  params: ZConversationParams,
  errors: [404],
});

export const listClientMessagesOp = defineOperation({
  method: "GET",
  path: `${conversation}/messages`,
  summary: "The latest 20 messages, or the 20 before `before`; private notes and activity messages are left out",
  tag,
  callers: [],
  params: ZConversationParams,
  query: ZClientMessageQuery,
  response: z.array(ZClientMessage),
  errors: [404],
});

export const createClientMessageOp = defineOperation({
  method: "POST",
  path: `${conversation}/messages`,
  summary: "Send a message from the contact (always incoming)",
  tag,
  callers: [],
  params: ZConversationParams,
  body: ZClientMessageCreate,
  response: ZClientMessage,
  errors: [404],
});

export const updateClientMessageOp = defineOperation({
  method: "PATCH",
  path: `${conversation}/messages/{message_id}`,
  summary: "Reply to an input_select, form, input_email or input_csat message (`submitted_values`)",
  tag,
  callers: [],
  params: ZMessageParams,
  body: ZSubmittedValues,
  response: ZClientMessage,
  errors: [404],
});

export const clientLiveOp = defineOperation({
  method: "GET",
  path: "/public/api/v1/live",
  summary:
    "Live updates of the contact's own conversation (Server-Sent Events, text/event-stream): messages, the conversation, agents typing; never private notes or activity. `Last-Event-ID` or `last_event_id` replays what was missed",
  tag,
  callers: [],
  query: ZClientLiveQuery,
  errors: [404, 429],
});
