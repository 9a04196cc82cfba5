/*
 * Agent presence, Chatwoot's rule (OnlineStatusTracker): someone with a live connection seen within
 * the window is what they set (online, busy or offline); anyone else is offline when their
 * membership says `auto_offline`, else still what they set. Pure.
 */

export type Availability = "online" | "busy" | "offline";

/** A connection refreshes `user_presence` every 20 s (lib/live/hub.ts); missing three refreshes is gone. */
export const presenceWindowMs = 60_000;

export const presenceStatus = (member: { availability: Availability; autoOffline: boolean }, lastSeenAt: Date | null, now: Date): Availability => {
  const connected = lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() < presenceWindowMs;
  if (connected) return member.availability;
  return member.autoOffline ? "offline" : member.availability;
};
