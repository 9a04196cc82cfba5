import { z } from "zod";
import { planningEventStatuses } from "@/db/schema";
import { ZDate, ZUuid } from "@/lib/http/schemas";

/** The longest range a venue report reads: two years of local dates. */
export const maxVenueReportDays = 731;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Every venue report's query: a range of local dates, both included, read in the account's
 * zone (occupancy: each space's own), and an optional scope. `space_id` is a space and every
 * space inside it; `venue_id` a venue, the spaces naming it as their venue and everything inside
 * them. Both together: the spaces in both.
 */
export const ZVenueReportQuery = z
  .object({
    since: ZDate.meta({ description: "First local date of the range (YYYY-MM-DD), included" }),
    until: ZDate.meta({ description: "Last local date of the range (YYYY-MM-DD), included" }),
    space_id: ZUuid.optional().meta({ description: "Only this space and the spaces inside it" }),
    venue_id: ZUuid.optional().meta({ description: "Only this venue's spaces" }),
  })
  .superRefine((query, ctx) => {
    if (typeof query.since !== "string" || typeof query.until !== "string") return;
    const days = dayNumber(query.until) - dayNumber(query.since) + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["until"], message: "must not be before since" });
    else if (days > maxVenueReportDays) ctx.addIssue({ code: "custom", path: ["until"], message: `must be at most ${maxVenueReportDays} days after since` });
  });
export type VenueReportQuery = z.output<typeof ZVenueReportQuery>;

const ZMoney = z.string().meta({ description: "An exact decimal with the currency's digits (\"1234.50\")" });
const ZCurrency = z.string().meta({ description: "ISO 4217 code; amounts are never summed across currencies" });
const ZMonth = z.string().meta({ description: "YYYY-MM, of the event date in the report's time zone" });
const ZRangeEcho = {
  since: z.string(),
  until: z.string(),
  timezone: z.string().meta({ description: "The zone dates and months are read in" }),
};

export const ZQuotedValue = z
  .object({ currency: ZCurrency, events: z.number().int(), total_excl_tax: ZMoney, total_incl_tax: ZMoney })
  .meta({ id: "VenueQuotedValue" });
export const ZPipelineStatus = z
  .object({
    status: z.enum(planningEventStatuses),
    events: z.number().int(),
    quoted: z.array(ZQuotedValue).meta({ description: "The events' current quotes, per currency (events without one are not in it)" }),
  })
  .meta({ id: "VenuePipelineStatus" });
export const ZPipelineReport = z
  .object({
    ...ZRangeEcho,
    statuses: z.array(ZPipelineStatus).meta({ description: "Every status, in funnel order, over the whole range" }),
    months: z.array(z.object({ month: ZMonth, statuses: z.array(ZPipelineStatus) })).meta({ description: "Every month of the range" }),
  })
  .meta({ id: "VenuePipelineReport" });

export const ZRevenueAmounts = z
  .object({ currency: ZCurrency, quotes: z.number().int(), total_excl_tax: ZMoney, total_tax: ZMoney, total_incl_tax: ZMoney })
  .meta({ id: "VenueRevenueAmounts" });
export const ZRevenueReport = z
  .object({
    ...ZRangeEcho,
    totals: z.array(ZRevenueAmounts),
    months: z.array(z.object({ month: ZMonth, currencies: z.array(ZRevenueAmounts) })).meta({ description: "Every month of the range" }),
    by_space: z.array(
      ZRevenueAmounts.extend({
        space_id: z.string().nullable().meta({ description: "null: lines tied to no space (catering, extras)" }),
        space_name: z.string().nullable(),
      }).meta({ id: "VenueRevenueBySpace" }),
    ),
    by_category: z.array(ZRevenueAmounts.extend({ category: z.string() }).meta({ id: "VenueRevenueByCategory" })),
  })
  .meta({ id: "VenueRevenueReport" });

export const ZOccupancyCell = z
  .object({
    week: z.string().meta({ description: "The week's Monday (YYYY-MM-DD), in the space's time zone" }),
    open_hours: z.number(),
    booked_hours: z.number().meta({ description: "Confirmed bookings within the open hours, overlaps counted once" }),
    held_hours: z.number().meta({ description: "Live holds within the open hours, where nothing is booked" }),
    occupancy: z.number().nullable().meta({ description: "booked_hours / open_hours (0–1); null when closed all week" }),
  })
  .meta({ id: "VenueOccupancyCell" });
export const ZOccupancyReport = z
  .object({
    since: z.string().meta({ description: "The Monday of the first week (the range is widened to whole ISO weeks)" }),
    until: z.string().meta({ description: "The Sunday of the last week" }),
    weeks: z.array(z.string()),
    spaces: z.array(
      z
        .object({
          space_id: z.string(),
          name: z.string(),
          parent_id: z.string().nullable(),
          timezone: z.string(),
          weeks: z.array(ZOccupancyCell),
        })
        .meta({ id: "VenueOccupancySpace" }),
    ),
    totals: z.array(ZOccupancyCell).meta({
      description:
        "Per week, each hierarchy counted once: the top space's open hours, and the hours any space of it is booked (or held)",
    }),
  })
  .meta({ id: "VenueOccupancyReport" });

export const ZHoldConversionReport = z
  .object({
    ...ZRangeEcho,
    created: z.number().int().meta({ description: "Holds placed in the range (bookings made outright are not holds)" }),
    confirmed: z.number().int(),
    expired: z.number().int().meta({ description: "Lapsed, swept or not yet" }),
    cancelled: z.number().int(),
    open: z.number().int().meta({ description: "Still held" }),
    confirmation_rate: z.number().nullable().meta({ description: "confirmed / created; null when none were created" }),
    median_seconds_to_confirm: z.number().nullable(),
  })
  .meta({ id: "VenueHoldConversionReport" });

export const ZQuoteConversionReport = z
  .object({
    ...ZRangeEcho,
    sent: z.number().int().meta({ description: "Quote versions last sent in the range; the rest add up to it" }),
    accepted: z.number().int(),
    declined: z.number().int(),
    expired: z.number().int().meta({ description: "Still unanswered after their valid_until day" }),
    open: z.number().int().meta({ description: "Still unanswered and valid" }),
    withdrawn: z.number().int(),
    superseded: z.number().int().meta({ description: "Revised into a new version" }),
    archived: z.number().int(),
    acceptance_rate: z.number().nullable(),
    median_seconds_to_accept: z.number().nullable().meta({ description: "From the last send to acceptance" }),
    average_views_before_acceptance: z.number().nullable(),
    median_views_before_acceptance: z.number().nullable(),
  })
  .meta({ id: "VenueQuoteConversionReport" });

export type PipelineReport = z.output<typeof ZPipelineReport>;
export type RevenueReport = z.output<typeof ZRevenueReport>;
export type OccupancyReport = z.output<typeof ZOccupancyReport>;
export type HoldConversionReport = z.output<typeof ZHoldConversionReport>;
export type QuoteConversionReport = z.output<typeof ZQuoteConversionReport>;
