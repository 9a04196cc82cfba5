import { z } from "zod";
import { ZBool, ZId, ZTimeZone, ZUnixSeconds } from "@/lib/http/schemas";
import { distributionBuckets } from "./figures";

export const reportMetrics = [
  "conversations_count",
  "incoming_messages_count",
  "outgoing_messages_count",
  "avg_first_response_time",
  "avg_resolution_time",
  "resolutions_count",
  "reply_time",
  "bot_resolutions_count",
  "bot_handoffs_count",
] as const;
export type ReportMetric = (typeof reportMetrics)[number];

export const reportScopes = ["account", "agent", "inbox", "label", "team"] as const;
export type ReportScope = (typeof reportScopes)[number];

export const reportGroupings = ["hour", "day", "week", "month", "year"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

const window = {
  since: ZUnixSeconds.optional(),
  until: ZUnixSeconds.optional(),
  business_hours: ZBool.optional().meta({ description: "Averages over the seconds inside each inbox's working hours" }),
};

const zone = {
  timezone_offset: z.coerce.number().min(-12).max(14).default(0).meta({ description: "Hours east of UTC (5.5), a fixed offset" }),
  timezone: ZTimeZone.optional().meta({ description: "An IANA zone (Europe/London); wins over timezone_offset, with its DST" }),
};

const scope = {
  type: z.enum(reportScopes),
  id: ZId.optional().meta({ description: "The agent's user id, or the inbox's, label's or team's id (for type ≠ account)" }),
};

/** One id or several (`inbox_ids[]=1&inbox_ids[]=2`). */
const ZIdList = z.union([ZId, z.array(ZId).max(100)]).optional();
export const idList = (value: number | number[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const ZPage = z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based page (25 per page)" });

export const ZOutgoingMessagesQuery = z.object({ group_by: z.enum(["agent", "team", "inbox", "label"]), ...window });
export const ZSummaryQuery = z.object({
  ...scope,
  ...window,
  ...zone,
  group_by: z.enum(reportGroupings).optional().meta({ description: "Accepted as Chatwoot does; totals are not grouped" }),
});
export const ZTimeseriesQuery = z.object({
  // Chatwoot answers an unknown or missing metric with `{}`, not an error.
  metric: z.enum(reportMetrics).optional().catch(undefined),
  ...scope,
  ...window,
  ...zone,
  group_by: z.enum(reportGroupings).default("day"),
});
export const ZBotMetricsQuery = z.object({ since: window.since, until: window.until, inbox_ids: ZIdList });
export const ZReportConversationsQuery = z.object({
  type: z.enum(["account", "agent"]),
  user_id: ZId.optional().meta({ description: "type=agent: only this agent" }),
  page: ZPage,
});
/** Just a window (no business hours): the distribution and the channel summary. */
export const ZRangeQuery = z.object({ since: window.since, until: window.until });
export const ZInboxLabelMatrixQuery = z.object({ since: window.since, until: window.until, inbox_ids: ZIdList, label_ids: ZIdList });
export const ZSummaryReportQuery = z.object({ ...window });
export const ZLiveMetricsQuery = z.object({ team_id: ZId.optional() });
export const ZGroupedLiveMetricsQuery = z.object({ group_by: z.enum(["team_id", "assignee_id"]), team_id: ZId.optional() });
export const ZReportingEventsQuery = z.object({
  page: ZPage,
  since: window.since,
  until: window.until,
  inbox_id: ZId.optional(),
  user_id: ZId.optional(),
  name: z.string().max(100).optional().meta({ description: "first_response, reply_time, conversation_resolved, …" }),
});

export type OutgoingMessagesQuery = z.output<typeof ZOutgoingMessagesQuery>;
export type SummaryQuery = z.output<typeof ZSummaryQuery>;
export type TimeseriesQuery = z.output<typeof ZTimeseriesQuery>;
export type BotMetricsQuery = z.output<typeof ZBotMetricsQuery>;
export type ReportConversationsQuery = z.output<typeof ZReportConversationsQuery>;
export type RangeQuery = z.output<typeof ZRangeQuery>;
export type InboxLabelMatrixQuery = z.output<typeof ZInboxLabelMatrixQuery>;
export type SummaryReportQuery = z.output<typeof ZSummaryReportQuery>;
export type LiveMetricsQuery = z.output<typeof ZLiveMetricsQuery>;
export type GroupedLiveMetricsQuery = z.output<typeof ZGroupedLiveMetricsQuery>;
export type ReportingEventsQuery = z.output<typeof ZReportingEventsQuery>;

/**
 * What the report services take: the parsed queries above, or the same fields from the portal
 * and the CSV downloads (a missing `type` is the account).
 */
export type ReportQuery = {
  type?: ReportScope;
  id?: number;
  since?: number;
  until?: number;
  business_hours?: boolean;
  timezone_offset?: number;
  timezone?: string;
};

export const ZOutgoingMessagesRow = z
  .object({ id: z.number().int(), name: z.string(), outgoing_messages_count: z.number().int() })
  .meta({ id: "OutgoingMessagesCountRow" });

const ZSeconds = z.number().nullable().meta({ description: "Seconds; null when nothing happened" });
const summaryFields = {
  conversations_count: z.number().int(),
  incoming_messages_count: z.number().int(),
  outgoing_messages_count: z.number().int(),
  avg_first_response_time: ZSeconds,
  avg_resolution_time: ZSeconds,
  resolutions_count: z.number().int(),
  reply_time: ZSeconds,
};
export const ZSummary = z.object({ ...summaryFields, previous: z.object(summaryFields) }).meta({ id: "ReportSummary" });
const botSummaryFields = { bot_resolutions_count: z.number().int(), bot_handoffs_count: z.number().int() };
export const ZBotSummary = z.object({ ...botSummaryFields, previous: z.object(botSummaryFields) }).meta({ id: "ReportBotSummary" });
export const ZTimeseriesPoint = z
  .object({ value: z.number(), timestamp: z.number().int(), count: z.number().int().optional() })
  .meta({ id: "ReportPoint" });
export const ZTimeseries = z.union([z.array(ZTimeseriesPoint), z.object({}).strict().meta({ description: "An unknown or missing metric" })]);
export const ZBotMetrics = z
  .object({
    conversation_count: z.number().int(),
    message_count: z.number().int(),
    resolution_rate: z.number().int().meta({ description: "Whole percent of the window's conversations a bot resolved" }),
    handoff_rate: z.number().int().meta({ description: "Whole percent of the window's conversations a bot handed to a human" }),
  })
  .meta({ id: "ReportBotMetrics" });
const ZLiveCounts = { open: z.number().int(), unattended: z.number().int(), unassigned: z.number().int(), pending: z.number().int() };
export const ZConversationMetrics = z.object(ZLiveCounts).meta({ id: "ReportConversationMetrics" });
export const ZAgentConversationMetrics = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    thumbnail: z.string(),
    availability: z.string(),
    metric: z.object({ open: z.number().int(), unattended: z.number().int() }),
  })
  .meta({ id: "ReportAgentConversationMetrics" });
export const ZReportConversations = z.union([ZConversationMetrics, z.array(ZAgentConversationMetrics)]);
export const ZDistribution = z
  .record(z.string(), z.object(Object.fromEntries(distributionBuckets.map((bucket) => [bucket, z.number().int()]))))
  .meta({ id: "ReportFirstResponseDistribution", description: "Per channel type (Channel::Api, …): first responses per delay bucket" });
export const ZInboxLabelMatrix = z
  .object({
    inboxes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    labels: z.array(z.object({ id: z.number().int(), title: z.string() })),
    matrix: z.array(z.array(z.number().int())).meta({ description: "matrix[i][j]: conversations of inboxes[i] tagged labels[j]" }),
  })
  .meta({ id: "ReportInboxLabelMatrix" });
export const ZSummaryReportRow = z
  .object({
    id: z.number().int(),
    name: z.string().optional().meta({ description: "Label rows: the label's title" }),
    conversations_count: z.number().int(),
    resolved_conversations_count: z.number().int(),
    avg_resolution_time: ZSeconds,
    avg_first_response_time: ZSeconds,
    avg_reply_time: ZSeconds,
  })
  .meta({ id: "SummaryReportRow" });
export const ZChannelSummary = z
  .record(z.string(), z.object({ open: z.number().int(), resolved: z.number().int(), pending: z.number().int(), snoozed: z.number().int(), total: z.number().int() }))
  .meta({ id: "ChannelSummaryReport" });
export const ZGroupedLiveMetricsRow = z
  .object({
    ...ZLiveCounts,
    team_id: z.number().int().nullable().optional(),
    assignee_id: z.number().int().nullable().optional(),
  })
  .omit({ pending: true })
  .meta({ id: "GroupedConversationMetricsRow" });
export const ZReportingEvent = z
  .object({
    id: z.number().int(),
    name: z.string(),
    value: z.number(),
    value_in_business_hours: z.number(),
    event_start_time: z.string().nullable(),
    event_end_time: z.string().nullable(),
    account_id: z.number().int(),
    conversation_id: z.number().int().nullable(),
    inbox_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ReportingEvent" });
export const ZReportingEventsPage = z
  .object({
    meta: z.object({ count: z.number().int(), current_page: z.number().int(), total_pages: z.number().int() }),
    payload: z.array(ZReportingEvent),
  })
  .meta({ id: "ReportingEventsPage" });
