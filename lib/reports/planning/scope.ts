import { sql, type SQL } from "drizzle-orm";
import Big from "big.js";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import { uuidArray } from "@/lib/planning/allocations/occupancies";
import { venueZone } from "@/lib/planning/venue-zone";
import { formatAmount } from "@/lib/pricing/money";
import { rangeInstants } from "./calendar";
import type { VenueReportQuery } from "./schemas";

/**
 * What every venue report starts from: report_manage, the account's zone, the range as
 * instants, and the spaces the filters leave (null: the whole account).
 */
export type VenueReportScope = {
  accountId: number;
  zone: string;
  from: Date;
  to: Date;
  /** The spaces in scope, or null when the query names none. */
  spaceIds: string[] | null;
};

const inside = (accountId: number, seed: SQL) => sql`
  with recursive inside as (
    select id from spaces where account_id = ${accountId} and ${seed}
    union
    select s.id from spaces s join inside on s.parent_id = inside.id where s.account_id = ${accountId}
  )
  select id from inside`;

/** The spaces a filter names (404 for an id that is not one of the account's spaces). */
const filtered = async (ctx: AccountCtx, id: string, kind: "space" | "venue") => {
  const accountId = ctx.account.id;
  const seed = kind === "space" ? sql`id = ${id}` : sql`(id = ${id} or venue_id = ${id})`;
  const [named] = await ctx.db.execute(sql`select 1 from spaces where account_id = ${accountId} and id = ${id}`);
  if (!named) throw notFound(kind === "space" ? "Space" : "Venue");
  const rows = await ctx.db.execute<{ id: string }>(inside(accountId, seed));
  return rows.map((row) => row.id);
};

export const venueReportScope = async (ctx: AccountCtx, query: VenueReportQuery): Promise<VenueReportScope> => {
  requirePermission(ctx, "report_manage");
  const zone = await venueZone(ctx);
  let spaceIds: string[] | null = null;
  if (query.space_id) spaceIds = await filtered(ctx, query.space_id, "space");
  if (query.venue_id) {
    const venue = await filtered(ctx, query.venue_id, "venue");
    spaceIds = spaceIds ? spaceIds.filter((id) => venue.includes(id)) : venue;
  }
  return { accountId: ctx.account.id, zone, ...rangeInstants(query.since, query.until, zone), spaceIds };
};

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** `column` names a space in scope (always true for the whole account). */
export const inScope = (scope: VenueReportScope, column: SQL) => (scope.spaceIds ? sql`${column} = any(${uuidArray(scope.spaceIds)})` : sql`true`);

/**
 * Every event of the account with its date, the first start of its allocations (any status);
 * events without allocations have no date and are in no venue report. With a scope, only
 * events that have an allocation on a space in it.
 */
export const datedEvents = (scope: VenueReportScope) => sql`
  select a.event_id, min(a.start_at) as starts_at
  from allocations a
  where a.account_id = ${scope.accountId} and a.event_id is not null
  group by a.event_id
  having min(a.start_at) >= ${at(scope.from)} and min(a.start_at) < ${at(scope.to)}
    and bool_or(${inScope(scope, sql`a.space_id`)})`;

/**
 * An event's current quote: its latest version that still speaks for the event (a draft, sent,
 * accepted or rejected one); superseded, withdrawn and archived versions never do.
 */
export const currentQuotes = (scope: VenueReportScope, events: SQL) => sql`
  select distinct on (q.planning_event_id) q.*
  from quotes q
  where q.account_id = ${scope.accountId} and q.planning_event_id in (select event_id from ${events})
    and q.status in ('draft', 'sent', 'accepted', 'rejected')
  order by q.planning_event_id, q.version desc`;

/** The month of an instant in the report's zone. */
export const monthOf = (scope: VenueReportScope, time: SQL) => sql`to_char(${time} at time zone ${scope.zone}, 'YYYY-MM')`;

/** A numeric sum from SQL as the currency writes it. */
export const money = (value: string | null, currency: string) => formatAmount(new Big(value ?? "0"), currency);
