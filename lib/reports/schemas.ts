import { z } from "zod";
import { ZBool, ZId, ZUnixSeconds } from "@/lib/http/schemas";

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

const window = {
  since: ZUnixSeconds.optional(),
  until: ZUnixSeconds.optional(),
  business_hours: ZBool.optional(),
};

const scope = {
  type: z.enum(reportScopes).default("account"),
  id: ZId.optional(),
};

export const ZOutgoingMessagesQuery = z.object({ group_by: z.enum(["agent", "team", "inbox", "label"]), ...window });
export const ZSummaryQuery = z.object({ ...scope, ...window });
export const ZTimeseriesQuery = z.object({
  metric: z.enum(reportMetrics),
  ...scope,
  ...window,
  group_by: z.enum(["hour", "day", "week", "month", "year"]).default("day"),
  timezone_offset: z.coerce.number().min(-12).max(14).default(0),
});

export type OutgoingMessagesQuery = z.output<typeof ZOutgoingMessagesQuery>;
export type SummaryQuery = z.output<typeof ZSummaryQuery>;
export type TimeseriesQuery = z.output<typeof ZTimeseriesQuery>;

export const ZOutgoingMessagesRow = z
  .object({ id: z.number().int(), name: z.string(), outgoing_messages_count: z.number().int() })
  .meta({ id: "OutgoingMessagesCountRow" });

const summaryFields = {
  conversations_count: z.number(),
  incoming_messages_count: z.number(),
  outgoing_messages_count: z.number(),
  avg_first_response_time: z.number(),
  avg_resolution_time: z.number(),
  resolutions_count: z.number(),
  reply_time: z.number(),
};
export const ZSummary = z.object({ ...summaryFields, previous: z.object(summaryFields) }).meta({ id: "ReportSummary" });
export const ZTimeseriesPoint = z
  .object({ value: z.number(), timestamp: z.number().int(), count: z.number().int().optional() })
  .meta({ id: "ReportPoint" });
