import type Big from "big.js";
import { minorUnits, parseDecimal } from "@/lib/pricing/money";

/**
 * Money and plain numbers, worded once for every view of a quote: the editor, the HTML preview,
 * the PDF and the customer's page. Amounts arrive as the exact decimal strings the server priced
 * and are checked by parseDecimal (RangeError for anything else; "-0.00" is zero). Intl formats
 * a decimal string digit for digit (ECMA-402 NumberFormat v3, Node 20 and every current
 * browser), so no amount ever passes through a float. No React, no server imports.
 */

const LOCALE = "en";
const formats = new Map<string, Intl.NumberFormat>();

/** A format showing exactly `digits` decimals (or up to `digits` when `upTo`), with grouping. */
const formatWith = (currency: string | null, digits: number, upTo = false) => {
  const key = `${currency ?? "-"}:${digits}:${upTo}`;
  let format = formats.get(key);
  if (!format) {
    const fractions = { minimumFractionDigits: upTo ? 0 : digits, maximumFractionDigits: digits };
    format = new Intl.NumberFormat(LOCALE, currency ? { style: "currency", currency, ...fractions } : fractions);
    formats.set(key, format);
  }
  return format;
};

/** The decimals a value needs to be shown whole: "12.50" → 1, "0.3333" → 4, "3" → 0 (trailing zeros carry nothing). */
const decimalsOf = (value: Big) => Math.max(value.c.length - value.e - 1, 0);

const literal = (value: Big) => value.toFixed() as Intl.StringNumericLiteral;

/** "€1,234.50", "¥1,235", "BHD 12.345": an amount with exactly the currency's ISO 4217 digits. */
export const formatMoney = (amount: string, currency: string): string => {
  const code = currency.toUpperCase();
  return formatWith(code, minorUnits(code)).format(literal(parseDecimal(amount)));
};

/**
 * A unit price shows every digit the stored price has and never fewer than the currency's:
 * "€0.3333", "€12.50", "€4,500.00". Rounding happens on a line's amount, never on its price.
 */
export const formatUnitPrice = (amount: string, currency: string): string => {
  const code = currency.toUpperCase();
  const value = parseDecimal(amount);
  return formatWith(code, Math.max(decimalsOf(value), minorUnits(code))).format(literal(value));
};

/** What a discount takes off: "-€120.00"; nothing off is "€0.00", never "-€0.00". */
export const formatDeduction = (amount: string, currency: string): string => {
  const value = parseDecimal(amount);
  return formatMoney(value.eq(0) ? "0" : value.abs().neg().toFixed(), currency);
};

/** "1,200", "2.5", "0.3333": a plain number with grouping and every digit it has. */
export const formatNumber = (value: string): string => {
  const parsed = parseDecimal(value);
  return formatWith(null, decimalsOf(parsed), true).format(literal(parsed));
};

/** "21%", "5.5%". */
export const formatPercent = (rate: string): string => `${formatNumber(rate)}%`;

/** A discount code's value: a percentage, or an amount off shown with the unit-price rule ("€12.345"). */
export const formatDiscountValue = (discountType: string, value: string, currency: string): string =>
  discountType === "percentage" ? formatPercent(value) : formatUnitPrice(value, currency);

/** Whether a stored amount is zero ("0", "0.00", "-0.00"): read from the digits, never computed in floats. */
export const isZero = (amount: string): boolean => parseDecimal(amount).eq(0);
