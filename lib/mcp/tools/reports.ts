import { outgoingMessagesCountOp, summaryOp } from "@/lib/reports/operations";
import { outgoingMessagesCount, reportSummary } from "@/lib/reports/reports";
import { defineTool, reads } from "../tool";
import { outputOf, toolInput, wrapped } from "./input";

/* Reports (the v2 routes): the reports service asks for report_manage. */

/** The window both reports take (the same schemas in both queries), described for a model. */
const windowOf = (shape: Pick<typeof summaryOp.query.shape, "since" | "until">) => ({
  since: shape.since.describe("Window start, Unix time in seconds; default 30 days before `until`"),
  until: shape.until.describe("Window end, Unix time in seconds; default now"),
});

export const reportTools = [
  defineTool({
    name: "get_report_summary",
    title: "Report summary",
    description:
      "Totals over a window (default the last 30 days) for the account, or one agent, inbox, team or label: conversations_count, incoming_messages_count, " +
      "outgoing_messages_count, resolutions_count, and avg_first_response_time, avg_resolution_time, reply_time in seconds; `previous` holds the same totals " +
      "for the equal window just before, to compare. Ids come from list_agents (user id), list_inboxes, list_teams, list_labels.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({
      type: summaryOp.query.shape.type.default("account").describe("account (default), agent, inbox, team, or label"),
      id: summaryOp.query.shape.id.describe("The agent's user id, or the inbox, team or label id; required unless type is account"),
      ...windowOf(summaryOp.query.shape),
      business_hours: summaryOp.query.shape.business_hours.describe("true: the durations count only the inboxes' working hours"),
    }),
    output: outputOf(summaryOp.response),
    run: (ctx, query) => reportSummary(ctx, query),
  }),

  defineTool({
    name: "get_outgoing_messages_count",
    title: "Outgoing messages per agent, team, inbox or label",
    description:
      "Counts the public outgoing messages (replies to customers; bots excluded) sent in a window (default the last 30 days), one row per agent, team, inbox or label " +
      "of the account, zero rows included, ordered by id. Returns {payload: [{id, name, outgoing_messages_count}]}.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({ group_by: outgoingMessagesCountOp.query.shape.group_by.describe("agent, team, inbox, or label"), ...windowOf(outgoingMessagesCountOp.query.shape) }),
    output: wrapped(outgoingMessagesCountOp.response),
    run: async (ctx, query) => ({ payload: await outgoingMessagesCount(ctx, query) }),
  }),
];
