import { afterEach, describe, expect, it, vi } from "vitest";
import { batcher, type Timers } from "@/lib/live-client/batch";
import { applyPresence, parseFrame, resetFrame, staleAfter, type LiveFrame } from "@/lib/live-client/frames";
import { isNotificationFrame, unreadCountOf } from "@/lib/live-client/notifications";
import { createLiveStore } from "@/lib/live-client/store";
import { applyTyping, nextExpiry, pruneTyping, typersIn, typingSentence, typingSignal, TYPING_IDLE_MS, TYPING_SHOWN_MS, type TypingState } from "@/lib/live-client/typing";

const frame = (event: string, fields: Partial<LiveFrame> = {}): LiveFrame => ({
  event,
  account_id: 1,
  inbox_id: 3,
  conversation_id: null,
  subject: null,
  planning_event_id: null,
  data: {},
  ...fields,
});

describe("reading a frame", () => {
  it("reads the stream's JSON with the conversation's display id, the subject and the planning event", () => {
    const raw = JSON.stringify({
      event: "allocation_created",
      account_id: 1,
      inbox_id: null,
      conversation_id: null,
      subject: { type: "Allocation", id: "a1" },
      planning_event_id: "e1",
      data: {},
    });
    expect(parseFrame(raw)).toEqual(frame("allocation_created", { inbox_id: null, subject: { type: "Allocation", id: "a1" }, planning_event_id: "e1" }));
  });

  it("takes numeric subject ids as text and leaves out what is missing", () => {
    expect(parseFrame('{"event":"message_created","conversation_id":17,"subject":{"type":"Message","id":881}}')).toEqual({
      event: "message_created",
      account_id: null,
      inbox_id: null,
      conversation_id: 17,
      subject: { type: "Message", id: "881" },
      planning_event_id: null,
      data: {},
    });
    expect(parseFrame('{"event":"reset"}')).toEqual(resetFrame);
  });

  it.each([["not json"], ["[]"], ['{"data":{}}'], ['{"event":""}'], ["null"]])("ignores %s", (raw) => {
    expect(parseFrame(raw)).toBeNull();
  });
});

describe("what a frame makes stale", () => {
  it.each<[string, LiveFrame, ReturnType<typeof staleAfter>]>([
    ["a reset: everything", resetFrame, [{ kind: "everything" }]],
    [
      "a message: the lists, its conversation and its messages",
      frame("message_created", { conversation_id: 17, subject: { type: "Message", id: "881" } }),
      [{ kind: "conversation-lists" }, { kind: "conversation", id: 17 }, { kind: "messages", id: 17 }],
    ],
    [
      "a message edited or deleted: the same",
      frame("message_updated", { conversation_id: 17, subject: { type: "Message", id: "881" } }),
      [{ kind: "conversation-lists" }, { kind: "conversation", id: 17 }, { kind: "messages", id: 17 }],
    ],
    [
      "a conversation's status: the lists and the conversation, not its messages",
      frame("conversation_status_changed", { conversation_id: 17, subject: { type: "Conversation", id: "17" } }),
      [{ kind: "conversation-lists" }, { kind: "conversation", id: 17 }],
    ],
    [
      "a live-only name the client does not know still refreshes its conversation",
      frame("conversation_read", { conversation_id: 4 }),
      [{ kind: "conversation-lists" }, { kind: "conversation", id: 4 }],
    ],
    ["typing is shown, not fetched", frame("conversation_typing_on", { conversation_id: 17 }), []],
    ["presence is shown, not fetched", frame("presence_update", { data: { users: { "2": "busy" } } }), []],
    [
      "a contact: its panel, and the lists and open conversation that show its name",
      frame("contact_updated", { inbox_id: null, subject: { type: "Contact", id: "9" } }),
      [{ kind: "contact", id: 9 }, { kind: "conversation-lists" }, { kind: "conversation" }, { kind: "customer-story" }],
    ],
    ["an inbox renamed: the lists", frame("inbox_updated", { subject: { type: "Inbox", id: "3" } }), [{ kind: "conversation-lists" }]],
    [
      "a booking of an event: the calendar, the customer's story and the event's page",
      frame("allocation_created", { inbox_id: null, subject: { type: "Allocation", id: "a1" }, planning_event_id: "e1" }),
      [{ kind: "calendar" }, { kind: "customer-story" }, { kind: "planning-event", id: "e1" }],
    ],
    [
      "a booking of no event: the calendar and the customer's story",
      frame("allocation_expired", { inbox_id: null, subject: { type: "Allocation", id: "a1" } }),
      [{ kind: "calendar" }, { kind: "customer-story" }],
    ],
    [
      "an event: the calendar, the event picker and its own page",
      frame("event_updated", { inbox_id: null, subject: { type: "PlanningEvent", id: "e1" } }),
      [{ kind: "calendar" }, { kind: "planning-events" }, { kind: "customer-story" }, { kind: "planning-event", id: "e1" }],
    ],
    [
      "a quote accepted: its event's page and the customer's story, not the calendar (its holds send their own)",
      frame("quote_accepted", { inbox_id: null, subject: { type: "Quote", id: "12" }, planning_event_id: "e1" }),
      [{ kind: "customer-story" }, { kind: "planning-event", id: "e1" }],
    ],
    ["something the client knows nothing about: nothing", frame("notification_created", { inbox_id: null }), []],
  ])("%s", (_, input, expected) => {
    expect(staleAfter(input)).toEqual(expected);
  });
});

describe("presence", () => {
  it("merges each update over what is known and ignores what is not a presence", () => {
    const first = applyPresence(new Map(), frame("presence_update", { data: { users: { "2": "online", "3": "busy" } } }));
    const second = applyPresence(first, frame("presence_update", { data: { users: { "3": "offline", "4": "away", x: "online" } } }));
    expect([...second]).toEqual([
      [2, "online"],
      [3, "offline"],
    ]);
  });

  it("leaves the state as it was for other frames", () => {
    const known = new Map([[2, "online" as const]]);
    expect(applyPresence(known, frame("message_created", { conversation_id: 1 }))).toBe(known);
    expect(applyPresence(known, resetFrame)).toBe(known);
  });
});

const typing = (on: boolean, user: { id: number; name: string; type: string }, fields: Partial<LiveFrame> = {}) =>
  frame(on ? "conversation_typing_on" : "conversation_typing_off", { conversation_id: 17, data: { user, is_private: false }, ...fields });
const ana = { id: 2, name: "Ana", type: "user" };
const visitor = { id: 40, name: "Robin", type: "contact" };

describe("who is typing", () => {
  it("shows a typer from on until off, per conversation", () => {
    let state: TypingState = new Map();
    state = applyTyping(state, typing(true, ana), 1000);
    state = applyTyping(state, typing(true, visitor), 1000);
    expect(typersIn(state, 17, 1000).map((typer) => typer.name)).toEqual(["Ana", "Robin"]);
    expect(typersIn(state, 18, 1000)).toEqual([]);
    state = applyTyping(state, typing(false, ana), 1500);
    expect(typersIn(state, 17, 1500).map((typer) => typer.name)).toEqual(["Robin"]);
  });

  it("forgets a typer whose on was not repeated in time, and says when the next one runs out", () => {
    let state: TypingState = applyTyping(new Map(), typing(true, ana), 1000);
    state = applyTyping(state, typing(true, visitor), 3000);
    expect(nextExpiry(state)).toBe(1000 + TYPING_SHOWN_MS);
    const later = 1000 + TYPING_SHOWN_MS;
    expect(typersIn(state, 17, later).map((typer) => typer.name)).toEqual(["Robin"]);
    const pruned = pruneTyping(state, later);
    expect(pruned.get(17)?.map((typer) => typer.name)).toEqual(["Robin"]);
    expect(pruneTyping(pruned, later)).toBe(pruned);
    expect(pruneTyping(pruned, 3000 + TYPING_SHOWN_MS).size).toBe(0);
  });

  it("a repeated on keeps the typer once, for longer", () => {
    let state: TypingState = applyTyping(new Map(), typing(true, ana), 1000);
    state = applyTyping(state, typing(true, ana), 5000);
    expect(state.get(17)).toEqual([{ id: 2, name: "Ana", type: "user", private: false, until: 5000 + TYPING_SHOWN_MS }]);
  });

  it.each([
    ["the contact's message ends the contact's typing", 0, ["Ana"]],
    ["a reply ends the agents' typing", 1, ["Robin"]],
    ["an activity message ends nobody's", 2, ["Ana", "Robin"]],
  ])("%s", (_, messageType, left) => {
    let state: TypingState = applyTyping(new Map(), typing(true, ana), 1000);
    state = applyTyping(state, typing(true, visitor), 1000);
    state = applyTyping(state, frame("message_created", { conversation_id: 17, data: { id: 1, private: false, message_type: messageType } }), 1200);
    expect(typersIn(state, 17, 1200).map((typer) => typer.name)).toEqual(left);
  });

  it("ignores frames it cannot use and answers the same state", () => {
    const state: TypingState = applyTyping(new Map(), typing(true, ana), 1000);
    expect(applyTyping(state, typing(false, visitor), 1100)).toBe(state);
    expect(applyTyping(state, typing(true, { id: 5, name: "X", type: "robot" }), 1100)).toBe(state);
    expect(applyTyping(state, typing(true, ana, { conversation_id: null }), 1100)).toBe(state);
    expect(applyTyping(state, frame("message_created", { conversation_id: 18, data: { message_type: 1 } }), 1100)).toBe(state);
    expect(applyTyping(state, resetFrame, 1100).size).toBe(0);
  });

  it.each([
    [[], null],
    [["Ana"], "Ana is typing…"],
    [["Ana", "Robin"], "Ana and Robin are typing…"],
    [["Ana", "Robin", "Sam"], "3 people are typing…"],
  ])("says %j as %j", (names, sentence) => {
    expect(typingSentence(names)).toBe(sentence);
  });
});

/** A clock and timers the test moves by hand. */
const fakeTimers = () => {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  };
  return { timers, advance };
};

describe("sending typing", () => {
  it("says on at the first keystroke and off after a pause", () => {
    const { timers, advance } = fakeTimers();
    const sent: [boolean, boolean][] = [];
    const signal = typingSignal<boolean>((on, note) => sent.push([on, note]), timers);
    signal.keystroke(false);
    advance(500);
    signal.keystroke(false);
    advance(TYPING_IDLE_MS - 1);
    expect(sent).toEqual([[true, false]]);
    advance(1);
    expect(sent).toEqual([
      [true, false],
      [false, false],
    ]);
  });

  it("repeats on while the typing goes on, so the other side keeps showing it", () => {
    const { timers, advance } = fakeTimers();
    const sent: boolean[] = [];
    const signal = typingSignal((on) => sent.push(on), timers);
    for (let i = 0; i < 10; i++) {
      signal.keystroke(undefined);
      advance(1000);
    }
    expect(sent).toEqual([true, true, true]);
  });

  it("says off at once on send, and nothing more after it", () => {
    const { timers, advance } = fakeTimers();
    const sent: boolean[] = [];
    const signal = typingSignal((on) => sent.push(on), timers);
    signal.keystroke(undefined);
    signal.stop();
    advance(TYPING_IDLE_MS * 2);
    signal.stop();
    expect(sent).toEqual([true, false]);
  });

  it("a switch to a private note is news at once", () => {
    const { timers } = fakeTimers();
    const sent: [boolean, boolean][] = [];
    const signal = typingSignal<boolean>((on, note) => sent.push([on, note]), timers);
    signal.keystroke(false);
    signal.keystroke(true);
    signal.stop();
    expect(sent).toEqual([
      [true, false],
      [true, true],
      [false, true],
    ]);
  });
});

describe("gathering a burst", () => {
  it("hands over a burst once, at most `wait` after its first item, and starts again after", () => {
    const { timers, advance } = fakeTimers();
    const flushed: number[][] = [];
    const batch = batcher<number>((items) => flushed.push(items), 250, timers);
    batch.add([1]);
    advance(100);
    batch.add([2, 3]);
    batch.add([]);
    advance(149);
    expect(flushed).toEqual([]);
    advance(1);
    expect(flushed).toEqual([[1, 2, 3]]);
    batch.add([4]);
    advance(250);
    expect(flushed).toEqual([[1, 2, 3], [4]]);
  });

  it("drops what waits when cancelled", () => {
    const { timers, advance } = fakeTimers();
    const flushed: number[][] = [];
    const batch = batcher<number>((items) => flushed.push(items), 250, timers);
    batch.add([1]);
    batch.cancel();
    advance(1000);
    expect(flushed).toEqual([]);
  });
});

describe("what a page keeps of its stream", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands every frame on, keeps typing and presence, and lets typing run out by itself", () => {
    vi.useFakeTimers({ now: 10_000 });
    const store = createLiveStore();
    const heard: string[] = [];
    let changes = 0;
    store.listen((received) => heard.push(received.event));
    store.watch(() => changes++);

    store.receive(typing(true, ana));
    store.receive(frame("presence_update", { data: { users: { "2": "busy" } } }));
    store.receive(frame("message_updated", { conversation_id: 17 }));
    expect(heard).toEqual(["conversation_typing_on", "presence_update", "message_updated"]);
    expect(store.typing().get(17)?.map((typer) => typer.name)).toEqual(["Ana"]);
    expect(store.presence().get(2)).toBe("busy");
    expect(changes).toBe(2);

    vi.advanceTimersByTime(TYPING_SHOWN_MS);
    expect(store.typing().size).toBe(0);
    expect(changes).toBe(3);

    store.receive(typing(true, visitor));
    store.close();
    expect(store.typing().size).toBe(0);
    expect(store.presence().size).toBe(0);
  });
});

describe("the bell's frames", () => {
  it.each<[string, LiveFrame, boolean, number | null]>([
    ["a new notification with its count", frame("notification_created", { inbox_id: null, data: { id: 4, unread_count: 3 } }), true, 3],
    ["all read: the count only", frame("notification_updated", { inbox_id: null, data: { unread_count: 0 } }), true, 0],
    ["another account's", frame("notification_deleted", { account_id: 2, data: { unread_count: 1 } }), false, 1],
    ["not a notification", frame("quote_accepted", { data: { unread_count: 9 } }), false, 9],
    ["a count that is no count", frame("notification_created", { data: { unread_count: "3" } }), true, null],
    ["a negative count", frame("notification_created", { data: { unread_count: -1 } }), true, null],
  ])("%s", (_, given, isNotification, count) => {
    expect(isNotificationFrame(given, 1)).toBe(isNotification);
    expect(unreadCountOf(given)).toBe(count);
  });

  it("refetches nothing on the screens: only the bell and the list follow them", () => {
    expect(staleAfter(frame("notification_created", { inbox_id: null, subject: { type: "Notification", id: "4" }, data: { unread_count: 1 } }))).toEqual([]);
  });
});
