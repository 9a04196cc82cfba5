import { addDays, localDateOf } from "@/lib/planning/time";

// Pure (no queries, no server imports): the page's links are built from it in the browser too.

/**
 * The events' dates the venue reports read (`venue` in the URL). Events lie ahead, so the
 * default looks forward; the past presets show what was held and earned.
 */
export const venuePresets = ["next_30d", "next_90d", "next_365d", "last_90d", "last_365d"] as const;
export type VenuePreset = (typeof venuePresets)[number];
export const defaultVenuePreset: VenuePreset = "next_30d";

/** Local dates, both included, in the venue's zone. */
export type VenueRange = { preset: VenuePreset; since: string; until: string };

const presetDays: Record<VenuePreset, number> = { next_30d: 30, next_90d: 90, next_365d: 365, last_90d: 90, last_365d: 365 };

/**
 * The venue range a Reports URL names (`venue`): `next_…` starts today, `last_…` ends today, in the venue's
 * zone; anything else is the next 30 days. Pure: `now` and the zone are given.
 */
export const readVenueRange = (asked: string | undefined, timeZone: string, now: Date): VenueRange => {
  const preset = venuePresets.find((name) => name === asked) ?? defaultVenuePreset;
  const today = localDateOf(now, timeZone);
  const days = presetDays[preset];
  return preset.startsWith("next")
    ? { preset, since: today, until: addDays(today, days - 1) }
    : { preset, since: addDays(today, 1 - days), until: today };
};

