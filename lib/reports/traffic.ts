import { sql } from "drizzle-orm";
import { conversations } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";

/**
 * Chatwoot's conversation traffic (HeatmapHelper, 4.10 develop): conversations created per
 * hour over the `days` whole days before today, days and hours in the zone `offset` hours from
 * UTC; today itself is left out. One row per local hour of the range, oldest first, empty hours
 * included.
 */
export type TrafficHour = { date: string; hour: number; count: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The range: from local midnight `days` days ago up to (not including) today's local midnight. */
export const trafficRange = (offset: number, days: number, now = new Date()) => {
  const shift = Math.round(offset * 60) * 60_000;
  const todayLocal = Math.floor((now.getTime() + shift) / DAY) * DAY;
  const until = new Date(todayLocal - shift);
  return { since: new Date(until.getTime() - days * DAY), until, shift };
};

export const conversationTraffic = async (ctx: AccountCtx, offset: number, days: number, now = new Date()): Promise<TrafficHour[]> => {
  const { since, until, shift } = trafficRange(offset, days, now);
  const zone = sql`make_interval(mins => ${shift / 60_000})`;
  const local = (time: Date) => sql`(${time.toISOString()}::timestamptz at time zone 'UTC') + ${zone}`;
  const rows = await ctx.db.execute<{ date: string; hour: number; count: number }>(sql`
    with hours as (
      select generate_series(${local(since)}, ${local(until)} - interval '1 hour', interval '1 hour') as hour
    ), counts as (
      select date_trunc('hour', (c.created_at at time zone 'UTC') + ${zone}) as hour, count(*)::int as count
      from ${conversations} c
      where c.account_id = ${ctx.account.id} and c.created_at >= ${since.toISOString()}::timestamptz and c.created_at < ${until.toISOString()}::timestamptz
      group by 1
    )
    select to_char(h.hour, 'YYYY-MM-DD') as date, extract(hour from h.hour)::int as hour, coalesce(c.count, 0) as count
    from hours h left join counts c on c.hour = h.hour
    order by h.hour`);
  return rows.map((row) => ({ date: row.date, hour: Number(row.hour), count: Number(row.count) }));
};

/**
 * Chatwoot's table of it: a header of "Start of the hour" and the dates, then one row per hour
 * ("00:00", …) with that hour's count on each date (empty where the range has no such hour).
 */
export const trafficTable = (hours: readonly TrafficHour[]): (string | number | null)[][] => {
  const dates = [...new Set(hours.map((h) => h.date))].sort();
  const byHour = new Map<number, Map<string, number>>();
  for (const { date, hour, count } of hours) {
    if (!byHour.has(hour)) byHour.set(hour, new Map());
    byHour.get(hour)!.set(date, count);
  }
  const label = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
  return [["Start of the hour", ...dates], ...[...byHour].map(([hour, counts]) => [label(hour), ...dates.map((date) => counts.get(date) ?? null)])];
};

/** "(GMT+05:30)": the offset as ActiveSupport writes it. Chatwoot adds the name of the first Rails zone with that offset; a fixed offset has none. */
export const offsetLabel = (offset: number) => {
  const minutes = Math.round(Math.abs(offset) * 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `(GMT${offset < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)})`;
};
