import { describe, expect, it } from "vitest";
import { dayLabel, localDayKey, previousDayKey, withDaySeparators } from "@/components/conversations/message-days";

// Local times throughout: the separators follow the viewer's zone, whatever zone the tests run in.
const at = (year: number, month: number, day: number, hour = 12, minute = 0) => Math.floor(new Date(year, month - 1, day, hour, minute).getTime() / 1000);

describe("dayLabel", () => {
  it.each([
    ["2026-11-22", "2026-11-22", "Today"],
    ["2026-11-21", "2026-11-22", "Yesterday"],
    ["2026-11-20", "2026-11-22", "Fri 20 Nov 2026"],
    ["2026-11-22", "2026-11-24", "Sun 22 Nov 2026"],
    // Across the turn of a month and of a year.
    ["2026-10-31", "2026-11-01", "Yesterday"],
    ["2025-12-31", "2026-01-01", "Yesterday"],
    ["2025-12-30", "2026-01-01", "Tue 30 Dec 2025"],
    // A message dated after today (a clock ahead of the viewer's) reads as a date, not "Tomorrow".
    ["2026-11-23", "2026-11-22", "Mon 23 Nov 2026"],
  ])("%s seen on %s → %s", (key, today, label) => {
    expect(dayLabel(key, today)).toBe(label);
  });
});

describe("previousDayKey", () => {
  it("steps back by the calendar, also over a clock change and a leap day", () => {
    expect(previousDayKey("2026-03-30")).toBe("2026-03-29");
    expect(previousDayKey("2026-10-26")).toBe("2026-10-25");
    expect(previousDayKey("2028-03-01")).toBe("2028-02-29");
  });
});

describe("localDayKey", () => {
  it("is the local calendar day, late evening included", () => {
    expect(localDayKey(new Date(2026, 10, 22, 23, 59))).toBe("2026-11-22");
    expect(localDayKey(new Date(2026, 10, 23, 0, 0))).toBe("2026-11-23");
  });
});

describe("withDaySeparators", () => {
  const messages = [
    { id: 1, created_at: at(2026, 11, 20, 9, 15) },
    { id: 2, created_at: at(2026, 11, 20, 23, 59) },
    { id: 3, created_at: at(2026, 11, 21, 0, 1) },
    { id: 4, created_at: at(2026, 11, 22, 8, 0) },
    { id: 5, created_at: at(2026, 11, 22, 8, 5) },
  ];

  it("puts a separator before the first message of each day", () => {
    const items = withDaySeparators(messages, "2026-11-22").map((item) => (item.kind === "day" ? item.label : item.message.id));
    expect(items).toEqual(["Fri 20 Nov 2026", 1, 2, "Yesterday", 3, "Today", 4, 5]);
  });

  it("keys each separator by its date", () => {
    const days = withDaySeparators(messages, "2026-11-22").flatMap((item) => (item.kind === "day" ? [item.key] : []));
    expect(days).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("has no separators before the viewer's day is known, and none for no messages", () => {
    expect(withDaySeparators(messages, null).every((item) => item.kind === "message")).toBe(true);
    expect(withDaySeparators([], "2026-11-22")).toEqual([]);
  });
});
