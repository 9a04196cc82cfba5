import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZSummaryQuery, ZTimeseriesQuery } from "./schemas";

const tag = "Reports";
const base = "/api/v2/accounts/{account_id}/reports";

const ZCsvQuery = ZSummaryQuery.pick({ since: true, until: true, business_hours: true });
/** Chatwoot's traffic download takes no since/until: the `days_before` whole days before today (6 by default) in the offset's zone. */
const ZTrafficQuery = z.object({
  timezone_offset: ZTimeseriesQuery.shape.timezone_offset,
  days_before: z.coerce.number().int().min(1).max(366).default(6),
});

const csvOperation = (name: string, what: string) =>
  defineOperation({
    method: "GET",
    path: `${base}/${name}`,
    summary: `${what} as a CSV download (text/csv, attachment) for since/until (unix seconds); needs report_manage`,
    tag,
    callers: ["user"],
    params: ZAccountParams,
    query: ZCsvQuery,
    errors: [403],
  });

export const agentsCsvOp = csvOperation("agents", "Conversations, response and resolution times per agent");
export const inboxesCsvOp = csvOperation("inboxes", "Conversations, response and resolution times per inbox");
export const labelsCsvOp = csvOperation("labels", "Conversations, response and resolution times per label");
export const teamsCsvOp = csvOperation("teams", "Conversations, response and resolution times per team");
export const conversationsSummaryCsvOp = csvOperation("conversations_summary", "The account's conversation and message totals");

export const conversationTrafficCsvOp = defineOperation({
  method: "GET",
  path: `${base}/conversation_traffic`,
  summary:
    "Conversations created per hour (rows) and day (columns) over the `days_before` days before today, in the zone `timezone_offset` hours from UTC, as a CSV download; needs report_manage",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZTrafficQuery,
  errors: [403],
});
