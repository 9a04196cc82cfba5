import { sql } from "drizzle-orm";
import type { AccountCtx } from "@/lib/auth/caller";
import { uuidArray } from "@/lib/planning/allocations/occupancies";
import { monthsBetween } from "./calendar";
import type { RevenueReport, VenueReportQuery } from "./schemas";
import { currentQuotes, datedEvents, money, monthOf, venueReportScope } from "./scope";

type Row = {
  g_month: number;
  g_space: number;
  g_category: number;
  currency: string;
  month: string | null;
  space_id: string | null;
  space_name: string | null;
  category: string | null;
  quotes: number;
  excl: string;
  tax: string;
  incl: string;
};

const amounts = (row: Row) => ({
  currency: row.currency,
  quotes: row.quotes,
  total_excl_tax: money(row.excl, row.currency),
  total_tax: money(row.tax, row.currency),
  total_incl_tax: money(row.incl, row.currency),
});

const text = (value: string | null) => value ?? "\uffff";
const byKeys = (...keys: ((row: Row) => string | null)[]) => (a: Row, b: Row) => {
  for (const key of keys) {
    const [x, y] = [text(key(a)), text(key(b))];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/**
 * GET reports/planning/revenue: the accepted current quotes of events dated in the range, from
 * their counted lines (lines, additional lines, selected optional lines: they add up to the
 * quote's totals exactly, discounts spread over them). Per currency always, per month of the
 * event date, per space the line is for and per category. A space filter keeps only the lines
 * of its spaces.
 */
export const revenueReport = async (ctx: AccountCtx, query: VenueReportQuery): Promise<RevenueReport> => {
  const scope = await venueReportScope(ctx, query);
  const lineInScope = scope.spaceIds ? sql`l->>'space_id' = any(${uuidArray(scope.spaceIds)}::text[])` : sql`true`;
  const rows = await ctx.db.execute<Row>(sql`
    with dated as (${datedEvents(scope)}),
    current as (${currentQuotes(scope, sql`dated`)}),
    lines as (
      select c.id as quote_id, c.currency, ${monthOf(scope, sql`d.starts_at`)} as month,
        l->>'space_id' as space_id, l->>'category' as category,
        (l->>'net')::numeric - (l->>'discount')::numeric as excl, (l->>'tax')::numeric as tax, (l->>'total')::numeric as incl
      from current c
      join dated d on d.event_id = c.planning_event_id
      cross join lateral jsonb_array_elements(
        coalesce(c.breakdown->'lines', '[]') || coalesce(c.breakdown->'additional_lines', '[]') || coalesce(c.breakdown->'optional_lines', '[]')
      ) l
      where c.status = 'accepted' and coalesce((l->>'selected')::boolean, true) and ${lineInScope}
    )
    select grouping(month)::int as g_month, grouping(space_id)::int as g_space, grouping(category)::int as g_category,
      currency, month, space_id, category,
      (select s.name from spaces s where s.account_id = ${scope.accountId} and s.id::text = lines.space_id) as space_name,
      count(distinct quote_id)::int as quotes, sum(excl)::text as excl, sum(tax)::text as tax, sum(incl)::text as incl
    from lines
    group by grouping sets ((currency), (currency, month), (currency, space_id), (currency, category))`);
  const all = [...rows];
  const totals = all.filter((row) => row.g_month && row.g_space && row.g_category).sort(byKeys((row) => row.currency));
  const perMonth = all.filter((row) => !row.g_month);
  const perSpace = all.filter((row) => !row.g_space).sort(byKeys((row) => row.currency, (row) => row.space_name, (row) => row.space_id));
  const perCategory = all.filter((row) => !row.g_category).sort(byKeys((row) => row.currency, (row) => row.category));
  return {
    since: query.since,
    until: query.until,
    timezone: scope.zone,
    totals: totals.map(amounts),
    months: monthsBetween(query.since, query.until).map((month) => ({
      month,
      currencies: perMonth
        .filter((row) => row.month === month)
        .sort(byKeys((row) => row.currency))
        .map(amounts),
    })),
    by_space: perSpace.map((row) => ({ ...amounts(row), space_id: row.space_id, space_name: row.space_name })),
    by_category: perCategory.map((row) => ({ ...amounts(row), category: row.category ?? "other" })),
  };
};
