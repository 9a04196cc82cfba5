import {
  holdConversionReport,
  occupancyReport,
  pipelineReport,
  quoteConversionReport,
  revenueReport,
  ZVenueReportQuery,
} from "@/lib/reports/planning";
import { holdConversionOp, occupancyOp, pipelineOp, quoteConversionOp, revenueOp } from "@/lib/reports/planning/operations";
import { defineTool, reads } from "../tool";
import { outputOf, toolInput } from "./input";

/*
 * The venue reports (GET …/reports/planning/…): one tool per report, each taking the route's
 * query (local dates and the space or venue filter) with its range rule, and asking, as the
 * reports service does, for report_manage.
 */

const query = ZVenueReportQuery.shape;

/** What every venue report takes, described for a model; the range rule (until ≥ since, at most 731 days) comes along. */
const rangeInput = toolInput(
  {
    since: query.since.describe("First date of the range, YYYY-MM-DD (local date), included; e.g. a month's first day"),
    until: query.until.describe("Last date of the range, YYYY-MM-DD (local date), included; at most 731 days after since"),
    space_id: query.space_id.describe("Only this space and the spaces inside it (`id` from list_spaces)"),
    venue_id: query.venue_id.describe("Only this venue's spaces (a space's `venue_id` from list_spaces)"),
  },
  ZVenueReportQuery,
);

const money =
  "Money is exact decimal strings with the currency's digits (\"1234.50\"), always per ISO 4217 currency and never summed across currencies.";
const dated =
  "An event's date is the start of its first allocation (events without allocations have none and are left out); months are YYYY-MM in the venue's time zone (echoed as `timezone`).";

export const venueReportTools = [
  defineTool({
    name: "get_pipeline_report",
    title: "Event pipeline by status",
    description:
      "Planning events dated in a range of local dates, by status in funnel order (lead, tentative, definite, lost, cancelled): `statuses` over the whole range " +
      "and `months` [{month, statuses}] for every month of it. Each status has its `events` count and `quoted`: the value of those events' current quotes " +
      `per currency ({currency, events, total_excl_tax, total_incl_tax}; events without a quote are not in it). ${dated} ${money}`,
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: rangeInput,
    output: outputOf(pipelineOp.response),
    run: (ctx, input) => pipelineReport(ctx, input),
  }),

  defineTool({
    name: "get_revenue_report",
    title: "Revenue from accepted quotes",
    description:
      "Revenue of events dated in a range of local dates: their accepted quotes, as {currency, quotes, total_excl_tax, total_tax, total_incl_tax} in `totals`, " +
      "per month of the event date (`months`), per space (`by_space`, with space_id and space_name; space_id null for lines tied to no space, like catering) " +
      `and per line category (\`by_category\`). A space_id filter keeps only the lines of that space and those inside it. ${dated} ${money}`,
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: rangeInput,
    output: outputOf(revenueOp.response),
    run: (ctx, input) => revenueReport(ctx, input),
  }),

  defineTool({
    name: "get_occupancy_report",
    title: "Space occupancy per week",
    description:
      "How full the spaces are: per space and ISO week (Monday to Sunday in the space's own time zone; the range is widened to whole weeks), open_hours " +
      "(its working hours that week), booked_hours (confirmed bookings within them, overlaps once; a booking of a space containing it counts too), " +
      "held_hours (live holds where nothing is booked) and occupancy = booked_hours / open_hours (0–1, null when closed all week). `totals` per week count " +
      "each hierarchy once (booking the Grand Hall and its parts is not counted three times). Hours are decimal hours. For one space pass its `id` from " +
      "list_spaces as space_id; for a month pass its first and last day.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: rangeInput,
    output: outputOf(occupancyOp.response),
    run: (ctx, input) => occupancyReport(ctx, input),
  }),

  defineTool({
    name: "get_hold_conversion_report",
    title: "Hold conversion",
    description:
      "Holds (tentative allocations) placed on a range of local dates (in the venue's time zone) and where each stands now: created, confirmed, expired " +
      "(lapsed, swept or not yet), cancelled, open (still held); confirmation_rate = confirmed / created (0–1, null when none were created) and " +
      "median_seconds_to_confirm (from placing to confirming, in seconds; null when none were confirmed). Bookings made outright are not holds.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: rangeInput,
    output: outputOf(holdConversionOp.response),
    run: (ctx, input) => holdConversionReport(ctx, input),
  }),

  defineTool({
    name: "get_quote_conversion_report",
    title: "Quote conversion",
    description:
      "Quote versions last sent on a range of local dates (in the venue's time zone) and how they ended: sent, and accepted, declined, expired (unanswered " +
      "past valid_until), open (unanswered, still valid), withdrawn, superseded (revised into a new version), archived, which add up to sent; " +
      "acceptance_rate = accepted / sent (0–1, null when none were sent), median_seconds_to_accept (from the last send, in seconds) and the average and " +
      "median number of times the customer viewed a quote before accepting it.",
    access: "report_manage",
    scope: "read",
    annotations: reads,
    input: rangeInput,
    output: outputOf(quoteConversionOp.response),
    run: (ctx, input) => quoteConversionReport(ctx, input),
  }),
];
