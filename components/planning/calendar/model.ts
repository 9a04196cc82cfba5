import type { CalendarAllocation, CalendarSpace } from "@/lib/portal/loaders/calendar";
import { addDays, dayClock, instantAt, localDateOf, localParts, parseClock, weekdayOf } from "@/lib/planning/time";
import { isLapsed, isLiveStatus } from "@/lib/planning/rules";

/*
 * What the calendar derives from the data, without React: the rows (spaces as a tree), lanes
 * for overlapping blocks and room for their names, bookings in the way of a drag, opening
 * hours, the month grid's chips, and times written in a zone. Formatting uses a fixed locale
 * and an explicit zone, so the server's first render and the browser's agree.
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

/** Where a block's words go: in it, or beside it (after, or before it near the end of the window) when it is too narrow. */
export type LabelPlace = "inside" | "after" | "before";

type Extent = { id: string; start: number; end: number; blockStart: number; blockEnd: number };

/**
 * Lanes for one row, with room for each block's words. A block at least `insidePx` wide carries
 * its name inside; a narrower one (an hour of the week view) has it beside, `labelPx` wide, and
 * the lanes keep that room free so a name never covers another block. `x` gives the fraction of
 * the row's width at an instant (the scale's x); the row is `rowPx` wide.
 */
export const layoutRow = (items: Extent[], x: (ms: number) => number, rowPx: number, { insidePx = 40, labelPx = 136 } = {}) => {
  const width = Math.max(1, rowPx);
  const label = labelPx / width;
  const places = new Map<string, LabelPlace>();
  const extents = items.map(({ id, start, end, blockStart, blockEnd }) => {
    const left = x(start);
    const right = x(end);
    const from = x(blockStart);
    const to = x(blockEnd);
    if ((right - left) * width >= insidePx) {
      places.set(id, "inside");
      return { id, start: from, end: to };
    }
    if (right + label <= 1) {
      places.set(id, "after");
      return { id, start: from, end: Math.max(to, right + label) };
    }
    places.set(id, "before");
    return { id, start: Math.min(from, left - label), end: to };
  });
  return { ...assignLanes(extents), places };
};

/** An allocation as the drags see it: where it is, what it blocks, what to call it. */
export type Occupant = { id: string; spaceId: string; status: DisplayStatus; start: number; end: number; blockStart: number; blockEnd: number; label: string };

/** A place a drag would put an allocation: the space and the blocked range (buffers included). */
export type Target = { spaceId: string; blockStart: number; blockEnd: number; selfId: string | null };

/**
 * The confirmed booking in the way of a placement, or null: on the same space or a related one
 * (a space it is inside, or one inside it), blocked ranges meeting. A hold may not sit on booked
 * time either. The server refuses the same; the calendar says so while the drag is going on.
 * Of several, the earliest.
 */
export const bookingInTheWay = (target: Target, occupants: Occupant[], related: Map<string, Set<string>>): Occupant | null => {
  const near = related.get(target.spaceId);
  let found: Occupant | null = null;
  for (const occupant of occupants) {
    if (occupant.status !== "confirmed" || occupant.id === target.selfId) continue;
    if (occupant.spaceId !== target.spaceId && !near?.has(occupant.spaceId)) continue;
    if (occupant.blockStart >= target.blockEnd || target.blockStart >= occupant.blockEnd) continue;
    if (!found || occupant.blockStart < found.blockStart || (occupant.blockStart === found.blockStart && occupant.id < found.id)) found = occupant;
  }
  return found;
};

/**
 * What a click on empty time proposes: the hour from `start`, cut short where a booking begins;
 * nothing (and the booking) when the click is on booked time already.
 */
export const freeWindow = (spaceId: string, start: number, end: number, occupants: Occupant[], related: Map<string, Set<string>>) => {
  const blocker = bookingInTheWay({ spaceId, blockStart: start, blockEnd: end, selfId: null }, occupants, related);
  if (!blocker) return { window: { start, end }, blocker: null };
  // The earliest booking met starts after the click: nothing else meets the time before it.
  if (blocker.blockStart > start) return { window: { start, end: blocker.blockStart }, blocker: null };
  return { window: null, blocker };
};

/**
 * "Booked: Wedding 10:00–12:00", naming the space when the booking is on a related one, and the
 * buffers when only they are in the way.
 */
export const refusalText = (blocker: Occupant, target: Target, zone: string, spaceName: (id: string) => string) => {
  const where = blocker.spaceId === target.spaceId ? "" : ` in ${spaceName(blocker.spaceId)}`;
  const buffersOnly = blocker.start >= target.blockEnd || target.blockStart >= blocker.end;
  const buffers = buffersOnly ? ` (buffers ${rangeLabel(blocker.blockStart, blocker.blockEnd, zone)})` : "";
  return `Booked: ${blocker.label} ${rangeLabel(blocker.start, blocker.end, zone)}${where}${buffers}`;
};

/** The hour the timeline first scrolls to: the earliest opening among the active spaces on these dates, else 08:00 (minutes since midnight). */
export const openingMinutes = (spaces: CalendarSpace[], dates: string[]) => {
  let earliest: number | null = null;
  for (const space of spaces) {
    if (!space.active || !space.working_hours_enabled) continue;
    for (const date of dates) {
      const hours = space.schedule[weekdayOf(date)];
      const open = hours ? parseClock(hours.open) : null;
      if (open !== null && (earliest === null || open < earliest)) earliest = open;
    }
  }
  return earliest === null ? 8 * 60 : Math.floor(earliest / 60) * 60;
};

/** Which allocations each day of the month grid lists: every day a block touches, in order of start, then name. */
export const chipsByDay = <T extends { id: string; start: number; end: number; label: string }>(days: { date: string; start: number; end: number }[], items: T[]) => {
  const byDay = new Map<string, T[]>(days.map((day) => [day.date, []]));
  const sorted = [...items].sort((a, b) => a.start - b.start || a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
  for (const item of sorted) {
    for (const day of days) if (item.start < day.end && item.end > day.start) byDay.get(day.date)!.push(item);
  }
  return byDay;
};

/** A chip's time on one day: "10:00" where it starts, "–14:00" where it ends, "All day" between. */
export const chipTime = (item: { start: number; end: number }, day: { start: number; end: number }, zone: string) => {
  if (item.start >= day.start) return timeLabel(item.start, zone);
  if (item.end < day.end) return `–${timeLabel(item.end, zone)}`;
  return "All day";
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

/** "May 2027" for a local date's month. */
export const monthLabel = (date: string) => formatter("UTC", { month: "long", year: "numeric" }).format(Date.parse(`${date.slice(0, 8)}15T12:00:00Z`));

/** "Tue 10 Mar, 14:30" in the zone. */
export const dateTimeLabel = (ms: number, zone: string) => `${shortDateLabel(ms, zone)}, ${timeLabel(ms, zone)}`;

/** "Tuesday 10 March 2026" for a local date (the date itself, whatever the zone). */
export const longDateLabel = (date: string) =>
  formatter("UTC", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(Date.parse(`${date}T12:00:00Z`));

/** "Tuesday" for a local date. */
export const weekdayLabel = (date: string) => formatter("UTC", { weekday: "long" }).format(Date.parse(`${date}T12:00:00Z`));

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

/** The short status a small block shows: "Confirmed", "Hold #2". */
export const statusShort = (status: DisplayStatus, sequence: number | null) =>
  status === "tentative" && sequence !== null ? `${statusLabels.tentative} #${sequence}` : statusLabels[status];

/** The status in full: a hold's rank and when it lapses ("Hold #2 · until Tue 10 Mar, 14:30"). */
export const statusDetail = (status: DisplayStatus, allocation: { sequence: number | null; expires_at: string | null }, zone: string) => {
  const short = statusShort(status, allocation.sequence);
  return status === "tentative" && allocation.expires_at ? `${short} · until ${dateTimeLabel(Date.parse(allocation.expires_at), zone)}` : short;
};
