import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { anyOf, arrayLiteral } from "@/db/any";
import { spaces } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { planningNow } from "@/lib/planning/clock";
import { liveHoldAt } from "@/lib/planning/rules-sql";
import { addDays } from "@/lib/planning/time";
import { cachedCalendar, hoursOf, openSpans, ratio, topsOf, weekSpan, weeksBetween } from "./calendar";
import type { OccupancyReport, VenueReportQuery } from "./schemas";
import { venueReportScope } from "./scope";

/** A PostgreSQL array of the given type as one parameter. */
const pgArray = (values: readonly (string | number)[], type: "uuid" | "int" | "date" | "timestamptz") => sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;

/** Seconds covered by a multirange. */
const seconds = (multirange: SQL) => sql`(select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0) from unnest(${multirange}) r)::float8`;
const none = sql`'{}'::tstzmultirange`;

const iso = (ms: number) => new Date(ms).toISOString();

type Row = { kind: "own" | "tree"; space_id: string; week: string; booked: number; held: number };

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
    .where(and(eq(spaces.accountId, scope.accountId), scope.spaceIds ? anyOf(spaces.id, scope.spaceIds) : undefined))
    .orderBy(asc(spaces.position), asc(spaces.name), asc(spaces.id));
  const weeks = weeksBetween(query.since, query.until);
  const tops = topsOf(rows);
  // Spaces with the same opening hours (usually most of a venue) share their open spans.
  const calendar = cachedCalendar();
  const profiles = new Map<string, number>();
  const profileOf = new Map<string, number>();
  const openSeconds = new Map<string, number>();
  const open = { profile: [] as number[], week: [] as string[], start: [] as string[], end: [] as string[] };
  for (const space of rows) {
    const key = JSON.stringify([space.timezone, space.workingHoursEnabled, space.workingHoursEnabled ? space.schedule : {}, space.availableFrom, space.availableUntil]);
    let profile = profiles.get(key);
    if (profile === undefined) {
      profiles.set(key, (profile = profiles.size));
      for (const week of weeks) {
        let total = 0;
        for (const [start, end] of openSpans(space, week, calendar)) {
          open.profile.push(profile);
          open.week.push(week);
          open.start.push(iso(start));
          open.end.push(iso(end));
          total += (end - start) / 1000;
        }
        openSeconds.set(`${profile} ${week}`, total);
      }
    }
    profileOf.set(space.id, profile);
  }
  const liveHold = liveHoldAt({ status: sql`o.status`, expiresAt: sql`o.expires_at` }, planningNow());
  // A margin of two days either side covers every zone's week; the join on weeks below is exact.
  const [from] = weekSpan(weeks[0]!, "UTC");
  const [, to] = weekSpan(weeks.at(-1)!, "UTC");
  const margin = 2 * 86_400_000;
  /**
   * What blocks the spaces of `source` (its resource space as `s`, the row's space as
   * `space_id`, its zone as `zone`), per ISO week of that zone: bookings, and live holds.
   */
  const used = (source: SQL) => sql`
      select space_id, w.week::date as week,
        range_agg(tstzrange(o.starts_at, o.ends_at)) filter (where o.status = 'confirmed') as booked,
        range_agg(tstzrange(o.starts_at, o.ends_at)) filter (where ${liveHold}) as held
      from ${source}
      join allocation_occupancies o on o.resource_id = s.resource_id and o.account_id = ${scope.accountId}
        and tstzrange(o.starts_at, o.ends_at) && tstzrange(${iso(from - margin)}::timestamptz, ${iso(to + margin)}::timestamptz)
      cross join lateral generate_series(
        date_trunc('week', o.starts_at at time zone zone), date_trunc('week', (o.ends_at - interval '1 microsecond') at time zone zone), interval '1 week'
      ) w(week)
      group by 1, 2`;
  const ids = rows.map((space) => space.id);
  const result =
    rows.length === 0
      ? []
      : await ctx.db.execute<Row>(sql`
    with open as (
      select profile, week, range_agg(tstzrange(starts, ends)) as hours
      from unnest(${pgArray(open.profile, "int")}, ${pgArray(open.week, "date")}, ${pgArray(open.start, "timestamptz")}, ${pgArray(open.end, "timestamptz")})
        as o(profile, week, starts, ends)
      group by 1, 2
    ), profiles as (
      select * from unnest(${pgArray(ids, "uuid")}, ${pgArray(ids.map((id) => profileOf.get(id)!), "int")}) as p(space_id, profile)
    ), members as (
      select * from unnest(${pgArray([...tops.values()], "uuid")}, ${pgArray([...tops.keys()], "uuid")}) as m(top_id, space_id)
    ), own as (${used(sql`(select id as space_id, timezone as zone, resource_id from ${spaces} where account_id = ${scope.accountId} and id = any(${pgArray(ids, "uuid")})) s`)}
    ), tree as (${used(sql`(
        select m.top_id as space_id, t.timezone as zone, s.resource_id
        from members m join ${spaces} s on s.id = m.space_id join ${spaces} t on t.id = m.top_id
        where s.account_id = ${scope.accountId} and t.account_id = ${scope.accountId}
      ) s`)}
    ), usage as (
      select 'own' as kind, * from own union all select 'tree', * from tree
    )
    select u.kind, u.space_id, u.week::text as week,
      ${seconds(sql`o.hours * coalesce(u.booked, ${none})`)} as booked,
      ${seconds(sql`o.hours * coalesce(u.held, ${none}) - coalesce(u.booked, ${none})`)} as held
    from usage u
    join profiles p on p.space_id = u.space_id
    join open o on o.profile = p.profile and o.week = u.week`);
  const measured = new Map([...result].map((row) => [`${row.kind} ${row.space_id} ${row.week}`, row]));
  const figures = (kind: Row["kind"], spaceId: string, week: string) => {
    const row = measured.get(`${kind} ${spaceId} ${week}`);
    return { open: openSeconds.get(`${profileOf.get(spaceId)} ${week}`) ?? 0, booked: row?.booked ?? 0, held: row?.held ?? 0 };
  };
  const spacesOut = rows
    .map((space) => ({
      space_id: space.id,
      name: space.name,
      parent_id: space.parentId,
      timezone: space.timezone,
      weeks: weeks.map((week) => {
        const { open, booked, held } = figures("own", space.id, week);
        return cell(week, open, booked, held);
      }),
    }))
    // A retired space stays in the report only when it was used in the range.
    .filter((space, index) => rows[index]!.active || space.weeks.some((week) => week.booked_hours > 0 || week.held_hours > 0));
  const topIds = rows.filter((space) => tops.get(space.id) === space.id).map((space) => space.id);
  const totals = weeks.map((week) => {
    const sum = { open: 0, booked: 0, held: 0 };
    for (const id of topIds) {
      const { open, booked, held } = figures("tree", id, week);
      sum.open += open;
      sum.booked += booked;
      sum.held += held;
    }
    return cell(week, sum.open, sum.booked, sum.held);
  });
  return { since: weeks[0]!, until: addDays(weeks.at(-1)!, 6), weeks, spaces: spacesOut, totals };
};
