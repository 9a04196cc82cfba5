import { describe, expect, it } from "vitest";
import { formatDeduction, formatDiscountValue, formatMoney, formatNumber, formatPercent, formatUnitPrice, isZero } from "@/lib/format/money";

// Intl separates a currency code from the amount with a no-break space.
const nbsp = "\u00a0";

describe("formatMoney", () => {
  it.each([
    ["12345678901234567.89", "EUR", "€12,345,678,901,234,567.89"],
    ["0.10", "EUR", "€0.10"],
    ["1234.5", "usd", "$1,234.50"],
    ["1235", "JPY", "¥1,235"],
    ["12.345", "BHD", `BHD${nbsp}12.345`],
    // CLDR says 0 digits for HUF; invoices (and our rounding) keep ISO 4217's 2.
    ["1500.50", "HUF", `HUF${nbsp}1,500.50`],
    ["-0.00", "EUR", "€0.00"],
    ["-12.50", "EUR", "-€12.50"],
  ])("%s %s → %s", (amount, currency, expected) => expect(formatMoney(amount, currency)).toBe(expected));

  it("refuses an amount that is not a plain decimal instead of printing NaN", () => {
    expect(() => formatMoney("1e3", "EUR")).toThrow(RangeError);
    expect(() => formatMoney("", "EUR")).toThrow(RangeError);
  });
});

describe("formatUnitPrice: every digit the stored price has, never fewer than the currency's", () => {
  it.each([
    ["0.333", "EUR", "€0.333"],
    ["0.3333", "EUR", "€0.3333"],
    ["4500", "EUR", "€4,500.00"],
    ["12.5", "EUR", "€12.50"],
    // A numeric(16,4) column reads back with trailing zeros: they carry no digit of the price.
    ["12.5000", "EUR", "€12.50"],
    ["150.0000", "EUR", "€150.00"],
    ["1234567.8912", "EUR", "€1,234,567.8912"],
    ["15000", "JPY", "¥15,000"],
    ["0.5", "JPY", "¥0.5"],
    ["12.3456", "BHD", `BHD${nbsp}12.3456`],
    ["1.5", "BHD", `BHD${nbsp}1.500`],
    ["0", "EUR", "€0.00"],
    // Past what a double holds: no digit is lost to a float.
    ["123456789012345.6789", "EUR", "€123,456,789,012,345.6789"],
  ])("%s %s → %s", (amount, currency, expected) => expect(formatUnitPrice(amount, currency)).toBe(expected));
});

describe("formatDeduction", () => {
  it.each([
    ["120.00", "-€120.00"],
    ["-120.00", "-€120.00"],
    ["0.00", "€0.00"],
    ["-0.00", "€0.00"],
  ])("%s → %s", (amount, expected) => expect(formatDeduction(amount, "EUR")).toBe(expected));
});

describe("plain numbers and percentages", () => {
  it.each([
    ["1200", "1,200"],
    ["2.50", "2.5"],
    ["0.3333", "0.3333"],
    ["0.0000001", "0.0000001"],
    ["-0", "0"],
  ])("formatNumber %s → %s", (value, expected) => expect(formatNumber(value)).toBe(expected));

  it.each([
    ["21", "21%"],
    ["21.000", "21%"],
    ["5.5", "5.5%"],
    ["0", "0%"],
  ])("formatPercent %s → %s", (value, expected) => expect(formatPercent(value)).toBe(expected));

  it.each([
    ["percentage", "10.0000", "10%"],
    ["fixed_amount", "50.0000", "€50.00"],
    ["fixed_amount", "12.345", "€12.345"],
  ])("formatDiscountValue %s %s → %s", (type, value, expected) => expect(formatDiscountValue(type, value, "EUR")).toBe(expected));

  it.each([
    ["0", true],
    ["0.00", true],
    ["-0.00", true],
    ["0.01", false],
  ])("isZero %s → %s", (amount, expected) => expect(isZero(amount)).toBe(expected));
});
