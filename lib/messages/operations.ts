import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZConversationParams } from "@/lib/conversations/schemas";
import { ZCreateMessage, ZMessage, ZMessageListQuery, ZMessageListResult, ZMessageParams, ZUpdateMessage } from "./schemas";

const tag = "Messages";
const base = "/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages";

export const listMessagesOp = defineOperation({
  method: "GET",
  path: base,
  summary:
    "Messages oldest first: the latest 20; `before` (a message id) the 20 before it; `after` up to 100 after it; both up to 1000 from `after` to `before`. `filter_internal_messages` drops private notes and activity messages",
  tag,
  callers: ["user"],
  params: ZConversationParams,
  query: ZMessageListQuery,
  response: ZMessageListResult,
  errors: [404],
});

export const createMessageOp = defineOperation({
  method: "POST",
  path: base,
  summary:
    "Send a message (outgoing by default; incoming only in API inboxes, from the contact); `private` makes a note; `echo_id` is returned as sent",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZCreateMessage,
  bodyKey: "message",
  multipart: true,
  response: ZMessage,
  errors: [404],
});

export const updateMessageOp = defineOperation({
  method: "PATCH",
  path: `${base}/{message_id}`,
  summary: "Report a message's delivery status (API inboxes only); `external_error` is kept when it failed",
  tag,
  callers: ["user"],
  params: ZMessageParams,
  body: ZUpdateMessage,
  bodyKey: "message",
  response: ZMessage,
  errors: [403, 404],
});

export const deleteMessageOp = defineOperation({
  method: "DELETE",
  path: `${base}/{message_id}`,
  summary: "Delete a message: its content becomes \"This message was deleted\" and its attachments go",
  tag,
  callers: ["user"],
  params: ZMessageParams,
  response: ZMessage,
  errors: [404],
});

export const downloadAttachmentOp = defineOperation({
  method: "GET",
  path: "/uploads/{attachment_id}",
  summary: "An attachment's file, through the signed link in its `data_url` (valid 24 hours; no token)",
  tag: "Messages",
  callers: [],
  params: z.object({ attachment_id: z.coerce.number().int().positive().max(2_147_483_647) }),
  query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
  errors: [403, 404],
});
