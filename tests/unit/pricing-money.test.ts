import Big from "big.js";
import { describe, expect, it } from "vitest";
import { formatAmount, formatDecimal, formatUnitPrice, minorUnits, parseDecimal, roundMoney } from "@/lib/pricing/money";

// ISO 4217 (list one): every active code whose minor unit is not 2.
const ISO_NOT_TWO: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

describe("minorUnits", () => {
  it.each([
    ["EUR", 2],
    ["USD", 2],
    ["GBP", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["CLP", 0],
    ["ISK", 0],
    ["UGX", 0],
    ["VND", 0],
    ["BHD", 3],
    ["KWD", 3],
    ["JOD", 3],
    ["TND", 3],
    ["OMR", 3],
    ["LYD", 3],
    // Intl (CLDR) says 0 for these; ISO 4217 says otherwise.
    ["IQD", 3],
    ["IDR", 2],
    ["HUF", 2],
    ["COP", 2],
    ["PKR", 2],
    ["AFN", 2],
    ["CLF", 4],
    ["eur", 2],
    ["jpy", 0],
  ])("%s has %i decimals", (currency, digits) => {
    expect(minorUnits(currency)).toBe(digits);
  });

  it("agrees with ISO 4217 for every currency Intl knows", () => {
    const wrong = Intl.supportedValuesOf("currency")
      .map((code) => [code, minorUnits(code), ISO_NOT_TWO[code] ?? 2] as const)
      .filter(([, actual, expected]) => actual !== expected);
    expect(wrong).toEqual([]);
  });

  it.each(["EURO", "EU", "", "E1R", "€"])("refuses the malformed code %j", (currency) => {
    expect(() => minorUnits(currency)).toThrow(RangeError);
  });
});

describe("roundMoney", () => {
  it.each([
    ["0.005", "EUR", "0.01"],
    ["-0.005", "EUR", "-0.01"],
    ["0.004999", "EUR", "0"],
    ["0.015", "EUR", "0.02"],
    ["1.125", "EUR", "1.13"],
    // 2.675 is 2.67499999… as a float; as a decimal it is a tie and rounds up.
    ["2.675", "EUR", "2.68"],
    ["1.0005", "BHD", "1.001"],
    ["1.00049", "BHD", "1"],
    ["1234.5", "JPY", "1235"],
    ["-1234.5", "JPY", "-1235"],
    ["0.5", "JPY", "1"],
    ["0.49", "KRW", "0"],
    ["99999999999999.995", "EUR", "100000000000000"],
  ])("%s %s → %s", (value, currency, expected) => {
    expect(roundMoney(new Big(value), currency).toFixed()).toBe(expected);
  });

  it("never leaves a negative zero", () => {
    expect(formatAmount(roundMoney(new Big("-0.004"), "EUR"), "EUR")).toBe("0.00");
    expect(roundMoney(new Big("-0.4"), "JPY").toFixed()).toBe("0");
  });

  it("ignores a global change of big.js's rounding mode", () => {
    const saved = Big.RM;
    Big.RM = Big.roundDown;
    try {
      expect(roundMoney(new Big("0.005"), "EUR").toFixed()).toBe("0.01");
    } finally {
      Big.RM = saved;
    }
  });
});

describe("formatAmount", () => {
  it.each([
    ["1234.5", "EUR", "1234.50"],
    ["1234.5", "JPY", "1235"],
    ["12.3456", "BHD", "12.346"],
    ["0", "EUR", "0.00"],
    ["0", "JPY", "0"],
    ["0", "KWD", "0.000"],
    ["-0.001", "EUR", "0.00"],
    ["7", "USD", "7.00"],
    ["10000000000000000000000000", "EUR", "10000000000000000000000000.00"],
  ])("%s %s → %s", (value, currency, expected) => {
    expect(formatAmount(new Big(value), currency)).toBe(expected);
  });

  it("keeps 0.1 + 0.2 exact", () => {
    expect(formatAmount(parseDecimal(0.1).plus(parseDecimal(0.2)), "EUR")).toBe("0.30");
    expect(parseDecimal(0.1).plus(parseDecimal(0.2)).eq("0.3")).toBe(true);
  });
});

describe("formatUnitPrice", () => {
  it.each([
    ["0.333", "EUR", "0.333"],
    ["150", "EUR", "150.00"],
    ["12.5", "EUR", "12.50"],
    ["1500", "JPY", "1500"],
    ["12.5", "JPY", "12.5"],
    ["0.0001", "BHD", "0.0001"],
    ["2", "BHD", "2.000"],
  ])("%s %s → %s", (value, currency, expected) => {
    expect(formatUnitPrice(new Big(value), currency)).toBe(expected);
  });
});

describe("formatDecimal", () => {
  it.each([
    ["2.50", "2.5"],
    ["21.000", "21"],
    ["5.5", "5.5"],
    ["0.0000001", "0.0000001"],
    ["1000000000000000000000000", "1000000000000000000000000"],
    ["-0", "0"],
  ])("%s → %s", (value, expected) => {
    expect(formatDecimal(new Big(value))).toBe(expected);
  });
});

describe("parseDecimal", () => {
  it.each<[string | number, string]>([
    ["12", "12"],
    ["-3.50", "-3.5"],
    ["0007", "7"],
    ["0.333", "0.333"],
    ["123456789012345678901234567890.123456789", "123456789012345678901234567890.123456789"],
    [0.1, "0.1"],
    [21, "21"],
    [5.5, "5.5"],
    [-0, "0"],
    [1 / 3, "0.3333333333333333"],
    [1e20, "100000000000000000000"],
  ])("reads %j as %s", (value, expected) => {
    expect(parseDecimal(value).toFixed()).toBe(expected);
  });

  it.each<string | number>(["1e3", "1E3", " 1", "1 ", "", "+1", ".5", "5.", "1,5", "abc", "Infinity", "NaN", "0x10", "--1", "1.2.3", NaN, Infinity, -Infinity, 1e21, 1e-7])(
    "refuses %j",
    (value) => {
      expect(() => parseDecimal(value)).toThrow(RangeError);
    },
  );
});
