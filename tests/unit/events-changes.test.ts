import { describe, expect, it } from "vitest";
import { changedAttributes, changedKeys, conversationEvents, meaningfulChanges } from "@/lib/events/changes";

const at = (iso: string) => new Date(iso);

describe("changed_attributes as Chatwoot renders them", () => {
  it.each([
    ["nothing changed", { status: "open" }, { status: "open" }, ["status"], []],
    ["one change", { status: "pending" }, { status: "open" }, ["status"], [{ status: { previous_value: "pending", current_value: "open" } }]],
    [
      "listed order, unlisted keys ignored",
      { priority: null, status: "open", secret: "a" },
      { priority: "high", status: "resolved", secret: "b" },
      ["status", "priority"],
      [{ status: { previous_value: "open", current_value: "resolved" } }, { priority: { previous_value: null, current_value: "high" } }],
    ],
    [
      "dates as ISO times, equal instants unchanged",
      { snoozed_until: at("2026-11-24T10:00:00Z"), updated_at: at("2026-11-24T10:00:00Z") },
      { snoozed_until: at("2026-11-24T10:00:00.000Z"), updated_at: at("2026-11-24T10:00:01Z") },
      ["snoozed_until", "updated_at"],
      [{ updated_at: { previous_value: "2026-11-24T10:00:00.000Z", current_value: "2026-11-24T10:00:01.000Z" } }],
    ],
    ["undefined reads as null", { team_id: undefined }, { team_id: null }, ["team_id"], []],
    [
      "objects compared by content, not key order",
      { custom_attributes: { a: 1, b: [1, 2] } },
      { custom_attributes: { b: [1, 2], a: 1 } },
      ["custom_attributes"],
      [],
    ],
    [
      "a changed array",
      { label_list: ["vip"] },
      { label_list: ["vip", "wedding"] },
      ["label_list"],
      [{ label_list: { previous_value: ["vip"], current_value: ["vip", "wedding"] } }],
    ],
    ["an array is not an object", { value: [] }, { value: {} }, ["value"], [{ value: { previous_value: [], current_value: {} } }]],
  ] as const)("%s", (_name, before, after, keys, expected) => {
    const changes = changedAttributes(before as Record<string, unknown>, after as Record<string, unknown>, keys as readonly string[]);
    expect(changes).toEqual(expected);
    expect(changedKeys(changes)).toEqual(expected.map((change) => Object.keys(change)[0]));
  });
});

/** A conversation as Chatwoot names its attributes; each case changes some of them. */
const conversation = {
  status: "pending",
  priority: null,
  assignee_id: null,
  assignee_agent_bot_id: null,
  team_id: null,
  snoozed_until: null,
  label_list: [],
  custom_attributes: {},
  additional_attributes: {},
  waiting_since: at("2026-11-24T10:00:00Z"),
  first_reply_created_at: null,
  agent_last_seen_at: null,
  last_activity_at: at("2026-11-24T10:00:00Z"),
  updated_at: at("2026-11-24T10:00:00Z"),
};
const later = { updated_at: at("2026-11-24T10:05:00Z") };
const updatedAt = { updated_at: { previous_value: "2026-11-24T10:00:00.000Z", current_value: "2026-11-24T10:05:00.000Z" } };

describe("the events a conversation change makes (Chatwoot's Conversation callbacks)", () => {
  it.each([
    [
      "opened: bots hear opened, everyone status_changed (status only) and updated (everything)",
      { status: "open", ...later },
      [
        ["conversation_opened", undefined],
        ["conversation_status_changed", [{ status: { previous_value: "pending", current_value: "open" } }]],
        ["conversation_updated", [{ status: { previous_value: "pending", current_value: "open" } }, updatedAt]],
      ],
    ],
    [
      "resolved",
      { status: "resolved", ...later },
      [
        ["conversation_resolved", undefined],
        ["conversation_status_changed", [{ status: { previous_value: "pending", current_value: "resolved" } }]],
        ["conversation_updated", [{ status: { previous_value: "pending", current_value: "resolved" } }, updatedAt]],
      ],
    ],
    [
      "snoozed: no opened or resolved",
      { status: "snoozed", snoozed_until: at("2026-11-25T08:00:00Z"), ...later },
      [
        ["conversation_status_changed", [{ status: { previous_value: "pending", current_value: "snoozed" } }]],
        [
          "conversation_updated",
          [
            { status: { previous_value: "pending", current_value: "snoozed" } },
            { snoozed_until: { previous_value: null, current_value: "2026-11-25T08:00:00.000Z" } },
            updatedAt,
          ],
        ],
      ],
    ],
    ["priority", { priority: "high", ...later }, [["conversation_updated", [{ priority: { previous_value: null, current_value: "high" } }, updatedAt]]]],
    ["labels as label_list", { label_list: ["vip"], ...later }, [["conversation_updated", [{ label_list: { previous_value: [], current_value: ["vip"] } }, updatedAt]]]],
    ["an agent bot assigned", { assignee_agent_bot_id: 3, ...later }, [["conversation_updated", [{ assignee_agent_bot_id: { previous_value: null, current_value: 3 } }, updatedAt]]]],
    ["the team", { team_id: 4, ...later }, [["conversation_updated", [{ team_id: { previous_value: null, current_value: 4 } }, updatedAt]]]],
    ["custom attributes", { custom_attributes: { guests: 40 }, ...later }, [["conversation_updated", [{ custom_attributes: { previous_value: {}, current_value: { guests: 40 } } }, updatedAt]]]],
    [
      "the wait ended by a first reply",
      { waiting_since: null, first_reply_created_at: at("2026-11-24T10:05:00Z"), last_activity_at: at("2026-11-24T10:05:00Z"), ...later },
      [
        [
          "conversation_updated",
          [
            { waiting_since: { previous_value: "2026-11-24T10:00:00.000Z", current_value: null } },
            { first_reply_created_at: { previous_value: null, current_value: "2026-11-24T10:05:00.000Z" } },
            { last_activity_at: { previous_value: "2026-11-24T10:00:00.000Z", current_value: "2026-11-24T10:05:00.000Z" } },
            updatedAt,
          ],
        ],
      ],
    ],
    ["activity time only: nothing", { last_activity_at: at("2026-11-24T10:05:00Z"), ...later }, []],
    ["seen by an agent: nothing", { agent_last_seen_at: at("2026-11-24T10:05:00Z"), ...later }, []],
    ["other additional attributes: nothing", { additional_attributes: { browser: "Firefox" }, ...later }, []],
    [
      "the conversation language",
      { additional_attributes: { conversation_language: "de" }, ...later },
      [["conversation_updated", [{ additional_attributes: { previous_value: {}, current_value: { conversation_language: "de" } } }, updatedAt]]],
    ],
    ["nothing at all", {}, []],
  ])("%s", (_name, change, expected) => {
    const events = conversationEvents(conversation, { ...conversation, ...change });
    expect(events.map((event) => [event.name, event.changedAttributes])).toEqual(expected);
  });
});

describe("changes worth a contact_updated or inbox_updated", () => {
  const stamp = { updated_at: { previous_value: "a", current_value: "b" } };
  const activity = { last_activity_at: { previous_value: "a", current_value: "b" } };
  const name = { name: { previous_value: "Ada", current_value: "Ada L." } };
  it.each([
    ["a real change keeps every change, stamps included", [name, stamp], [name, stamp]],
    ["stamps only: none", [activity, stamp], []],
    ["nothing: none", [], []],
  ])("%s", (_name, changes, expected) => {
    expect(meaningfulChanges(changes, ["last_activity_at", "updated_at"])).toEqual(expected);
  });
});
