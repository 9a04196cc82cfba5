import { describe, expect, it } from "vitest";
import { formatAttendees, formatQuantity, formatRate, lineFigures, unitName } from "@/lib/format/quantities";

describe("formatQuantity: the customer's document's words", () => {
  it.each([
    ["1", "hour", "1 hour"],
    ["2.5", "hour", "2.5 hours"],
    ["1", "day", "1 day"],
    ["1.00", "person", "1 person"],
    ["80", "person", "80 people"],
    ["1200", "person", "1,200 people"],
    ["720", "person_hour", "720 person-hours"],
    ["3", "fixed", "3"],
    ["3", "", "3"],
    ["2", "night_shift", "2 night shift"],
  ])("%s %s → %s", (quantity, unit, expected) => expect(formatQuantity(quantity, unit)).toBe(expected));

  it("never says guests", () => {
    for (const quantity of ["1", "2", "180"]) expect(formatQuantity(quantity, "person")).not.toMatch(/guest/);
    expect(formatAttendees(180)).toBe("180 people");
    expect(formatAttendees(1)).toBe("1 person");
  });
});

describe("formatRate", () => {
  it.each([
    ["150", "hour", "€150.00 / hour"],
    ["12.5", "person", "€12.50 / person"],
    ["0.3333", "person_hour", "€0.3333 / person-hour"],
    ["950", "fixed", "€950.00"],
    ["400", "night_shift", "€400.00 / night shift"],
  ])("%s %s → %s", (price, unit, expected) => expect(formatRate(price, unit, "EUR")).toBe(expected));

  it.each([
    ["hour", "hour"],
    ["person", "person"],
    ["fixed", null],
    ["night_shift", "night shift"],
  ])("unitName %s → %s", (unit, expected) => expect(unitName(unit)).toBe(expected));
});

describe("lineFigures", () => {
  it("words a priced line's quantity, rate, tax and amount", () => {
    expect(lineFigures({ quantity: "80", unit: "person", unit_price: "28.50", tax_rate: "9", net: "2280.00" }, "EUR")).toEqual({
      quantity: "80 people",
      unitPrice: "€28.50 / person",
      taxRate: "9%",
      amount: "€2,280.00",
    });
  });
});
