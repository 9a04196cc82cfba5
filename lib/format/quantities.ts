import { parseDecimal } from "@/lib/pricing/money";
import { formatMoney, formatNumber, formatPercent, formatUnitPrice } from "./money";

/**
 * Quantities with their units, in the words of the customer's document ("80 people",
 * "2.5 hours"), for the editor, the HTML preview, the PDF and the public page alike.
 * No React, no server imports.
 */

/** The units rates and bundles count in; any other unit is shown as its own words. */
const units: Record<string, { one: string; many: string }> = {
  hour: { one: "hour", many: "hours" },
  day: { one: "day", many: "days" },
  person: { one: "person", many: "people" },
  person_hour: { one: "person-hour", many: "person-hours" },
};

const readable = (unit: string) => unit.replace(/[_-]+/g, " ").trim();

/** A fixed line counts itself: it has no unit word. */
const unitless = (unit: string) => unit === "fixed" || readable(unit) === "";

/** "hour", "person": what one unit is called, for "per …" and "/ …"; null for a fixed price. */
export const unitName = (unit: string): string | null => (unitless(unit) ? null : (units[unit]?.one ?? readable(unit)));

/** "2.5 hours", "1 person", "180 people", "3" (fixed), "2 night shift" (a unit we have no words for). */
export const formatQuantity = (quantity: string, unit: string): string => {
  const amount = formatNumber(quantity);
  if (unitless(unit)) return amount;
  const known = units[unit];
  if (!known) return `${amount} ${readable(unit)}`;
  return `${amount} ${parseDecimal(quantity).eq(1) ? known.one : known.many}`;
};

/** "€150.00 / hour", "€12.50 / person"; a fixed price is just the price. */
export const formatRate = (unitPrice: string, unit: string, currency: string): string => {
  const price = formatUnitPrice(unitPrice, currency);
  const name = unitName(unit);
  return name ? `${price} / ${name}` : price;
};

/** "180 people", "1 person": an event's attendees. */
export const formatAttendees = (count: number): string => formatQuantity(String(count), "person");

export type PricedLine = { quantity: string; unit: string; unit_price: string; tax_rate: string; net: string };
export type LineFigures = { quantity: string; unitPrice: string; taxRate: string; amount: string };

/** A priced line's figures as every view shows them: the editor's table and the document's are the same words. */
export const lineFigures = (line: PricedLine, currency: string): LineFigures => ({
  quantity: formatQuantity(line.quantity, line.unit),
  unitPrice: formatRate(line.unit_price, line.unit, currency),
  taxRate: formatPercent(line.tax_rate),
  amount: formatMoney(line.net, currency),
});
