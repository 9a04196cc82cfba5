import type { Audience, AudienceFacts } from "./audience";

/*
 * The live stream's wire format (text/event-stream), pure. Every frame is the default `message`
 * type, so a client needs one `onmessage`; see README "Live updates".
 */

/** An event as the hub reads it: what the filter needs and what the frame shows. */
export type LiveEvent = AudienceFacts & {
  seq: number;
  name: string;
  /** The conversation's display id (as in the API and the portal's URLs), when the event is about one that still exists. */
  conversationDisplayId: number | null;
  subjectType: string | null;
  subjectId: string | null;
  live: { data?: Record<string, unknown>; planning_event_id?: string | null };
};

export type Frame = {
  event: string;
  account_id: number;
  inbox_id: number | null;
  conversation_id: number | null;
  subject: { type: string; id: string } | null;
  planning_event_id?: string;
  data: Record<string, unknown>;
};

export const frameOf = (event: LiveEvent): Frame => ({
  event: event.name,
  account_id: event.accountId,
  inbox_id: event.inboxId,
  conversation_id: event.conversationDisplayId,
  subject: event.subjectType && event.subjectId ? { type: event.subjectType, id: event.subjectId } : null,
  ...(event.live.planning_event_id ? { planning_event_id: event.live.planning_event_id } : {}),
  data: event.live.data ?? {},
});

/** An account-level frame that is state rather than an event (presence on connect): no id, never replayed. */
export const accountFrame = (event: string, accountId: number, data: Record<string, unknown>): Frame => ({
  event,
  account_id: accountId,
  inbox_id: null,
  conversation_id: null,
  subject: null,
  data,
});

/** How long a client waits before reconnecting (EventSource's `retry`). */
export const retryFrame = (ms: number) => `retry: ${ms}\n\n`;
/** A comment: keeps proxies from closing an idle stream and lets the server notice a closed one. */
export const pingFrame = ": ping\n\n";
/** The client missed more than can be replayed: it refetches everything it shows. */
export const resetFrame = `data: ${JSON.stringify({ event: "reset" })}\n\n`;
/**
 * Moves the client's last event id without dispatching anything (an event with no data only sets
 * it), so a reconnect replays from here even when nothing was sent to this client yet.
 */
export const cursorFrame = (seq: number) => `id: ${seq}\n\n`;
export const eventFrame = (event: LiveEvent) => `id: ${event.seq}\ndata: ${JSON.stringify(frameOf(event))}\n\n`;
export const stateFrame = (frame: Frame) => `data: ${JSON.stringify(frame)}\n\n`;

/** The stored audience as the filter reads it (jsonb; anything unknown is ignored). */
export const audienceFrom = (stored: unknown): Audience => {
  const value = (stored ?? {}) as Record<string, unknown>;
  return {
    ...(value.private === true ? { private: true } : {}),
    ...(value.contact_visible === true ? { contact_visible: true } : {}),
    ...(typeof value.exclude_user_id === "number" ? { exclude_user_id: value.exclude_user_id } : {}),
    ...(typeof value.user_id === "number" ? { user_id: value.user_id } : {}),
  };
};
