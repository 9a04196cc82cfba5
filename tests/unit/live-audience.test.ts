import { describe, expect, it } from "vitest";
import { presenceStatus } from "@/lib/agents/presence-rule";
import { audienceOf, hears, type Audience, type AudienceFacts, type Viewer } from "@/lib/live/audience";
import { frameOf, type LiveEvent } from "@/lib/live/frame";

const admin: Viewer = { kind: "user", userId: 1, accounts: new Map([[10, "all"]]) };
const agent: Viewer = { kind: "user", userId: 2, accounts: new Map([[10, new Set([100])]]) };
const contact: Viewer = { kind: "contact", accountId: 10, contactInboxId: 500 };

const event = (facts: Partial<AudienceFacts> & { audience?: Audience } = {}): AudienceFacts => ({
  accountId: 10,
  inboxId: 100,
  contactInboxId: 500,
  audience: {},
  ...facts,
});

describe("who hears an event on a live stream", () => {
  it.each([
    ["an admin: an event of any inbox", admin, event({ inboxId: 101 }), true],
    ["an agent: an event of an inbox they are a member of", agent, event(), true],
    ["an agent: nothing of an inbox they are not in", agent, event({ inboxId: 101 }), false],
    ["an agent: account-level events (contacts, planning, presence)", agent, event({ inboxId: null, contactInboxId: null }), true],
    ["nobody: another account's events", admin, event({ accountId: 11 }), false],
    ["an agent: private notes of their inbox", agent, event({ audience: { private: true } }), true],
    ["the typer: not their own typing", agent, event({ audience: { exclude_user_id: 2 } }), false],
    ["others: someone else's typing", admin, event({ audience: { exclude_user_id: 2 } }), true],
    ["a user-only event: that user", agent, event({ audience: { user_id: 2 } }), true],
    ["a user-only event: no one else", admin, event({ audience: { user_id: 2 } }), false],
    ["a notification (no inbox): only its user", agent, event({ inboxId: null, contactInboxId: null, audience: { user_id: 2 } }), true],
    ["a notification: never a contact", contact, event({ inboxId: null, audience: { user_id: 2 } }), false],
    ["a contact: what is visible to them in their own conversation", contact, event({ audience: { contact_visible: true } }), true],
    ["a contact: nothing not marked visible to contacts", contact, event(), false],
    ["a contact: no private note", contact, event({ audience: { contact_visible: true, private: true } }), false],
    ["a contact: nothing of another contact inbox", contact, event({ contactInboxId: 501, audience: { contact_visible: true } }), false],
    ["a contact: nothing of another account", contact, event({ accountId: 11, audience: { contact_visible: true } }), false],
  ])("%s", (_, viewer, facts, expected) => {
    expect(hears(viewer, facts)).toBe(expected);
  });
});

describe("the audience an event is recorded with", () => {
  const user = { kind: "user", id: 2 };
  const someone = { kind: "contact", id: 9 };
  it.each([
    ["an outgoing message: contacts too", "message_created", user, { id: 1, private: false, message_type: "outgoing" }, { private: false, contact_visible: true }],
    ["a private note: agents only", "message_created", user, { id: 1, private: true, message_type: "outgoing" }, { private: true, contact_visible: false }],
    ["an activity message: agents only", "message_updated", user, { id: 1, private: false, message_type: "activity" }, { private: false, contact_visible: false }],
    ["an agent typing: the contact, not the typer", "conversation_typing_on", user, { is_private: false }, { private: false, contact_visible: true, exclude_user_id: 2 }],
    ["an agent typing a private note: agents but the typer", "conversation_typing_on", user, { is_private: true }, { private: true, contact_visible: false, exclude_user_id: 2 }],
    ["the contact typing: agents only", "conversation_typing_off", someone, { is_private: false }, { private: false, contact_visible: false }],
    ["a status change: contacts too", "conversation_status_changed", user, {}, { contact_visible: true }],
    ["a contact update: agents only", "contact_updated", user, {}, {}],
    ["an allocation: agents only", "allocation_created", user, {}, {}],
  ])("%s", (_, name, actor, data, expected) => {
    expect(audienceOf({ name, actor, data })).toEqual(expected);
  });
});

describe("a frame", () => {
  const base: LiveEvent = {
    seq: 7,
    name: "allocation_updated",
    accountId: 10,
    inboxId: null,
    contactInboxId: null,
    audience: {},
    conversationDisplayId: null,
    subjectType: "Allocation",
    subjectId: "a-1",
    live: { data: {}, planning_event_id: "e-1" },
  };
  it("carries the subject and the planning event it belongs to", () => {
    expect(frameOf(base)).toEqual({
      event: "allocation_updated",
      account_id: 10,
      inbox_id: null,
      conversation_id: null,
      subject: { type: "Allocation", id: "a-1" },
      planning_event_id: "e-1",
      data: {},
    });
  });
  it("names the conversation by its display id", () => {
    const frame = frameOf({ ...base, name: "message_created", inboxId: 3, conversationDisplayId: 17, subjectType: "Message", subjectId: "881", live: { data: { id: 881 } } });
    expect(frame).toMatchObject({ conversation_id: 17, inbox_id: 3, subject: { type: "Message", id: "881" }, data: { id: 881 } });
    expect(frame).not.toHaveProperty("planning_event_id");
  });
});

describe("presence (Chatwoot's rule)", () => {
  const now = new Date("2030-01-01T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    ["connected: what they set", { availability: "busy", autoOffline: true }, ago(10), "busy"],
    ["connected and set offline: offline", { availability: "offline", autoOffline: true }, ago(10), "offline"],
    ["not connected, auto offline: offline", { availability: "online", autoOffline: true }, null, "offline"],
    ["stale for a minute, auto offline: offline", { availability: "online", autoOffline: true }, ago(60), "offline"],
    ["not connected, auto offline off: what they set", { availability: "busy", autoOffline: false }, null, "busy"],
  ] as const)("%s", (_, member, lastSeen, expected) => {
    expect(presenceStatus(member, lastSeen, now)).toBe(expected);
  });
});
