import { listAgents, presentAgent } from "@/lib/agents/agents";
import { listAgentsOp } from "@/lib/agents/operations";
import { listCannedResponses } from "@/lib/canned-responses/canned-responses";
import { listCannedResponsesOp } from "@/lib/canned-responses/operations";
import { presentCannedResponse } from "@/lib/canned-responses/present";
import { listInboxes } from "@/lib/inboxes/inboxes";
import { listInboxesOp } from "@/lib/inboxes/operations";
import { presentInboxes } from "@/lib/inboxes/present";
import { listLabels } from "@/lib/labels/labels";
import { listLabelsOp } from "@/lib/labels/operations";
import { presentLabel } from "@/lib/labels/present";
import { listTeamsOp } from "@/lib/teams/operations";
import { presentTeam } from "@/lib/teams/present";
import { listTeams } from "@/lib/teams/teams";
import { defineTool, reads } from "../tool";
import { outputOf, toolInput, wrapped } from "./input";

/*
 * The account's directory: what the other tools take ids of. Each list is short and unpaged in the
 * API, so each tool answers all of it; the lists are open to every member (inboxes: the ones the
 * caller is a member of, as the API answers an agent).
 */

export const directoryTools = [
  defineTool({
    name: "list_inboxes",
    title: "List inboxes",
    description:
      "Lists the inboxes (channels: website chat, email, API…) the caller can see: all of them for administrators, their own for agents. Returns {payload: [inboxes]}; " +
      "an inbox's `id` is what list_conversations' inbox_id, create_contact's inbox_id and send_quote's inbox_id take.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: outputOf(listInboxesOp.response),
    run: async (ctx) => presentInboxes(ctx, await listInboxes(ctx)),
  }),

  defineTool({
    name: "list_agents",
    title: "List agents",
    description:
      "Lists the account's agents and administrators by name (role, availability, email). Returns {payload: [agents]}; an agent's `id` is the user id " +
      "assign_conversation's assignee_id takes.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: wrapped(listAgentsOp.response),
    run: async (ctx) => ({ payload: (await listAgents(ctx)).map(presentAgent) }),
  }),

  defineTool({
    name: "list_teams",
    title: "List teams",
    description:
      "Lists the account's teams by name, each saying whether the caller is a member. Returns {payload: [teams]}; a team's `id` is what assign_conversation's team_id " +
      "and list_conversations' team_id take.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: wrapped(listTeamsOp.response),
    run: async (ctx) => ({ payload: (await listTeams(ctx)).map(presentTeam) }),
  }),

  defineTool({
    name: "list_labels",
    title: "List labels",
    description:
      "Lists the account's labels by title (with description and colour). Returns {payload: [labels]}; a label's `title` is what add_labels and list_conversations' labels take.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: outputOf(listLabelsOp.response),
    run: async (ctx) => ({ payload: (await listLabels(ctx)).map(presentLabel) }),
  }),

  defineTool({
    name: "list_canned_responses",
    title: "List canned responses",
    description:
      "Lists the account's canned responses (saved replies: short_code and content), optionally only those whose short code or content contains `search`. " +
      "Returns {payload: [canned responses]}; their content can be sent with send_message.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({ search: listCannedResponsesOp.query.shape.search.describe("Text to find in the short code or the content") }),
    output: wrapped(listCannedResponsesOp.response),
    run: async (ctx, query) => ({ payload: (await listCannedResponses(ctx, query)).map(presentCannedResponse) }),
  }),
];
