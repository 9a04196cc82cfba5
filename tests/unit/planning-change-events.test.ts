import { describe, expect, it } from "vitest";
import type { AllocationStatus } from "@/db/schema";
import type { ChangedAttributes } from "@/lib/events/changes";
import { allocationChangeEvents, changedSomething } from "@/lib/planning/change-events";

const change = (key: string, previous: unknown, current: unknown) => ({ [key]: { previous_value: previous, current_value: current } });
const touched = change("updated_at", "2030-01-01T10:00:00.000Z", "2030-01-01T10:05:00.000Z");

describe("which planning events an edit sends", () => {
  it.each<[string, AllocationStatus, AllocationStatus, ChangedAttributes, string[]]>([
    ["nothing changed", "tentative", "tentative", [], []],
    ["only updated_at changed (a PATCH that changed nothing)", "tentative", "tentative", [touched], []],
    ["a move", "tentative", "tentative", [change("start_at", "a", "b"), touched], ["allocation_updated"]],
    ["a confirmation", "tentative", "confirmed", [change("status", "tentative", "confirmed"), touched], ["allocation_updated"]],
    ["a cancellation", "confirmed", "cancelled", [change("status", "confirmed", "cancelled"), touched], ["allocation_updated", "allocation_cancelled"]],
    ["a lapsed hold found expired by an edit", "tentative", "expired", [change("status", "tentative", "expired")], ["allocation_updated", "allocation_expired"]],
    ["an edit of an already cancelled one", "cancelled", "cancelled", [change("title", null, "Gala"), touched], ["allocation_updated"]],
    ["a cancelled one held again", "cancelled", "tentative", [change("status", "cancelled", "tentative")], ["allocation_updated"]],
  ])("%s", (_name, before, after, changes, expected) => {
    expect(allocationChangeEvents(before, after, changes)).toEqual(expected);
  });

  it("counts anything besides updated_at as a change", () => {
    expect(changedSomething([touched])).toBe(false);
    expect(changedSomething([touched, change("status", "lead", "definite")])).toBe(true);
    expect(changedSomething([])).toBe(false);
  });
});
