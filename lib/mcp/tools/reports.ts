import { z } from "zod";
import { conversationMetrics, groupedConversationMetrics } from "@/lib/reports/conversation-metrics";
import {
  agentSummaryReportOp,
  groupedConversationMetricsOp,
  liveConversationMetricsOp,
  outgoingMessagesCountOp,
  summaryOp,
  timeseriesOp,
} from "@/lib/reports/operations";
import { outgoingMessagesCount, reportSummary, reportTimeseries } from "@/lib/reports/reports";
import { reportMetrics, ZTimeseriesPoint } from "@/lib/reports/schemas";
import { summaryReport, type SummaryDimension } from "@/lib/reports/summary-reports";
import { defineTool, reads } from "../tool";
import { outputOf, toolInput, wrapped } from "./input";
import { venueReportTools } from "./venue-reports";

/* Reports (the v2 routes): the reports service asks for report_manage. */

/** The window the reports take (the same schemas in every query), described for a model. */
const windowOf = (shape: Pick<typeof summaryOp.query.shape, "since" | "until">) => ({
  since: shape.since.describe("Window start, Unix time in seconds; default 30 days before `until`"),
  until: shape.until.describe("Window end, Unix time in seconds; default now"),
});

const businessHours = summaryOp.query.shape.business_hours.describe("true: the durations count only the seconds inside each inbox's working hours");

/** Which figures a report reads: the account's, or one agent's, inbox's, team's or label's. */
const scopeOf = (shape: Pick<typeof summaryOp.query.shape, "type" | "id">) => ({
  type: shape.type.default("account").describe("account (default), agent, inbox, team, or label"),
  id: shape.id.describe("The agent's user id (list_agents), or the inbox, team or label id (list_inboxes, list_teams, list_labels); required unless type is account"),
});

const ids = "Ids come from list_agents (an agent's `id` is the user id), list_inboxes, list_teams and list_labels.";

const series = timeseriesOp.query.shape;
const live = groupedConversationMetricsOp.query.shape;

/** The live counts, and per team or assignee when asked: the two live_reports routes in one answer. */
const ZLiveMetrics = outputOf(liveConversationMetricsOp.response).extend({
  groups: z.array(groupedConversationMetricsOp.response.element).optional().meta({ description: "With group_by: one row per team or assignee holding open conversations" }),
});

export const reportTools = [
  defineTool({
    name: "get_report_summary",
    title: "Report summary",
    description:
      "Totals over a window (default the last 30 days) for the account, or one agent, inbox, team or label: conversations_count (created in the window), " +
      "incoming_messages_count, outgoing_messages_count (private notes left out), resolutions_count, and avg_first_response_time, avg_resolution_time and " +
      "reply_time, averages in seconds (null when nothing happened; with business_hours only the inboxes' working hours count). `previous` holds the same " +
      `totals for the equal window just before, to compare. ${ids}`,
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({ ...scopeOf(summaryOp.query.shape), ...windowOf(summaryOp.query.shape), business_hours: businessHours }),
    output: outputOf(summaryOp.response),
    run: (ctx, query) => reportSummary(ctx, query),
  }),

  defineTool({
    name: "get_report_timeseries",
    title: "A report metric over time",
    description:
      "One metric over a window (default the last 30 days), one point per hour, day, week (from Monday), month or year, periods with nothing included as 0. " +
      "Counts: conversations_count (created), incoming_messages_count, outgoing_messages_count, resolutions_count, bot_resolutions_count, bot_handoffs_count. " +
      "Averages in seconds: avg_first_response_time, avg_resolution_time, reply_time (each point's `count` is how many were averaged; value 0 when count is 0). " +
      "Returns {payload: [{timestamp, value, count?}]}, timestamp being the period's start in Unix seconds, periods cut in `timezone` (default UTC; a space's " +
      `\`timezone\` from list_spaces is the venue's). For the account, or one agent, inbox, team or label (type and id). ${ids}`,
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({
      metric: z.enum(reportMetrics).describe("The figure to chart, e.g. conversations_count or avg_first_response_time"),
      ...scopeOf(series),
      ...windowOf(series),
      group_by: series.group_by.describe("hour, day (default), week (Monday to Sunday), month, or year"),
      timezone: series.timezone.describe("IANA time zone the periods are cut in, e.g. Europe/Amsterdam (with its DST); default UTC"),
      business_hours: businessHours,
    }),
    output: wrapped(z.array(ZTimeseriesPoint)),
    run: async (ctx, query) => ({ payload: await reportTimeseries(ctx, query) }),
  }),

  defineTool({
    name: "get_summary_report",
    title: "Report per agent, team, inbox or label",
    description:
      "One row per agent, team, inbox or label of the account (`dimension`), rows with nothing included (agents in membership order, the rest by id), over a window " +
      "(default the last 30 days): " +
      "conversations_count (conversations created in the window, by their assignee, team, inbox or labels), resolved_conversations_count, and " +
      "avg_resolution_time, avg_first_response_time and avg_reply_time in seconds (null when none; with business_hours only the inboxes' working hours count). " +
      "Returns {payload: [rows]}; a row's `id` is the agent's user id (names from list_agents), or the team's (list_teams), inbox's (list_inboxes) or label's " +
      "id (label rows also carry its `name`).",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({
      dimension: z.enum(["agent", "team", "inbox", "label"] satisfies SummaryDimension[]).describe("agent, team, inbox, or label: what each row is"),
      ...windowOf(agentSummaryReportOp.query.shape),
      business_hours: businessHours,
    }),
    output: wrapped(agentSummaryReportOp.response),
    run: async (ctx, { dimension, ...query }) => ({ payload: await summaryReport(ctx, dimension, query) }),
  }),

  defineTool({
    name: "get_conversation_metrics",
    title: "Conversations waiting now",
    description:
      "Conversations as they stand now (not over a window), of the account or one team: open, unattended (open and no human reply yet, or the customer " +
      "waiting for one), unassigned (open with no assignee) and pending. With group_by team_id or assignee_id, `groups` also splits open, unattended and " +
      "unassigned per team or per assignee (the agent's user id, as list_agents; null: none), only groups holding open conversations. Team ids from list_teams.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: toolInput({
      team_id: live.team_id.describe("Only this team's conversations (`id` from list_teams)"),
      group_by: live.group_by.optional().describe("team_id or assignee_id: also answer `groups`, the counts per team or per assignee"),
    }),
    output: ZLiveMetrics,
    run: async (ctx, { team_id, group_by }) => {
      const [totals, groups] = await Promise.all([
        conversationMetrics(ctx, { team_id }),
        group_by === undefined ? undefined : groupedConversationMetrics(ctx, { group_by, team_id }),
      ]);
      return groups === undefined ? totals : { ...totals, groups };
    },
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

  // The venue reports sit with these: the same permission, and one Reports group where tools are listed.
  ...venueReportTools,
];
