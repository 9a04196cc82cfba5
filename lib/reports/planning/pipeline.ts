import Big from "big.js";
import { sql } from "drizzle-orm";
import { planningEventStatuses, planningEvents, type PlanningEventStatus } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { monthsBetween } from "./calendar";
import type { PipelineReport, VenueReportQuery } from "./schemas";
import { currentQuotes, datedEvents, money, monthOf, venueReportScope } from "./scope";

type Row = { month: string; status: PlanningEventStatus; currency: string | null; events: number; excl: string | null; incl: string | null };

const byStatus = (rows: Row[]) =>
  planningEventStatuses.map((status) => {
    const own = rows.filter((row) => row.status === status);
    const quoted = new Map<string, { events: number; excl: Big; incl: Big }>();
    for (const row of own) {
      if (row.currency === null) continue;
      const sum = quoted.get(row.currency) ?? { events: 0, excl: new Big(0), incl: new Big(0) };
      quoted.set(row.currency, { events: sum.events + row.events, excl: sum.excl.plus(row.excl ?? 0), incl: sum.incl.plus(row.incl ?? 0) });
    }
    return {
      status,
      events: own.reduce((total, row) => total + row.events, 0),
      quoted: [...quoted]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, sum]) => ({
          currency,
          events: sum.events,
          total_excl_tax: money(sum.excl.toFixed(), currency),
          total_incl_tax: money(sum.incl.toFixed(), currency),
        })),
    };
  });

/**
 * GET reports/planning/pipeline: events by status, dated by their first allocation, with the
 * value of their current quotes per currency, for the whole range and per month.
 */
export const pipelineReport = async (ctx: AccountCtx, query: VenueReportQuery): Promise<PipelineReport> => {
  const scope = await venueReportScope(ctx, query);
  const rows = await ctx.db.execute<Row>(sql`
    with dated as (${datedEvents(scope)}),
    current as (${currentQuotes(scope, sql`dated`)})
    select ${monthOf(scope, sql`d.starts_at`)} as month, e.status, c.currency, count(*)::int as events,
      sum(c.total_excl_tax)::text as excl, sum(c.total_incl_tax)::text as incl
    from dated d
    join ${planningEvents} e on e.id = d.event_id and e.account_id = ${scope.accountId}
    left join current c on c.planning_event_id = d.event_id
    group by 1, 2, 3`);
  const all = [...rows];
  return {
    since: query.since,
    until: query.until,
    timezone: scope.zone,
    statuses: byStatus(all),
    months: monthsBetween(query.since, query.until).map((month) => ({ month, statuses: byStatus(all.filter((row) => row.month === month)) })),
  };
};
