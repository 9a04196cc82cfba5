import { browserTimers, type Timers } from "./batch";
import type { LiveFrame } from "./frames";

/*
 * Typing indicators, both ways. Receiving: who is typing in which conversation, from
 * conversation_typing_on / _off frames, forgotten after a few seconds without news (a lost
 * "off" must not leave "… is typing" up for good). Sending: "on" at the first keystroke (again
 * every few seconds while the typing goes on, so the other side keeps showing it), "off" after a
 * short pause or when the message is sent.
 */

/** How long an "on" counts without being repeated. */
export const TYPING_SHOWN_MS = 6_000;
/** A pause in typing this long sends "off". */
export const TYPING_IDLE_MS = 3_000;
/** While typing goes on, "on" is sent again this often (well inside TYPING_SHOWN_MS). */
export const TYPING_REPEAT_MS = 4_000;

export type TyperKind = "user" | "agent_bot" | "contact";
export type Typer = { id: number; name: string; type: TyperKind; private: boolean; until: number };
/** Conversation display id → who is typing there. */
export type TypingState = ReadonlyMap<number, readonly Typer[]>;

const kinds = new Set<string>(["user", "agent_bot", "contact"]);
const INCOMING = 0;
const OUTGOING = 1;
const TEMPLATE = 3;

const typerOf = (frame: LiveFrame, now: number): Typer | null => {
  const user = frame.data.user as Record<string, unknown> | null | undefined;
  if (!user || typeof user !== "object") return null;
  const { id, name, type } = user;
  if (typeof id !== "number" || typeof type !== "string" || !kinds.has(type)) return null;
  return { id, name: typeof name === "string" && name !== "" ? name : "Someone", type: type as TyperKind, private: frame.data.is_private === true, until: now + TYPING_SHOWN_MS };
};

const same = (a: Typer, b: Pick<Typer, "id" | "type">) => a.id === b.id && a.type === b.type;

const withTypers = (state: TypingState, conversationId: number, typers: readonly Typer[]): TypingState => {
  const next = new Map(state);
  if (typers.length === 0) next.delete(conversationId);
  else next.set(conversationId, typers);
  return next;
};

/**
 * The state after a frame (the same object when nothing changed). A message ends its side's
 * typing: the contact's message the contact's, a reply or note the agents'.
 */
export const applyTyping = (state: TypingState, frame: LiveFrame, now: number): TypingState => {
  if (frame.event === "reset") return state.size === 0 ? state : new Map();
  const conversationId = frame.conversation_id;
  if (conversationId === null) return state;
  const current = state.get(conversationId) ?? [];
  if (frame.event === "conversation_typing_on" || frame.event === "conversation_typing_off") {
    const typer = typerOf(frame, now);
    if (!typer) return state;
    const others = current.filter((item) => !same(item, typer));
    if (frame.event === "conversation_typing_off" && others.length === current.length) return state;
    return withTypers(state, conversationId, frame.event === "conversation_typing_on" ? [...others, typer] : others);
  }
  if (frame.event === "message_created" && current.length > 0) {
    const messageType = frame.data.message_type;
    const ended = messageType === INCOMING ? (typer: Typer) => typer.type === "contact" : messageType === OUTGOING || messageType === TEMPLATE ? (typer: Typer) => typer.type !== "contact" : null;
    if (!ended) return state;
    const left = current.filter((typer) => !ended(typer));
    return left.length === current.length ? state : withTypers(state, conversationId, left);
  }
  return state;
};

/** Who is typing in a conversation now. */
export const typersIn = (state: TypingState, conversationId: number, now: number): Typer[] =>
  (state.get(conversationId) ?? []).filter((typer) => typer.until > now);

/** The state without anyone whose "on" has run out (the same object when nobody has). */
export const pruneTyping = (state: TypingState, now: number): TypingState => {
  let next: Map<number, readonly Typer[]> | null = null;
  for (const [conversationId, typers] of state) {
    const left = typers.filter((typer) => typer.until > now);
    if (left.length === typers.length) continue;
    next ??= new Map(state);
    if (left.length === 0) next.delete(conversationId);
    else next.set(conversationId, left);
  }
  return next ?? state;
};

/** When the next "on" runs out, or null when nobody is typing. */
export const nextExpiry = (state: TypingState): number | null => {
  let soonest: number | null = null;
  for (const typers of state.values()) for (const typer of typers) soonest = soonest === null ? typer.until : Math.min(soonest, typer.until);
  return soonest;
};

/** "Ana is typing…", "Ana and Ben are typing…", "3 people are typing…" (null for nobody). */
export const typingSentence = (names: readonly string[]): string | null => {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
};

/**
 * The sending side of one composer: call `keystroke(detail)` on every change of the draft and
 * `stop()` when the message is sent or the composer goes away. `send(on, detail)` is the typing
 * call, with the detail of the latest keystroke (a private note's typing, say); its failures are
 * the caller's to ignore (typing is a courtesy, never in the way).
 */
export const typingSignal = <D = undefined>(send: (on: boolean, detail: D) => void, timers: Timers = browserTimers) => {
  let sentOnAt: number | null = null;
  let idle: unknown = null;
  let last: D;
  const stop = () => {
    if (idle !== null) timers.clearTimeout(idle);
    idle = null;
    if (sentOnAt === null) return;
    sentOnAt = null;
    send(false, last);
  };
  const keystroke = (detail: D) => {
    const now = timers.now();
    // A change of detail (reply → private note) is news for the other side at once.
    if (sentOnAt === null || now - sentOnAt >= TYPING_REPEAT_MS || detail !== last) {
      sentOnAt = now;
      send(true, detail);
    }
    last = detail;
    if (idle !== null) timers.clearTimeout(idle);
    idle = timers.setTimeout(stop, TYPING_IDLE_MS);
  };
  return { keystroke, stop };
};
