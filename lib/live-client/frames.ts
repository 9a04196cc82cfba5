/*
 * The live stream's frames as the portal and the website chat read them (the stream itself:
 * app/(portal)/app/live and app/public/api/v1/live). A frame says what changed and where; the
 * browser refetches what it shows of that, except typing and presence, which it shows as they
 * come. Pure: no React, no network, so the rules below have table-driven tests.
 */

export type Presence = "online" | "busy" | "offline";

export type LiveFrame = {
  /** The events table's name (message_created, allocation_updated…), or a live-only one (reset, presence_update). */
  event: string;
  account_id: number | null;
  inbox_id: number | null;
  /** The conversation's display id, as in the portal's URLs. */
  conversation_id: number | null;
  subject: { type: string; id: string } | null;
  /** The planning event an allocation or quote belongs to, when the server knows it. */
  planning_event_id: string | null;
  data: Record<string, unknown>;
};

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const integer = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);
const idText = (value: unknown) => (typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null);

/** A frame's `data:` line, or null for anything that is not one (the stream is trusted, but a proxy may mangle it). */
export const parseFrame = (raw: string): LiveFrame | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const frame = record(parsed);
  if (!frame || typeof frame.event !== "string" || frame.event === "") return null;
  const subject = record(frame.subject);
  const subjectId = idText(subject?.id);
  return {
    event: frame.event,
    account_id: integer(frame.account_id),
    inbox_id: integer(frame.inbox_id),
    conversation_id: integer(frame.conversation_id),
    subject: subject && typeof subject.type === "string" && subjectId ? { type: subject.type, id: subjectId } : null,
    planning_event_id: idText(frame.planning_event_id),
    data: record(frame.data) ?? {},
  };
};

/** What the frame the client makes up itself after missing some (a reset, a reconnect) looks like. */
export const resetFrame: LiveFrame = {
  event: "reset",
  account_id: null,
  inbox_id: null,
  conversation_id: null,
  subject: null,
  planning_event_id: null,
  data: {},
};

/**
 * What a frame makes stale, in the terms of what the portal shows. Each screen turns these into
 * its own query keys (or a router refresh).
 */
export type Stale =
  | { kind: "everything" }
  /** The inbox's lists and their counts. */
  | { kind: "conversation-lists" }
  /** One open conversation's details; without id, whichever is open (a contact's new name shows in its header). */
  | { kind: "conversation"; id?: number }
  | { kind: "messages"; id: number }
  | { kind: "contact"; id: number }
  /** The events, quotes and bookings beside a conversation. */
  | { kind: "customer-story" }
  | { kind: "calendar" }
  /** The planning events' names and list (the calendar's event picker). */
  | { kind: "planning-events" }
  /** One event's page and its quotes. */
  | { kind: "planning-event"; id: string };

/** Shown as they come (typing, presence), never refetched. */
const rendered = new Set(["conversation_typing_on", "conversation_typing_off", "presence_update"]);

const prefixed = (event: string, ...prefixes: string[]) => prefixes.some((prefix) => event.startsWith(prefix));

/** The planning event a frame is about: named by the server, or the subject itself. */
export const planningEventOf = (frame: LiveFrame) => frame.planning_event_id ?? (frame.subject?.type === "PlanningEvent" ? frame.subject.id : null);

/**
 * What to refetch after a frame. Read from where the change happened (a conversation, a
 * contact, a planning record) more than from its name, so a live-only name the server adds
 * later still refreshes the right things.
 */
export const staleAfter = (frame: LiveFrame): Stale[] => {
  const { event, subject } = frame;
  if (event === "reset") return [{ kind: "everything" }];
  if (rendered.has(event)) return [];
  const stale: Stale[] = [];
  const conversationId = frame.conversation_id;
  if (conversationId !== null) {
    stale.push({ kind: "conversation-lists" }, { kind: "conversation", id: conversationId });
    if (prefixed(event, "message_") || subject?.type === "Message") stale.push({ kind: "messages", id: conversationId });
  }
  if (subject?.type === "Contact" || prefixed(event, "contact_")) {
    const contactId = Number(subject?.id);
    if (Number.isSafeInteger(contactId)) stale.push({ kind: "contact", id: contactId });
    // Names and details of a contact show in the list rows and in the open conversation's header.
    stale.push({ kind: "conversation-lists" }, { kind: "conversation" }, { kind: "customer-story" });
  }
  if (subject?.type === "Inbox" || prefixed(event, "inbox_")) stale.push({ kind: "conversation-lists" });
  const planning = prefixed(event, "allocation_", "event_") || subject?.type === "Allocation" || subject?.type === "PlanningEvent";
  const quote = prefixed(event, "quote_") || subject?.type === "Quote";
  if (planning) stale.push({ kind: "calendar" });
  if (prefixed(event, "event_") || subject?.type === "PlanningEvent") stale.push({ kind: "planning-events" });
  if (planning || quote) {
    stale.push({ kind: "customer-story" });
    const eventId = planningEventOf(frame);
    if (eventId) stale.push({ kind: "planning-event", id: eventId });
  }
  return uniqueStale(stale);
};

const staleKey = (stale: Stale) => `${stale.kind}:${"id" in stale ? (stale.id ?? "") : ""}`;

/** Each target once, in the order first seen. */
export const uniqueStale = (list: Stale[]): Stale[] => {
  const seen = new Set<string>();
  return list.filter((stale) => {
    const key = staleKey(stale);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const presences = new Set<string>(["online", "busy", "offline"]);

/**
 * A presence_update merged over what is known: `data.users` maps user ids to their presence (a
 * frame may name only the agents that changed).
 */
export const applyPresence = (known: ReadonlyMap<number, Presence>, frame: LiveFrame): ReadonlyMap<number, Presence> => {
  const users = frame.event === "presence_update" ? record(frame.data.users) : null;
  if (!users) return known;
  const next = new Map(known);
  for (const [id, value] of Object.entries(users)) {
    const userId = Number(id);
    if (Number.isSafeInteger(userId) && typeof value === "string" && presences.has(value)) next.set(userId, value as Presence);
  }
  return next;
};
