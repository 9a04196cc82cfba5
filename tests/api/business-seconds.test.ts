import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { WorkingHour } from "@/db/schema";

/*
 * business_seconds (migration 0014) is the one measure of time inside an inbox's working hours:
 * the reporting-event writer and the backfill both use it. Figures by hand, in the zone's wall
 * clock: 2026's DST changes are 29 March / 25 October in London, 8 March / 1 November in New York.
 */

type Day = [open: string, close: string] | "all";

/** Seven rows as the API stores them; days not given are closed. */
const week = (days: Partial<Record<number, Day>>): WorkingHour[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const hours = days[day];
    if (!hours) {
      return { day_of_week: day, closed_all_day: true, open_all_day: false, open_hour: null, open_minutes: null, close_hour: null, close_minutes: null };
    }
    // Chatwoot stores an all-day row as 00:00–23:59; the flag, not those times, makes it the whole day.
    const [open, close] = hours === "all" ? ["00:00", "23:59"] : hours;
    const [openHour, openMinutes] = open.split(":").map(Number);
    const [closeHour, closeMinutes] = close.split(":").map(Number);
    return {
      day_of_week: day,
      closed_all_day: false,
      open_all_day: hours === "all",
      open_hour: openHour!,
      open_minutes: openMinutes!,
      close_hour: closeHour!,
      close_minutes: closeMinutes!,
    };
  });

const nineToFive = week({ 1: ["09:00", "17:00"], 2: ["09:00", "17:00"], 3: ["09:00", "17:00"], 4: ["09:00", "17:00"], 5: ["09:00", "17:00"] });
const sundays = week({ 0: ["09:00", "17:00"] });
const sundaysAllDay = week({ 0: "all" });
const newYorkMornings = week({ 1: ["08:00", "12:00"], 2: ["08:00", "12:00"], 3: ["08:00", "12:00"], 4: ["08:00", "12:00"], 5: ["08:00", "12:00"], 6: ["08:00", "12:00"] });
const HOUR = 3600;

const businessSeconds = async (hours: WorkingHour[] | unknown, enabled: boolean, tz: string, from: string, to: string) => {
  const [row] = await getDb().execute<{ seconds: number }>(
    sql`select business_seconds(${JSON.stringify(hours)}::jsonb, ${enabled}, ${tz}, ${from}::timestamptz, ${to}::timestamptz) as seconds`,
  );
  return Number(row!.seconds);
};

describe("business_seconds", () => {
  it.each([
    // [case, hours, zone, from, to, expected seconds]
    ["London spring-forward Sunday, 09:00–17:00 BST", sundays, "Europe/London", "2026-03-29T00:00:00Z", "2026-03-30T00:00:00Z", 8 * HOUR],
    ["London spring-forward Sunday open all day (23 h)", sundaysAllDay, "Europe/London", "2026-03-28T12:00:00Z", "2026-03-30T12:00:00Z", 23 * HOUR],
    ["London autumn Sunday, 09:00–17:00 GMT", sundays, "Europe/London", "2026-10-25T00:00:00Z", "2026-10-26T00:00:00Z", 8 * HOUR],
    ["London autumn Sunday open all day (25 h)", sundaysAllDay, "Europe/London", "2026-10-24T12:00:00Z", "2026-10-26T12:00:00Z", 25 * HOUR],
    ["New York spring-forward Sunday, 09:00–17:00 EDT", sundays, "America/New_York", "2026-03-08T00:00:00Z", "2026-03-09T12:00:00Z", 8 * HOUR],
    ["New York autumn Sunday open all day (25 h)", sundaysAllDay, "America/New_York", "2026-10-31T12:00:00Z", "2026-11-02T12:00:00Z", 25 * HOUR],
    // 09:00 BST on the Sunday is 08:00Z: a span from 08:30Z counts from 09:30 local.
    ["London spring-forward Sunday from 09:30 BST", sundays, "Europe/London", "2026-03-29T08:30:00Z", "2026-03-29T20:00:00Z", 7.5 * HOUR],
    ["London Friday 16:00 GMT to Monday 10:00 BST (1 h + 1 h)", nineToFive, "Europe/London", "2026-03-27T16:00:00Z", "2026-03-30T09:00:00Z", 2 * HOUR],
    ["New York Saturday 11:00 EST to Monday 09:00 EDT (1 h + 1 h)", newYorkMornings, "America/New_York", "2026-03-07T16:00:00Z", "2026-03-09T13:00:00Z", 2 * HOUR],
    ["a whole London week, Monday to Monday", nineToFive, "Europe/London", "2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z", 40 * HOUR],
    ["a closed day (Saturday)", nineToFive, "Europe/London", "2026-06-06T00:00:00Z", "2026-06-07T00:00:00Z", 0],
    ["inside one day, 12:30–14:00 BST", nineToFive, "Europe/London", "2026-06-03T11:30:00Z", "2026-06-03T13:00:00Z", 1.5 * HOUR],
    ["the same instants read in New York: 07:30–09:00 EDT", newYorkMornings, "America/New_York", "2026-06-03T11:30:00Z", "2026-06-03T13:00:00Z", 1 * HOUR],
    ["no open day", week({}), "Europe/London", "2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z", 0],
    ["no rows at all", [], "Europe/London", "2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z", 0],
    ["from after to", nineToFive, "Europe/London", "2026-06-03T13:00:00Z", "2026-06-03T11:30:00Z", 0],
  ])("%s", async (_case, hours, tz, from, to, expected) => {
    expect(await businessSeconds(hours, true, tz, from, to)).toBe(expected);
  });

  it("is 0 when the inbox's working hours are disabled", async () => {
    expect(await businessSeconds(nineToFive, false, "Europe/London", "2026-06-01T00:00:00Z", "2026-06-08T00:00:00Z")).toBe(0);
  });

  it("does not depend on the session's time zone", async () => {
    const db = getDb();
    const seconds = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`);
      const [row] = await tx.execute<{ seconds: number }>(
        sql`select business_seconds(${JSON.stringify(nineToFive)}::jsonb, true, 'Europe/London', '2026-03-27T16:00:00Z', '2026-03-30T09:00:00Z') as seconds`,
      );
      return Number(row!.seconds);
    });
    expect(seconds).toBe(2 * HOUR);
  });
});
