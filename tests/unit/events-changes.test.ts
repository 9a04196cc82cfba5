import { describe, expect, it } from "vitest";
import { changedAttributes, changedKeys } from "@/lib/events/changes";

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
