/** Small display helpers for the inbox; no React, no server imports. */

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

/** "now", "5m", "3h", "2d", then a date: how long ago, short enough for a list row. */
export const shortAgo = (unixSeconds: number, now: number = Date.now()) => {
  const seconds = Math.max(0, Math.round(now / 1000 - unixSeconds));
  if (seconds < 60) return "now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}d`;
  return new Date(unixSeconds * 1000).toLocaleDateString(undefined, { day: "numeric", month: "short" });
};

export const fullTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export const messageTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

/** A message's date and time in full, in the viewer's zone and way of writing dates: "Sun, 22 Nov 2026, 14:05". */
export const messageFullTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Snooze targets in the agent's own time: tomorrow at 09:00, and next Monday at 09:00. */
export const snoozeTimes = (now: Date = new Date()) => {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  // Next Monday; on a Sunday that is tomorrow already, so the Monday after.
  const untilMonday = (8 - now.getDay()) % 7 || 7;
  const nextWeek = new Date(now);
  nextWeek.setDate(now.getDate() + (untilMonday === 1 ? 8 : untilMonday));
  nextWeek.setHours(9, 0, 0, 0);
  return { tomorrow, nextWeek };
};

export const statusLabels = { open: "Open", pending: "Pending", snoozed: "Snoozed", resolved: "Resolved" } as const;

export const priorityLabels = { urgent: "Urgent", high: "High", medium: "Medium", low: "Low" } as const;

/** Canned responses speak to the contact by name; Chatwoot writes that as {{contact.name}}. */
export const fillCannedResponse = (content: string, contactName: string) =>
  content.replace(/\{\{\s*contact\.name\s*\}\}/g, contactName);
