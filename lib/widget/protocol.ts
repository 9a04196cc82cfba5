/**
 * What the script on a venue's website (lib/widget/sdk.ts) and the chat page in its iframe
 * (app/widget) tell each other with postMessage. The host page may be anyone's, so the chat
 * takes nothing from it but "you are open", "closed" and, only when the browser refuses the chat
 * its own storage, the session the host page kept for it.
 */
export const widgetEvents = {
  /**
   * Chat → host: the page loaded; `available` false when no website inbox has the token,
   * `keepSession` true when the browser refuses the chat storage in this site's frames.
   */
  ready: "venuedesk:ready",
  /** Chat → host, only after `keepSession`: the session to keep (null: forget it). */
  store: "venuedesk:store",
  /** Host → chat, answering `keepSession`: the session it kept, or null. */
  session: "venuedesk:session",
  /** Chat → host: the visitor closed the chat from inside it (its close button, Escape). */
  requestClose: "venuedesk:request-close",
  /** Chat → host: how many replies arrived while the chat was closed. */
  unread: "venuedesk:unread",
  /** Host → chat: the chat window is shown. */
  opened: "venuedesk:opened",
  /** Host → chat: the chat window is hidden. */
  closed: "venuedesk:closed",
} as const;

/** The longest session the host page is asked to keep or may hand back. */
export const maxKeptSession = 2000;

export type HostCommand = { kind: "opened" } | { kind: "closed" } | { kind: "session"; value: string | null };

/** What the host page says, or null for anything else that arrives in a message event. */
export const hostCommand = (data: unknown): HostCommand | null => {
  if (!data || typeof data !== "object") return null;
  const { type, value } = data as { type?: unknown; value?: unknown };
  if (type === widgetEvents.opened) return { kind: "opened" };
  if (type === widgetEvents.closed) return { kind: "closed" };
  if (type !== widgetEvents.session) return null;
  return { kind: "session", value: typeof value === "string" && value.length <= maxKeptSession ? value : null };
};
