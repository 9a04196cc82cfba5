import Big from "big.js";

/**
 * Exact decimal money for quotes (DESIGN.md §6 "Quote arithmetic"). Every amount is a Big;
 * binary floats never carry a value between parsing and formatting.
 */

/**
 * ISO 4217 minor units where the ICU/CLDR data behind Intl says otherwise. CLDR records the
 * digits people usually write (often the cash digits), ISO the unit invoices are kept in, and
 * quotes follow ISO. "0 in Node 20" was checked against Node 20's ICU 78 (CLDR 48); the rest
 * report 2 there but CLDR has carried 0 for them as digits or cash digits, and they are pinned
 * so an ICU upgrade cannot move a quote's rounding.
 */
const isoOverrides: Record<string, number> = {
  AFN: 2, // Afghani: 0 in Node 20
  ALL: 2, // Lek: 0 in Node 20
  AMD: 2, // Armenian dram: CLDR cash digits 0
  COP: 2, // Colombian peso: 0 in Node 20
  HUF: 2, // Forint: 0 in Node 20
  IDR: 2, // Rupiah: 0 in Node 20
  IQD: 3, // Iraqi dinar: 0 in Node 20
  IRR: 2, // Iranian rial: 0 in Node 20
  KPW: 2, // North Korean won: 0 in Node 20
  LAK: 2, // Lao kip: 0 in Node 20
  LBP: 2, // Lebanese pound: 0 in Node 20
  MGA: 2, // Ariary: 0 in Node 20
  MMK: 2, // Kyat: 0 in Node 20
  MNT: 2, // Tugrik: CLDR cash digits 0
  PKR: 2, // Pakistan rupee: 0 in Node 20
  RSD: 2, // Serbian dinar: CLDR digits 0 in older versions
  SLL: 2, // Leone (old): 0 in Node 20
  SOS: 2, // Somali shilling: 0 in Node 20
  SYP: 2, // Syrian pound: 0 in Node 20
  TWD: 2, // New Taiwan dollar: CLDR cash digits 0
  UZS: 2, // Uzbekistan sum: CLDR cash digits 0
  YER: 2, // Yemeni rial: 0 in Node 20
};

const CURRENCY = /^[A-Za-z]{3}$/;
const exponents = new Map<string, number>();

/** The ISO 4217 exponent of a currency (EUR 2, JPY 0, BHD 3); RangeError for a malformed code. */
export const minorUnits = (currency: string): number => {
  if (!CURRENCY.test(currency)) throw new RangeError(`Invalid currency code: ${JSON.stringify(currency)}`);
  const code = currency.toUpperCase();
  const known = exponents.get(code);
  if (known !== undefined) return known;
  const digits =
    isoOverrides[code] ??
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ??
    2;
  exponents.set(code, digits);
  return digits;
};

/** Big.js reads its rounding mode from a global; pass it explicitly so no caller can change it. */
const HALF_AWAY_FROM_ZERO = Big.roundHalfUp;

/** Drops the sign of a zero, so nothing ever prints "-0.00". */
const unsignedZero = (value: Big): Big => (value.eq(0) ? new Big(0) : value);

/** Rounds to the currency's minor unit, half away from zero (0.005 → 0.01, −0.005 → −0.01). */
export const roundMoney = (value: Big, currency: string): Big =>
  unsignedZero(value.round(minorUnits(currency), HALF_AWAY_FROM_ZERO));

/** An amount with exactly the currency's digits: "1234.50", "1235" (JPY), "12.345" (BHD). */
export const formatAmount = (value: Big, currency: string): string =>
  roundMoney(value, currency).toFixed(minorUnits(currency));

/**
 * A unit price: at least the currency's digits, more when the price has them (a 0.333 EUR
 * unit price stays "0.333"; rounding happens on the line net, not on the price).
 */
export const formatUnitPrice = (value: Big, currency: string): string => {
  const plain = unsignedZero(value);
  const decimals = Math.max(plain.c.length - plain.e - 1, 0);
  return plain.toFixed(Math.max(decimals, minorUnits(currency)));
};

/** Plain notation without trailing zeros or exponent: "2.5", "3", "21", "0.0000001". */
export const formatDecimal = (value: Big): string => unsignedZero(value).toFixed();

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A decimal from a JSON string or number. Strings must be plain decimals ("12", "-3.50"); a
 * number is read through its shortest decimal form (0.1 → "0.1"), so a float never leaks its
 * binary expansion. Exponent notation, NaN and infinities are refused with a RangeError.
 */
export const parseDecimal = (value: string | number): Big => {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return parseDecimal(String(value === 0 ? 0 : value));
  }
  if (typeof value !== "string" || !DECIMAL.test(value)) throw new RangeError(`Not a plain decimal: ${JSON.stringify(value)}`);
  return unsignedZero(new Big(value));
};
