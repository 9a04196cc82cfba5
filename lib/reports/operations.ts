import { z } from "zod";
import { ZConversationParams } from "@/lib/conversations/schemas";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import {
  ZBotMetrics,
  ZBotMetricsQuery,
  ZBotSummary,
  ZChannelSummary,
  ZConversationMetrics,
  ZDistribution,
  ZRangeQuery,
  ZGroupedLiveMetricsQuery,
  ZGroupedLiveMetricsRow,
  ZInboxLabelMatrix,
  ZInboxLabelMatrixQuery,
  ZLiveMetricsQuery,
  ZOutgoingMessagesQuery,
  ZOutgoingMessagesRow,
  ZReportConversations,
  ZReportConversationsQuery,
  ZReportingEvent,
  ZReportingEventsPage,
  ZReportingEventsQuery,
  ZSummary,
  ZSummaryQuery,
  ZSummaryReportQuery,
  ZSummaryReportRow,
  ZTimeseries,
  ZTimeseriesQuery,
} from "./schemas";

const tag = "Reports";
const base = "/api/v2/accounts/{account_id}/reports";
const v2 = "/api/v2/accounts/{account_id}";
const report = { tag, callers: ["user"], params: ZAccountParams } as const;

export const timeseriesOp = defineOperation({
  ...report,
  method: "GET",
  path: base,
  summary:
    "A metric over time (since/until: unix seconds; group_by hour|day|week (from Monday)|month|year in `timezone` or `timezone_offset`); an unknown metric answers {}; needs report_manage",
  query: ZTimeseriesQuery,
  response: ZTimeseries,
  errors: [403, 404],
});

export const summaryOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/summary`,
  summary: "Totals for the window and the equal window before it (`previous`); averages in seconds, null when none; needs report_manage",
  query: ZSummaryQuery,
  response: ZSummary,
  errors: [403, 404],
});

export const botSummaryOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/bot_summary`,
  summary: "Bot resolutions and hand-offs (distinct conversations) for the window and the one before (`previous`); needs report_manage",
  query: ZSummaryQuery,
  response: ZBotSummary,
  errors: [403, 404],
});

export const botMetricsOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/bot_metrics`,
  summary: "The window's conversations and outgoing messages, and the whole percent a bot resolved or handed off; needs report_manage",
  query: ZBotMetricsQuery,
  response: ZBotMetrics,
  errors: [403, 404],
});

export const reportConversationsOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/conversations`,
  summary:
    "Live conversations: type=account → {open, unattended, unassigned, pending}; type=agent → 25 agents a page with their open and unattended conversations (also at …/conversations/); needs report_manage",
  query: ZReportConversationsQuery,
  response: ZReportConversations,
  errors: [403, 404],
});

export const outgoingMessagesCountOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/outgoing_messages_count`,
  summary: "Outgoing messages per agent (bots excluded), team, inbox or label; needs report_manage",
  query: ZOutgoingMessagesQuery,
  response: z.array(ZOutgoingMessagesRow),
  errors: [403],
});

export const firstResponseDistributionOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/first_response_time_distribution`,
  summary: "First responses per channel type in delay buckets (0-1h, 1-4h, 4-8h, 8-24h, 24h+); needs report_manage",
  query: ZRangeQuery,
  response: ZDistribution,
  errors: [403],
});

export const inboxLabelMatrixOp = defineOperation({
  ...report,
  method: "GET",
  path: `${base}/inbox_label_matrix`,
  summary: "Conversations created in the window per inbox × label; needs report_manage",
  query: ZInboxLabelMatrixQuery,
  response: ZInboxLabelMatrix,
  errors: [403, 404],
});

const summaryReport = (dimension: "agent" | "team" | "inbox" | "label", what: string) =>
  defineOperation({
    ...report,
    method: "GET",
    path: `${v2}/summary_reports/${dimension}`,
    summary: `Per ${what}: conversations, resolutions and average resolution, first-response and reply times (seconds, null when none); needs report_manage`,
    query: ZSummaryReportQuery,
    response: z.array(ZSummaryReportRow),
    errors: [403],
  });
export const agentSummaryReportOp = summaryReport("agent", "agent");
export const teamSummaryReportOp = summaryReport("team", "team");
export const inboxSummaryReportOp = summaryReport("inbox", "inbox");
export const labelSummaryReportOp = summaryReport("label", "label (rows add the label's `name`)");

export const channelSummaryReportOp = defineOperation({
  ...report,
  method: "GET",
  path: `${v2}/summary_reports/channel`,
  summary: "Conversations created in the window per channel type and status; at most six months (400 otherwise); needs report_manage",
  query: ZRangeQuery,
  response: ZChannelSummary,
  errors: [400, 403],
});

export const liveConversationMetricsOp = defineOperation({
  ...report,
  method: "GET",
  path: `${v2}/live_reports/conversation_metrics`,
  summary: "Open, unattended, unassigned and pending conversations now, of the account or a team; needs report_manage",
  query: ZLiveMetricsQuery,
  response: ZConversationMetrics,
  errors: [403, 404],
});

export const groupedConversationMetricsOp = defineOperation({
  ...report,
  method: "GET",
  path: `${v2}/live_reports/grouped_conversation_metrics`,
  summary: "Open, unattended and unassigned conversations now per team_id or assignee_id (groups with open conversations); needs report_manage",
  query: ZGroupedLiveMetricsQuery,
  response: z.array(ZGroupedLiveMetricsRow),
  errors: [403, 404],
});

export const reportingEventsOp = defineOperation({
  ...report,
  method: "GET",
  path: "/api/v1/accounts/{account_id}/reporting_events",
  summary: "The account's reporting events, newest first, 25 a page (filters: since, until, inbox_id, user_id, name); administrators",
  query: ZReportingEventsQuery,
  response: ZReportingEventsPage,
  errors: [404],
});

export const conversationReportingEventsOp = defineOperation({
  ...report,
  method: "GET",
  path: "/api/v1/accounts/{account_id}/conversations/{conversation_id}/reporting_events",
  summary: "A conversation's reporting events, oldest first",
  params: ZConversationParams,
  response: z.array(ZReportingEvent),
  errors: [404],
});
