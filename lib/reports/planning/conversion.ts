import { sql } from "drizzle-orm";
import { allocations, quotes } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { planningNow } from "@/lib/planning/clock";
import { lapsedAt, liveHoldAt } from "@/lib/planning/rules-sql";
import { ratio } from "./calendar";
import type { HoldConversionReport, QuoteConversionReport, VenueReportQuery } from "./schemas";
import { at, inScope, venueReportScope } from "./scope";

const a = { status: sql`a.status`, expiresAt: sql`a.expires_at` };

/**
 * A hold is an allocation that started out tentative. One made confirmed (or cancelled)
 * outright has `confirmed_at` (or `status_changed_at`) equal to its `created_at`, both the
 * creating transaction's now(); a hold's later change happens in a later transaction.
 */
const wasHold = sql`(a.confirmed_at is distinct from a.created_at and a.status_changed_at is distinct from a.created_at)`;

const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/**
 * GET reports/planning/holds: holds placed in the range and where each stands now: confirmed,
 * expired (a lapsed hold counts as expired before the sweeper marks it), cancelled, or still
 * held; the median time from placing to confirming.
 */
export const holdConversionReport = async (ctx: AccountCtx, query: VenueReportQuery): Promise<HoldConversionReport> => {
  const scope = await venueReportScope(ctx, query);
  const now = planningNow();
  const [row] = await ctx.db.execute<{ created: number; confirmed: number; expired: number; cancelled: number; open: number; median: string | null }>(sql`
    select count(*)::int as created,
      count(*) filter (where a.status = 'confirmed')::int as confirmed,
      count(*) filter (where a.status = 'expired' or ${lapsedAt(a, now)})::int as expired,
      count(*) filter (where a.status = 'cancelled')::int as cancelled,
      count(*) filter (where ${liveHoldAt(a, now)})::int as open,
      percentile_cont(0.5) within group (order by extract(epoch from a.confirmed_at - a.created_at))
        filter (where a.status = 'confirmed') as median
    from ${allocations} a
    where a.account_id = ${scope.accountId} and a.created_at >= ${at(scope.from)} and a.created_at < ${at(scope.to)}
      and ${wasHold} and ${inScope(scope, sql`a.space_id`)}`);
  return {
    since: query.since,
    until: query.until,
    timezone: scope.zone,
    created: row!.created,
    confirmed: row!.confirmed,
    expired: row!.expired,
    cancelled: row!.cancelled,
    open: row!.open,
    confirmation_rate: ratio(row!.confirmed, row!.created),
    median_seconds_to_confirm: seconds(row!.median),
  };
};

/**
 * GET reports/planning/quotes: quote versions last sent in the range and where each stands now
 * (`expired` as the quote's lifecycle has it: still sent after its valid_until day in the
 * quote's own zone); the median time from sending to acceptance and the views the accepted
 * ones had before (view_count counts views while a quote awaits its answer).
 */
export const quoteConversionReport = async (ctx: AccountCtx, query: VenueReportQuery): Promise<QuoteConversionReport> => {
  const scope = await venueReportScope(ctx, query);
  const today = sql`(${planningNow().toISOString()}::timestamptz at time zone coalesce(q.snapshot->>'timezone', 'UTC'))::date`;
  // effectiveStatus (lib/quotes/states.ts) in SQL: sent, and today is past the valid_until day.
  const expired = sql`(q.status = 'sent' and q.valid_until < ${today})`;
  const scoped = scope.spaceIds
    ? sql`and exists (select 1 from ${allocations} s where s.account_id = ${scope.accountId} and s.event_id = q.planning_event_id and ${inScope(scope, sql`s.space_id`)})`
    : sql``;
  type Row = Record<"sent" | "accepted" | "declined" | "expired" | "open" | "withdrawn" | "superseded" | "archived", number> & {
    median_seconds: string | null;
    average_views: string | null;
    median_views: string | null;
  };
  const [row] = await ctx.db.execute<Row>(sql`
    select count(*)::int as sent,
      count(*) filter (where q.status = 'accepted')::int as accepted,
      count(*) filter (where q.status = 'rejected')::int as declined,
      count(*) filter (where ${expired})::int as expired,
      count(*) filter (where q.status = 'sent' and not ${expired})::int as open,
      count(*) filter (where q.status = 'withdrawn')::int as withdrawn,
      count(*) filter (where q.status = 'superseded')::int as superseded,
      count(*) filter (where q.status = 'archived')::int as archived,
      percentile_cont(0.5) within group (order by extract(epoch from q.accepted_at - q.quote_sent_at)) filter (where q.status = 'accepted') as median_seconds,
      avg(q.view_count) filter (where q.status = 'accepted') as average_views,
      percentile_cont(0.5) within group (order by q.view_count) filter (where q.status = 'accepted') as median_views
    from ${quotes} q
    where q.account_id = ${scope.accountId} and q.quote_sent_at >= ${at(scope.from)} and q.quote_sent_at < ${at(scope.to)} ${scoped}`);
  const r = row!;
  const views = (value: string | null) => (value === null ? null : Math.round(Number(value) * 100) / 100);
  return {
    since: query.since,
    until: query.until,
    timezone: scope.zone,
    sent: r.sent,
    accepted: r.accepted,
    declined: r.declined,
    expired: r.expired,
    open: r.open,
    withdrawn: r.withdrawn,
    superseded: r.superseded,
    archived: r.archived,
    acceptance_rate: ratio(r.accepted, r.sent),
    median_seconds_to_accept: seconds(r.median_seconds),
    average_views_before_acceptance: views(r.average_views),
    median_views_before_acceptance: views(r.median_views),
  };
};
