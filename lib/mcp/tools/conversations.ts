import { z } from "zod";
import { ZAgent } from "@/lib/agents/schemas";
import { assignConversation, presentAssignment } from "@/lib/conversations/assignments";
import { callerUserId, findConversation, setLabels, toggleStatus } from "@/lib/conversations/conversations";
import { conversationsPerPage, listConversations, searchConversations } from "@/lib/conversations/list-conversations";
import {
  assignConversationOp,
  listConversationsOp,
  searchConversationsOp,
  setConversationLabelsOp,
  showConversationOp,
  toggleStatusOp,
} from "@/lib/conversations/operations";
import { presentConversation, presentConversationPage, presentToggleStatus } from "@/lib/conversations/present";
import { ZConversationTeam } from "@/lib/conversations/schemas";
import { createMessage, listMessages } from "@/lib/messages/messages";
import { createMessageOp, listMessagesOp } from "@/lib/messages/operations";
import { presentMessageList, presentSingleMessage } from "@/lib/messages/present";
import { adds, decodeCursor, defineTool, nextCursor, reads, sets, ZCursor, type McpCtx } from "../tool";
import { apiBody, outputOf, toolInput, ZNextCursor } from "./input";

/*
 * Conversations: the Chatwoot-compatible routes under conversations/, one tool each (get_conversation
 * joins the conversation to its messages route). Every service applies the visibility rule (agents
 * see their inboxes' conversations), so these are open to every member.
 */

const conversationId = showConversationOp.params.shape.conversation_id.describe(
  "The conversation's id as the API shows it (`id` in list_conversations / search_conversations results: its per-account display id)",
);
const list = listConversationsOp.query.shape;
const message = createMessageOp.body.shape;

/** The API's page, and the next page's cursor. */
const answerPage = async (ctx: McpCtx, result: Parameters<typeof presentConversationPage>[1]) => {
  const body = await presentConversationPage(ctx.db, result, { userId: callerUserId(ctx) });
  return { ...body, next_cursor: nextCursor(result.page, body.data.payload.length, conversationsPerPage()) };
};

const ZConversationPage = listConversationsOp.response.extend({ next_cursor: ZNextCursor });

/** POST messages with the content and privacy a tool fixes, validated as the API validates its body. */
const addMessage = async (ctx: McpCtx, displayId: number, fields: { content: string; private: boolean }) =>
  presentSingleMessage(ctx.db, await createMessage(ctx, displayId, apiBody(createMessageOp.body, { ...fields, message_type: "outgoing" })));

const messageContent = message.content.unwrap().unwrap();

export const conversationTools = [
  defineTool({
    name: "list_conversations",
    title: "List conversations",
    description:
      "Lists conversations (25 a page, most recent activity first by default) with Chatwoot's counts per assignee type in data.meta. " +
      "Filters: status (default open), assignee_type (me, unassigned, assigned, all), inbox_id (list_inboxes), team_id (list_teams), labels (list_labels), " +
      "q (message content; searches every status). Times are Unix seconds. Each conversation's `id` is what get_conversation, send_message and the other conversation tools take. " +
      "Pass next_cursor back as cursor for the next page.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      status: list.status.describe("open (default), resolved, pending, snoozed, or all"),
      assignee_type: list.assignee_type.describe("me, unassigned, assigned, or all (default)"),
      inbox_id: list.inbox_id.describe("Only conversations of this inbox (ids from list_inboxes)"),
      team_id: list.team_id.describe("Only conversations of this team (ids from list_teams)"),
      labels: list.labels.describe("Only conversations carrying any of these label titles (from list_labels)"),
      q: list.q.describe("Text to find in the messages; with q, conversations of every status are searched"),
      sort_by: list.sort_by.describe("Order; last_activity_at_desc (default)"),
      conversation_type: list.conversation_type.describe("mention (the caller is mentioned), participating, or unattended (no reply yet / waiting)"),
      cursor: ZCursor,
    }),
    output: ZConversationPage,
    run: async (ctx, { cursor, ...query }) => answerPage(ctx, await listConversations(ctx, { ...query, page: decodeCursor(cursor) })),
  }),

  defineTool({
    name: "get_conversation",
    title: "Get a conversation with its messages",
    description:
      "Returns one conversation (status, contact in meta.sender, assignee, team, labels; times in Unix seconds) as `conversation`, and its latest 20 messages oldest first " +
      "as `messages` (the messages route's body: payload plus a meta digest). message_type: 0 incoming (from the customer), 1 outgoing, 2 activity; private marks internal notes. " +
      "For older messages pass `before` with the smallest message id you have.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      conversation_id: conversationId,
      before: listMessagesOp.query.shape.before.describe("A message id: the 20 messages before it instead of the latest 20"),
      filter_internal_messages: listMessagesOp.query.shape.filter_internal_messages.describe("true leaves out private notes and activity messages"),
    }),
    output: z.object({ conversation: showConversationOp.response, messages: listMessagesOp.response }),
    run: async (ctx, { conversation_id, ...query }) => {
      const { conversation, rows } = await listMessages(ctx, conversation_id, query);
      const [presented, messages] = await Promise.all([
        presentConversation(ctx.db, conversation, { userId: callerUserId(ctx) }),
        presentMessageList(ctx.db, conversation, rows),
      ]);
      return { conversation: presented, messages };
    },
  }),

  defineTool({
    name: "search_conversations",
    title: "Search conversations",
    description:
      "Finds conversations, of every status and assignee, with a message containing `q` (case-insensitive), 25 a page, most recent activity first. " +
      "Returns the same shape as list_conversations; pass next_cursor back as cursor for the next page.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      q: searchConversationsOp.query.shape.q.describe("Text to find in the conversations' messages"),
      cursor: ZCursor,
    }),
    output: ZConversationPage,
    run: async (ctx, { q, cursor }) => answerPage(ctx, await searchConversations(ctx, { q, page: decodeCursor(cursor) })),
  }),

  defineTool({
    name: "send_message",
    title: "Reply to the customer",
    description:
      "Sends an outgoing reply in a conversation: the customer sees it in their channel. Returns the message as the API does (id, content, created_at in Unix seconds). " +
      "For a note only agents see, use add_private_note instead.",
    access: "member",
    scope: "write",
    annotations: adds,
    input: toolInput({ conversation_id: conversationId, content: messageContent.describe("The reply's text (Markdown as the channel allows)") }),
    output: outputOf(createMessageOp.response),
    run: (ctx, { conversation_id, content }) => addMessage(ctx, conversation_id, { content, private: false }),
  }),

  defineTool({
    name: "add_private_note",
    title: "Add a private note",
    description:
      "Adds a private note to a conversation: visible to the account's agents only, never sent to the customer. Returns the message as the API does (private: true).",
    access: "member",
    scope: "write",
    annotations: adds,
    input: toolInput({ conversation_id: conversationId, content: messageContent.describe("The note's text") }),
    output: outputOf(createMessageOp.response),
    run: (ctx, { conversation_id, content }) => addMessage(ctx, conversation_id, { content, private: true }),
  }),

  defineTool({
    name: "toggle_status",
    title: "Set a conversation's status",
    description:
      "Sets a conversation's status to open, resolved, pending or snoozed (with snoozed_until, when it reopens by itself); without status it toggles open <-> resolved. " +
      "Returns {payload: {success, conversation_id, current_status, snoozed_until (Unix seconds)}}.",
    access: "member",
    scope: "write",
    annotations: sets,
    input: toolInput({
      conversation_id: conversationId,
      status: toggleStatusOp.body.shape.status.describe("open, resolved, pending, or snoozed"),
      snoozed_until: toggleStatusOp.body.shape.snoozed_until.describe(
        "For snoozed: when it reopens, as ISO 8601 with a time zone offset (2026-05-01T09:00:00+02:00) or Unix seconds",
      ),
    }),
    output: outputOf(toggleStatusOp.response),
    run: async (ctx, { conversation_id, ...body }) => presentToggleStatus(await toggleStatus(ctx, conversation_id, body)),
  }),

  defineTool({
    name: "assign_conversation",
    title: "Assign a conversation",
    description:
      "Assigns a conversation to an agent (assignee_id: a user id from list_agents), to a team (team_id from list_teams), or both at once; null removes that assignment. " +
      "Returns `assignee` (the agent, or null) and/or `team` (the team, or null) for what was given.",
    access: "member",
    scope: "write",
    annotations: sets,
    input: toolInput({
      conversation_id: conversationId,
      assignee_id: assignConversationOp.body.shape.assignee_id.describe("An agent's user id (`id` in list_agents); null unassigns the agent"),
      team_id: assignConversationOp.body.shape.team_id.describe("A team id (from list_teams); null removes the team"),
    }),
    output: z.object({ assignee: ZAgent.nullable().optional(), team: ZConversationTeam.nullable().optional() }),
    // The API takes one of the two per call: both are given the same route's service, in one transaction.
    run: (ctx, { conversation_id, ...wanted }) =>
      ctx.db.transaction(async (db) => {
        const tx = { ...ctx, db };
        const result: { assignee?: ReturnType<typeof presentAssignment>; team?: ReturnType<typeof presentAssignment> } = {};
        if ("assignee_id" in wanted) result.assignee = presentAssignment(await assignConversation(tx, conversation_id, { assignee_id: wanted.assignee_id }));
        if ("team_id" in wanted) result.team = presentAssignment(await assignConversation(tx, conversation_id, { team_id: wanted.team_id }));
        return result;
      }),
  }),

  defineTool({
    name: "add_labels",
    title: "Add labels to a conversation",
    description:
      "Adds labels to a conversation, keeping the ones it has (titles from list_labels; stored lowercased, each once). Returns {payload: [every label of the conversation]}.",
    access: "member",
    scope: "write",
    annotations: sets,
    input: toolInput({
      conversation_id: conversationId,
      labels: setConversationLabelsOp.body.shape.labels.describe("Label titles to add"),
    }),
    output: outputOf(setConversationLabelsOp.response),
    // The API's labels route replaces the set: the union goes through it, the row locked meanwhile.
    run: (ctx, { conversation_id, labels }) =>
      ctx.db.transaction(async (db) => {
        const tx = { ...ctx, db };
        const current = await findConversation(tx, conversation_id, { lock: true });
        return { payload: await setLabels(tx, conversation_id, [...current.labels, ...labels]) };
      }),
  }),
];
