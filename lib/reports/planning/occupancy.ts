import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { spaces } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { planningNow } from "@/lib/planning/clock";
import { liveHoldAt } from "@/lib/planning/rules-sql";
import { addDays } from "@/lib/planning/time";
import { hoursOf, openSpans, ratio, topsOf, weekSpan, weeksBetween } from "./calendar";
import type { OccupancyReport, VenueReportQuery } from "./schemas";
import { venueReportScope } from "./scope";

/** A PostgreSQL array literal as one parameter (uuids, dates and ISO instants carry no commas or quotes). */
const pgArray = (values: readonly string[], type: "uuid" | "date" | "timestamptz") => sql`${`{${values.join(",")}}`}::${sql.raw(type)}[]`;

/** Seconds covered by a multirange. */
const seconds = (multirange: SQL) => sql`(select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0) from unnest(${multirange}) r)::float8`;
const none = sql`'{}'::tstzmultirange`;

const iso = (ms: number) => new Date(ms).toISOString();

type Row = { space_id: string; week: string; open: number; booked: number; held: number; tree_booked: number; tree_held: number };

const cell = (week: string, open: number, booked: number, held: number) => ({
  week,
  open_hours: hoursOf(open),
  booked_hours: hoursOf(booked),
  held_hours: hoursOf(held),
  occupancy: ratio(booked, open),
});

/**
 * GET reports/planning/occupancy: per space and ISO week (Monday to Monday in the space's zone;
 * the range is widened to whole weeks), the hours open, booked and held. A space's row counts
 * every booking that blocks it: its own and those of a space containing it (booking the Grand
 * Hall shows in Hall A's and Hall B's rows too). Totals count each hierarchy once: the hours
 * any space of it is booked, within its top space's opening hours, so a booking of the Grand
 * Hall adds its hours once, not three times. Booked and held time are unions (overlaps count
 * once) clipped to the opening hours; held hours leave out what is booked.
 */
export const occupancyReport = async (ctx: AccountCtx, query: VenueReportQuery): Promise<OccupancyReport> => {
  const scope = await venueReportScope(ctx, query);
  const rows = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.accountId, scope.accountId), scope.spaceIds ? inArray(spaces.id, scope.spaceIds) : undefined))
    .orderBy(asc(spaces.position), asc(spaces.name), asc(spaces.id));
  const weeks = weeksBetween(query.since, query.until);
  const tops = topsOf(rows);
  type Columns = Record<string, string[]>;
  const push = (columns: Columns, values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) columns[key]!.push(value);
  };
  const cells: Columns = { space: [], week: [], from: [], to: [] };
  const open: Columns = { space: [], week: [], start: [], end: [] };
  for (const space of rows) {
    for (const week of weeks) {
      const [from, to] = weekSpan(week, space.timezone);
      push(cells, { space: space.id, week, from: iso(from), to: iso(to) });
      for (const [start, end] of openSpans(space, week)) push(open, { space: space.id, week, start: iso(start), end: iso(end) });
    }
  }
  const liveHold = liveHoldAt({ status: sql`o.status`, expiresAt: sql`o.expires_at` }, planningNow());
  // Union of what blocks the spaces `from` joins (as \`s\`) in each cell's week: bookings, and live holds.
  const used = (from: SQL) => sql`
      select c.space_id, c.week,
        range_agg(tstzrange(o.starts_at, o.ends_at)) filter (where o.status = 'confirmed') as booked,
        range_agg(tstzrange(o.starts_at, o.ends_at)) filter (where ${liveHold}) as held
      from ${from}
      join allocation_occupancies o on o.resource_id = s.resource_id and o.account_id = ${scope.accountId}
        and tstzrange(o.starts_at, o.ends_at) && tstzrange(c.week_from, c.week_to)
      where s.account_id = ${scope.accountId}
      group by 1, 2`;
  const result =
    rows.length === 0
      ? []
      : await ctx.db.execute<Row>(sql`
    with cells as (
      select * from unnest(${pgArray(cells.space!, "uuid")}, ${pgArray(cells.week!, "date")}, ${pgArray(cells.from!, "timestamptz")}, ${pgArray(cells.to!, "timestamptz")})
        as c(space_id, week, week_from, week_to)
    ), open as (
      select space_id, week, range_agg(tstzrange(starts, ends)) as hours
      from unnest(${pgArray(open.space!, "uuid")}, ${pgArray(open.week!, "date")}, ${pgArray(open.start!, "timestamptz")}, ${pgArray(open.end!, "timestamptz")})
        as o(space_id, week, starts, ends)
      group by 1, 2
    ), members as (
      select * from unnest(${pgArray([...tops.values()], "uuid")}, ${pgArray([...tops.keys()], "uuid")}) as m(top_id, space_id)
    ), own as (${used(sql`cells c join ${spaces} s on s.id = c.space_id`)}
    ), tree as (${used(sql`cells c join members m on m.top_id = c.space_id join ${spaces} s on s.id = m.space_id`)}
    ), measured as (
      select c.space_id, c.week, coalesce(o.hours, ${none}) as hours,
        coalesce(u.booked, ${none}) as booked, coalesce(u.held, ${none}) as held,
        coalesce(t.booked, ${none}) as tree_booked, coalesce(t.held, ${none}) as tree_held
      from cells c
      left join open o on o.space_id = c.space_id and o.week = c.week
      left join own u on u.space_id = c.space_id and u.week = c.week
      left join tree t on t.space_id = c.space_id and t.week = c.week
    )
    select space_id, week::text as week, ${seconds(sql`hours`)} as open,
      ${seconds(sql`hours * booked`)} as booked, ${seconds(sql`hours * held - booked`)} as held,
      ${seconds(sql`hours * tree_booked`)} as tree_booked, ${seconds(sql`hours * tree_held - tree_booked`)} as tree_held
    from measured`);
  const measured = new Map([...result].map((row) => [`${row.space_id} ${row.week}`, row]));
  const at = (spaceId: string, week: string) => measured.get(`${spaceId} ${week}`);
  const spacesOut = rows
    .map((space) => ({
      space_id: space.id,
      name: space.name,
      parent_id: space.parentId,
      timezone: space.timezone,
      weeks: weeks.map((week) => {
        const row = at(space.id, week);
        return cell(week, row?.open ?? 0, row?.booked ?? 0, row?.held ?? 0);
      }),
    }))
    // A retired space stays in the report only when it was used in the range.
    .filter((space, index) => rows[index]!.active || space.weeks.some((week) => week.booked_hours > 0 || week.held_hours > 0));
  const topIds = rows.filter((space) => tops.get(space.id) === space.id).map((space) => space.id);
  const totals = weeks.map((week) => {
    const sum = { open: 0, booked: 0, held: 0 };
    for (const id of topIds) {
      const row = at(id, week);
      if (!row) continue;
      sum.open += row.open;
      sum.booked += row.tree_booked;
      sum.held += row.tree_held;
    }
    return cell(week, sum.open, sum.booked, sum.held);
  });
  return { since: weeks[0]!, until: addDays(weeks.at(-1)!, 6), weeks, spaces: spacesOut, totals };
};
