import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZOutgoingMessagesQuery, ZOutgoingMessagesRow, ZSummary, ZSummaryQuery, ZTimeseriesPoint, ZTimeseriesQuery } from "./schemas";

const tag = "Reports";
const base = "/api/v2/accounts/{account_id}/reports";

export const timeseriesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "A metric over time (since/until: unix seconds; group_by hour|day|week|month|year); needs report_manage",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZTimeseriesQuery,
  response: z.array(ZTimeseriesPoint),
  errors: [403, 404],
});

export const summaryOp = defineOperation({
  method: "GET",
  path: `${base}/summary`,
  summary: "Totals for the window and the equal window before it (`previous`); needs report_manage",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZSummaryQuery,
  response: ZSummary,
  errors: [403, 404],
});

export const outgoingMessagesCountOp = defineOperation({
  method: "GET",
  path: `${base}/outgoing_messages_count`,
  summary: "Outgoing messages per agent (bots excluded), team, inbox or label; needs report_manage",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZOutgoingMessagesQuery,
  response: z.array(ZOutgoingMessagesRow),
  errors: [403],
});
