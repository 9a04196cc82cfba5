import { z } from "zod";
import { ZAgent } from "@/lib/agents/schemas";
import { ZFilterPayload } from "@/lib/filters/engine";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams, ZObject } from "@/lib/http/schemas";
import {
  ZAgentBotSlim,
  ZAssignmentInput,
  ZConversation,
  ZConversationCounts,
  ZConversationFilterResult,
  ZConversationList,
  ZConversationListQuery,
  ZConversationParams,
  ZConversationSearchQuery,
  ZConversationTeam,
  ZCreateConversation,
  ZCustomAttributesInput,
  ZLabelsInput,
  ZLabelsResult,
  ZPageQuery,
  ZTogglePriority,
  ZToggleStatus,
  ZToggleStatusResult,
  ZToggleTyping,
  ZUpdateConversation,
} from "./schemas";

const tag = "Conversations";
const base = "/api/v1/accounts/{account_id}/conversations";
const one = `${base}/{conversation_id}`;

export const listConversationsOp = defineOperation({
  method: "GET",
  path: base,
  summary:
    "List conversations, 25 a page, with counts per assignee type; `q` searches message content across every status; `updated_within` (seconds) turns paging off (at most 1000)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZConversationListQuery,
  response: ZConversationList,
});

export const conversationMetaOp = defineOperation({
  method: "GET",
  path: `${base}/meta`,
  summary: "Count conversations per assignee type, under the list's filters",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZConversationListQuery,
  response: z.object({ meta: ZConversationCounts }),
});

export const searchConversationsOp = defineOperation({
  method: "GET",
  path: `${base}/search`,
  summary: "Search conversations by message content (every status), 25 a page",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZConversationSearchQuery,
  response: ZConversationList,
});

export const filterConversationsOp = defineOperation({
  method: "POST",
  path: `${base}/filter`,
  summary: "Filter conversations with Chatwoot's filter conditions, 25 a page (no `data` wrapper, as Chatwoot answers)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZPageQuery,
  body: ZFilterPayload,
  response: ZConversationFilterResult,
});

export const createConversationOp = defineOperation({
  method: "POST",
  path: base,
  summary:
    "Create a conversation for a contact in an inbox (`inbox_id` + `contact_id`, or an existing `source_id`); `message` becomes its first message",
  tag,
  callers: ["user", "agent_bot"],
  params: ZAccountParams,
  body: ZCreateConversation,
  bodyKey: "conversation",
  response: ZConversation,
  errors: [404],
});

export const showConversationOp = defineOperation({
  method: "GET",
  path: one,
  summary: "Show a conversation; `conversation_id` is the per-account display id",
  tag,
  callers: ["user"],
  params: ZConversationParams,
  response: ZConversation,
  errors: [404],
});

export const updateConversationOp = defineOperation({
  method: "PATCH",
  path: one,
  summary: "Change a conversation's priority (`none` clears it)",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZUpdateConversation,
  bodyKey: "conversation",
  response: ZConversation,
  errors: [404],
});

export const deleteConversationOp = defineOperation({
  method: "DELETE",
  path: one,
  summary: "Delete a conversation and its messages (administrators)",
  tag,
  callers: ["user"],
  params: ZConversationParams,
  errors: [403, 404],
});

export const toggleStatusOp = defineOperation({
  method: "POST",
  path: `${one}/toggle_status`,
  summary: "Set the status (`snoozed_until` in unix seconds), or with none toggle open and resolved (pending and snoozed open)",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZToggleStatus,
  response: ZToggleStatusResult,
  errors: [404],
});

export const togglePriorityOp = defineOperation({
  method: "POST",
  path: `${one}/toggle_priority`,
  summary: "Set the priority: urgent, high, medium, low, or none",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZTogglePriority,
  errors: [404],
});

export const toggleTypingOp = defineOperation({
  method: "POST",
  path: `${one}/toggle_typing_status`,
  summary: "Signal that the caller is typing (`on`) or stopped (`off`)",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZToggleTyping,
  errors: [404],
});

export const customAttributesOp = defineOperation({
  method: "POST",
  path: `${one}/custom_attributes`,
  summary: "Replace the conversation's custom attributes",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZCustomAttributesInput,
  response: z.object({ custom_attributes: ZObject }),
  errors: [404],
});

export const assignConversationOp = defineOperation({
  method: "POST",
  path: `${one}/assignments`,
  summary:
    "Assign an agent (`assignee_id`), an agent bot (`assignee_type: AgentBot`) or a team (`team_id`); null unassigns. Answers what was assigned, or null",
  tag,
  callers: ["user", "agent_bot"],
  params: ZConversationParams,
  body: ZAssignmentInput,
  response: z.union([ZAgent, ZAgentBotSlim, ZConversationTeam]).nullable(),
  errors: [404],
});

export const listConversationLabelsOp = defineOperation({
  method: "GET",
  path: `${one}/labels`,
  summary: "The conversation's labels",
  tag,
  callers: ["user"],
  params: ZConversationParams,
  response: ZLabelsResult,
  errors: [404],
});

export const setConversationLabelsOp = defineOperation({
  method: "POST",
  path: `${one}/labels`,
  summary: "Replace the conversation's labels (lowercased, each once)",
  tag,
  callers: ["user"],
  params: ZConversationParams,
  body: ZLabelsInput,
  response: ZLabelsResult,
  errors: [404],
});

const action = (name: string, summary: string) =>
  defineOperation({ method: "POST", path: `${one}/${name}`, summary, tag, callers: ["user"], params: ZConversationParams, errors: [404] });

export const muteConversationOp = action("mute", "Mute the conversation (it is resolved, and new messages leave it so)");
export const unmuteConversationOp = action("unmute", "Unmute the conversation");
export const markUnreadOp = action("unread", "Mark the conversation unread from its last incoming message");
export const updateLastSeenOp = action("update_last_seen", "Mark the conversation seen by the agents now (and by its assignee, when that is the caller)");

export const contactConversationsOp = defineOperation({
  method: "GET",
  path: "/api/v1/accounts/{account_id}/contacts/{id}/conversations",
  summary: "The contact's 20 most recently active conversations",
  tag: "Contacts",
  callers: ["user"],
  params: ZAccountRecordParams,
  response: z.object({ payload: z.array(ZConversation) }),
  errors: [404],
});
