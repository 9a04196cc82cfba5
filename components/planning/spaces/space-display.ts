/** Display helpers for spaces, shared by server pages and client forms: no React, no server imports. */

export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayLabels: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const shortWeekday = (day: Weekday) => weekdayLabels[day].slice(0, 3);

/** The capacity per layout the editor asks for, in the order a planner thinks of them. */
export const capacityFields = [
  { name: "theater", label: "Theater" },
  { name: "classroom", label: "Classroom" },
  { name: "banquet", label: "Banquet" },
  { name: "boardroom", label: "Boardroom" },
  { name: "u_shape", label: "U-shape" },
  { name: "cocktail", label: "Cocktail" },
  { name: "standing", label: "Standing" },
  { name: "concert", label: "Concert" },
  { name: "max_capacity_seated", label: "Max seated" },
  { name: "max_capacity_standing", label: "Max standing" },
] as const;
export type CapacityField = (typeof capacityFields)[number]["name"];

export type Capacities = Record<CapacityField, number | null>;

/** A space's capacity for an attendee count is the largest of its capacity fields (DESIGN.md §6). */
export const largestCapacity = (space: Capacities): { value: number; label: string } | null => {
  let best: { value: number; label: string } | null = null;
  for (const field of capacityFields) {
    const value = space[field.name];
    if (value !== null && value !== undefined && (best === null || value > best.value)) best = { value, label: field.label.toLowerCase() };
  }
  return best;
};

export type Schedule = Record<string, { open: string; close: string } | undefined>;

/**
 * Opening hours as runs of consecutive days with the same hours ("Mon–Fri 09:00–17:00",
 * "Sat 10:00–24:00"); days without hours are closed. None at all: closed every day.
 */
export const scheduleRuns = (schedule: Schedule): string[] => {
  const runs: { from: Weekday; to: Weekday; hours: string }[] = [];
  for (const day of weekdays) {
    const hours = schedule[day];
    const text = hours ? `${hours.open}–${hours.close}` : null;
    const last = runs.at(-1);
    const previous = weekdays[weekdays.indexOf(day) - 1];
    if (text && last && last.hours === text && last.to === previous) last.to = day;
    else if (text) runs.push({ from: day, to: day, hours: text });
  }
  return runs.map((run) => `${shortWeekday(run.from)}${run.from === run.to ? "" : `–${shortWeekday(run.to)}`} ${run.hours}`);
};

export const scheduleSummary = (schedule: Schedule): string => scheduleRuns(schedule).join(", ") || "Closed every day";

/** The space's id and the ids of every space inside it: none of them can become its parent. */
export const selfAndDescendants = (spaces: readonly { id: string; parent_id: string | null }[], id: string): Set<string> => {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const space of spaces) {
      if (space.parent_id && found.has(space.parent_id) && !found.has(space.id)) {
        found.add(space.id);
        grew = true;
      }
    }
  }
  return found;
};

/** The top-level space above a space (itself when it has no parent). */
export const rootOf = (spaces: readonly { id: string; parent_id: string | null }[], id: string): string => {
  const byId = new Map(spaces.map((space) => [space.id, space]));
  let current = byId.get(id);
  const seen = new Set<string>();
  while (current?.parent_id && byId.has(current.parent_id) && !seen.has(current.id)) {
    seen.add(current.id);
    current = byId.get(current.parent_id);
  }
  return current?.id ?? id;
};

export const zoneLabel = (zone: string) => zone.replaceAll("_", " ");
