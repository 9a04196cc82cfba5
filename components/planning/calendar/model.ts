import type { CalendarAllocation, CalendarSpace } from "@/lib/portal/loaders/calendar";
import { addDays, dayClock, instantAt, localDateOf, localParts, weekdayOf } from "@/lib/planning/time";
import { isLapsed, isLiveStatus } from "@/lib/planning/rules";

/*
 * What the calendar derives from the data, without React: the rows (spaces as a tree), lanes
 * for overlapping blocks, opening hours, and times written in a zone. Formatting uses a fixed
 * locale and an explicit zone, so the server's first render and the browser's agree.
 */

const MINUTE = 60_000;

export type SpaceRow = { space: CalendarSpace; depth: number };

/** Spaces in tree order: each parent followed by its children (by position, then name), indented by depth. */
export const spaceRows = (spaces: CalendarSpace[]): SpaceRow[] => {
  const ids = new Set(spaces.map((space) => space.id));
  const byParent = new Map<string | null, CalendarSpace[]>();
  for (const space of spaces) {
    // A space whose container is not listed starts a tree of its own.
    const parent = space.parent_id !== null && ids.has(space.parent_id) ? space.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), space]);
  }
  const order = (a: CalendarSpace, b: CalendarSpace) => a.position - b.position || a.name.localeCompare(b.name);
  const rows: SpaceRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const space of [...(byParent.get(parent) ?? [])].sort(order)) {
      if (seen.has(space.id)) continue;
      seen.add(space.id);
      rows.push({ space, depth });
      visit(space.id, depth + 1);
    }
  };
  visit(null, 0);
  // Spaces only reachable through a loop still get a row.
  for (const space of spaces) if (!seen.has(space.id)) rows.push({ space, depth: 0 });
  return rows;
};

/** For each space, the spaces a booking of it also blocks: its containers and everything inside it. */
export const relatedSpaces = (spaces: CalendarSpace[]) => {
  const parentOf = new Map(spaces.map((space) => [space.id, space.parent_id]));
  const related = new Map<string, Set<string>>(spaces.map((space) => [space.id, new Set<string>()]));
  for (const space of spaces) {
    const seen = new Set([space.id]);
    let parent = parentOf.get(space.id) ?? null;
    while (parent !== null && !seen.has(parent) && related.has(parent)) {
      seen.add(parent);
      related.get(space.id)!.add(parent);
      related.get(parent)!.add(space.id);
      parent = parentOf.get(parent) ?? null;
    }
  }
  return related;
};

export type DisplayStatus = "confirmed" | "tentative" | "cancelled" | "expired";

/** A hold past its expiry no longer blocks, swept or not: show it as expired. */
export const displayStatus = (allocation: CalendarAllocation, now: number): DisplayStatus =>
  isLapsed({ status: allocation.status, expiresAt: allocation.expires_at }, now) ? "expired" : allocation.status;

export const isLive = (status: DisplayStatus) => isLiveStatus(status);

/** The blocked range: the allocation with its buffers. */
export const blockedRange = (allocation: { start_at: string; end_at: string; buffer_before_min: number; buffer_after_min: number }) => ({
  start: Date.parse(allocation.start_at) - allocation.buffer_before_min * MINUTE,
  end: Date.parse(allocation.end_at) + allocation.buffer_after_min * MINUTE,
});

/**
 * Lanes for one row: blocks whose blocked ranges overlap go side by side, top to bottom, in
 * order of start (then id, so the order never flickers between refreshes).
 */
export const assignLanes = <T extends { id: string; start: number; end: number }>(items: T[]) => {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end || a.id.localeCompare(b.id));
  const laneEnds: number[] = [];
  const lanes = new Map<string, number>();
  for (const item of sorted) {
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = item.end;
    lanes.set(item.id, lane);
  }
  return { lanes, count: Math.max(1, laneEnds.length) };
};

/** The times a space is closed within [start, end): outside its schedule when working hours apply. */
export const closedIntervals = (space: CalendarSpace, start: number, end: number): { start: number; end: number }[] => {
  if (!space.working_hours_enabled) return [];
  const open: { start: number; end: number }[] = [];
  const zone = space.timezone;
  const last = localDateOf(new Date(end), zone);
  for (let date = localDateOf(new Date(start), zone); date <= last; date = addDays(date, 1)) {
    const hours = space.schedule[weekdayOf(date)];
    if (!hours) continue;
    const clock = dayClock(date, zone);
    const toMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
    open.push({ start: clock.boundary(toMinutes(hours.open)), end: clock.boundary(toMinutes(hours.close)) });
  }
  const closed: { start: number; end: number }[] = [];
  let cursor = start;
  for (const interval of open.sort((a, b) => a.start - b.start)) {
    if (interval.start > cursor) closed.push({ start: cursor, end: Math.min(interval.start, end) });
    cursor = Math.max(cursor, interval.end);
  }
  if (cursor < end) closed.push({ start: cursor, end });
  return closed.filter((interval) => interval.end > interval.start);
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${zone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat("en-GB", { timeZone: zone, ...options })));
  return found;
};

/** "14:30" in the zone. */
export const timeLabel = (ms: number, zone: string) => formatter(zone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(ms);

/** "Tue 10 Mar" in the zone. */
export const shortDateLabel = (ms: number, zone: string) => formatter(zone, { weekday: "short", day: "numeric", month: "short" }).format(ms);

/** "Tue 10 Mar, 14:30" in the zone. */
export const dateTimeLabel = (ms: number, zone: string) => `${shortDateLabel(ms, zone)}, ${timeLabel(ms, zone)}`;

/** "Tuesday 10 March 2026" for a local date (the date itself, whatever the zone). */
export const longDateLabel = (date: string) =>
  formatter("UTC", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(Date.parse(`${date}T12:00:00Z`));

/** "Tue 10 Mar" for a local date. */
export const dayHeading = (date: string) => formatter("UTC", { weekday: "short", day: "numeric", month: "short" }).format(Date.parse(`${date}T12:00:00Z`));

/** "9 – 15 March 2026" (or across months and years as needed) for a week starting on a local date. */
export const weekLabel = (first: string) => {
  const last = addDays(first, 6);
  const a = Date.parse(`${first}T12:00:00Z`);
  const b = Date.parse(`${last}T12:00:00Z`);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const sameMonth = sameYear && first.slice(5, 7) === last.slice(5, 7);
  const from = formatter("UTC", sameMonth ? { day: "numeric" } : sameYear ? { day: "numeric", month: "long" } : { day: "numeric", month: "long", year: "numeric" }).format(a);
  return `${from} – ${formatter("UTC", { day: "numeric", month: "long", year: "numeric" }).format(b)}`;
};

/** "10:00–12:00", or with dates when the range leaves the day it starts on. */
export const rangeLabel = (start: number, end: number, zone: string) => {
  const sameDay = localDateOf(new Date(start), zone) === localDateOf(new Date(end - 1), zone);
  if (!sameDay) return `${dateTimeLabel(start, zone)} – ${dateTimeLabel(end, zone)}`;
  // Ending at the next midnight reads as the end of this day.
  const until = timeLabel(end, zone);
  return `${timeLabel(start, zone)}–${until === "00:00" && end > start ? "24:00" : until}`;
};

/** An instant as the value of a datetime-local input in the zone ("2026-03-10T14:30"). */
export const toLocalInput = (ms: number, zone: string) => {
  const { date, minutes } = localParts(new Date(ms), zone);
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
};

/** A datetime-local value read in the zone; null when it is empty, malformed, or skipped by a clock change. */
export const fromLocalInput = (value: string, zone: string): number | null => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const instant = instantAt(match[1]!, Number(match[2]) * 60 + Number(match[3]), zone);
  return instant ? instant.getTime() : null;
};

/** "Europe/Amsterdam" → "Europe/Amsterdam (CET)", so the planner knows which clock the grid follows. */
export const zoneLabel = (zone: string, at: number) => {
  const part = formatter(zone, { timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  return part && part !== zone ? `${zone} (${part})` : zone;
};

export const statusLabels: Record<DisplayStatus, string> = {
  confirmed: "Confirmed",
  tentative: "Hold",
  cancelled: "Cancelled",
  expired: "Expired hold",
};
