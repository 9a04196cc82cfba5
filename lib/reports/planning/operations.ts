import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import {
  ZHoldConversionReport,
  ZOccupancyReport,
  ZPipelineReport,
  ZQuoteConversionReport,
  ZRevenueReport,
  ZVenueReportQuery,
} from "./schemas";

const tag = "Venue reports";
const base = "/api/v2/accounts/{account_id}/reports/planning";
const shared = { method: "GET", tag, callers: ["user"], params: ZAccountParams, query: ZVenueReportQuery, errors: [403, 404] } as const;
const range = "since/until: local dates, both included; needs report_manage";

export const pipelineOp = defineOperation({
  ...shared,
  path: `${base}/pipeline`,
  summary: `Events by status, dated by their first allocation, with their current quotes' value per currency, per month (${range})`,
  response: ZPipelineReport,
});

export const revenueOp = defineOperation({
  ...shared,
  path: `${base}/revenue`,
  summary: `Accepted quotes excl. and incl. tax per currency, by month of the event date, space and category (${range})`,
  response: ZRevenueReport,
});

export const occupancyOp = defineOperation({
  ...shared,
  path: `${base}/occupancy`,
  summary: `Booked and held hours over open hours per space and ISO week, in each space's zone, hierarchies counted once in totals (${range})`,
  response: ZOccupancyReport,
});

export const holdConversionOp = defineOperation({
  ...shared,
  path: `${base}/holds`,
  summary: `Holds placed in the range: confirmed, expired, cancelled, still held; median time to confirm (${range})`,
  response: ZHoldConversionReport,
});

export const quoteConversionOp = defineOperation({
  ...shared,
  path: `${base}/quotes`,
  summary: `Quotes sent in the range: accepted, declined, expired, open; median time to accept and views before acceptance (${range})`,
  response: ZQuoteConversionReport,
});
