import Big from "big.js";
import { addDays, localDateOf, localParts, weekdayOf } from "@/lib/planning/time";
import { formatAmount, formatDecimal, formatUnitPrice, minorUnits, parseDecimal, roundMoney } from "./money";
import { matchRule, type Plan, type Rate, type RateUnit, type RuleContext, type RuleWeekday, selectPlan } from "./plans";

/**
 * A quote's prices from its event's allocations, the account's plans and rates, the
 * planner's overrides and the discount codes (DESIGN.md §6 "Pricing" and "Quote
 * arithmetic"). Pure and exact: every amount is a decimal, rounded only where the design
 * says, and the result is what the quote stores as its breakdown.
 */

export type PricedAllocation = { id: string; spaceId: string; spaceName: string; timezone: string; startAt: Date; endAt: Date };

export type LineOverride = { key: string; included?: boolean; quantity?: string | number; unitPrice?: string | number };

export type ExtraLine = {
  key?: string;
  name: string;
  unitPrice: string | number;
  quantity: string | number;
  taxRate: string | number;
  unit?: string;
  category?: string;
  description?: string | null;
};

export type DiscountInput = { code: string; name: string; discountType: "percentage" | "fixed_amount"; value: string | number };

export type PricingInput = {
  currency: string;
  attendees: number | null;
  allocations: PricedAllocation[];
  plans: Plan[];
  eventPlanId: number | null;
  rates: Rate[];
  overrides: { lines: LineOverride[]; additionalLines: ExtraLine[]; optionalLines: ExtraLine[] };
  /** Optional lines counted in the totals. */
  selectedOptionalKeys: string[];
  /** Applied in this order. */
  discounts: DiscountInput[];
};

export type PricedLine = {
  key: string;
  name: string;
  category: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  taxRate: string;
  net: string;
  discount: string;
  tax: string;
  total: string;
  allocationId?: string;
  spaceId?: string;
  description?: string | null;
  /** Optional lines only: whether the line counts in the totals. */
  selected?: boolean;
};

export type PricingWarning = { code: string; message: string; allocationId?: string };

export type Breakdown = {
  lines: PricedLine[];
  additionalLines: PricedLine[];
  optionalLines: PricedLine[];
  discounts: { code: string; name: string; discountType: string; value: string; amount: string }[];
  /** Sum of the counted nets before discounts. */
  subtotalExclTax: string;
  /** By rate, ascending: base = discounted nets at that rate, tax = the sum of those lines' taxes. */
  taxes: { taxRate: string; base: string; tax: string }[];
  totalExclTax: string;
  totalTax: string;
  totalInclTax: string;
  warnings: PricingWarning[];
  planId: number | null;
  planName: string | null;
};

/**
 * Input the engine refuses: a malformed or negative number, a duplicate line key, an unknown
 * discount type. `field` is the request path in the API's snake_case (`overrides.lines.0.quantity`)
 * so the caller can answer 422 naming it.
 */
export class PricingInputError extends RangeError {
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field} ${message}`);
    this.name = "PricingInputError";
    this.field = field;
  }
}

/** Quantities, prices and rates are never negative, so no line and no total ever is. */
const nonNegative = (value: string | number, field: string): Big => {
  let parsed: Big;
  try {
    parsed = parseDecimal(value);
  } catch {
    throw new PricingInputError(field, "must be a plain decimal number");
  }
  if (parsed.lt(0)) throw new PricingInputError(field, "must not be negative");
  return parsed;
};

const sum = (values: Big[]): Big => values.reduce((total, value) => total.plus(value), new Big(0));

/** Floor division of non-negative integers with its exact remainder, whatever Big.DP says. */
const divide = (numerator: Big, denominator: Big): { quotient: Big; remainder: Big } => {
  let quotient = numerator.div(denominator).round(0, Big.roundDown);
  let remainder = numerator.minus(quotient.times(denominator));
  while (remainder.lt(0)) {
    quotient = quotient.minus(1);
    remainder = remainder.plus(denominator);
  }
  while (remainder.gte(denominator)) {
    quotient = quotient.plus(1);
    remainder = remainder.minus(denominator);
  }
  return { quotient, remainder };
};

const HUNDREDTH_HOUR_MS = 36_000;

/** Hours between two instants (buffers are not part of an allocation's own times), to 2 decimals, half away from zero. */
const hoursBetween = (start: Date, end: Date): Big => {
  const ms = end.getTime() - start.getTime();
  if (ms <= 0) return new Big(0);
  // Whole milliseconds are exact integers, so the remainder decides the rounding exactly.
  const remainder = ms % HUNDREDTH_HOUR_MS;
  const hundredths = (ms - remainder) / HUNDREDTH_HOUR_MS + (remainder * 2 >= HUNDREDTH_HOUR_MS ? 1 : 0);
  return new Big(hundredths).times("0.01");
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** Calendar days touched in the zone: the start's local date through the local date of the last millisecond. */
const daysTouched = (start: Date, end: Date, timeZone: string): number => {
  if (end.getTime() <= start.getTime()) return 0;
  return dayNumber(localDateOf(new Date(end.getTime() - 1), timeZone)) - dayNumber(localDateOf(start, timeZone)) + 1;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const shortWeekday = (date: string) => weekdayOf(date).slice(0, 3) as RuleWeekday;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const dateLabel = (date: string) =>
  `${capitalised(shortWeekday(date))} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

type LocalSpan = { start: { date: string; minutes: number }; end: { date: string; minutes: number }; endsNextMidnight: boolean };

const localSpan = (allocation: PricedAllocation): LocalSpan => {
  const start = localParts(allocation.startAt, allocation.timezone);
  const end = localParts(allocation.endAt, allocation.timezone);
  return { start, end, endsNextMidnight: end.minutes === 0 && end.date === addDays(start.date, 1) };
};

/** "Sat 12 Jun 2027, 14:00–23:59"; "…, 18:00–24:00" to midnight; both dates when it runs longer. */
const whenLabel = ({ start, end, endsNextMidnight }: LocalSpan): string => {
  const day = `${dateLabel(start.date)}, ${clock(start.minutes)}`;
  if (end.date === start.date) return `${day}–${clock(end.minutes)}`;
  if (endsNextMidnight) return `${day}–24:00`;
  return `${day} – ${dateLabel(end.date)}, ${clock(end.minutes)}`;
};

const ruleContext = (allocation: PricedAllocation, span: LocalSpan, attendees: number | null, hours: Big): RuleContext => ({
  weekday: shortWeekday(span.start.date),
  startTime: clock(span.start.minutes),
  // A rule on end_time reads the start day's clock: anything past its midnight ends "24:00".
  endTime: span.end.date === span.start.date ? clock(span.end.minutes) : "24:00",
  attendees,
  durationHours: hours,
  spaceId: allocation.spaceId,
  date: span.start.date,
  month: Number(span.start.date.slice(5, 7)),
});

const personUnits: ReadonlySet<RateUnit> = new Set(["person", "person_hour"]);

const quantityFor = (unit: RateUnit, allocation: PricedAllocation, attendees: number | null, hours: Big): Big => {
  switch (unit) {
    case "hour":
      return hours;
    case "day":
      return new Big(daysTouched(allocation.startAt, allocation.endAt, allocation.timezone));
    case "person":
      return new Big(attendees ?? 0);
    case "person_hour":
      return new Big(attendees ?? 0).times(hours);
    case "fixed":
      return new Big(1);
  }
};

type Section = "lines" | "additionalLines" | "optionalLines";

type Entry = {
  section: Section;
  /** Where the line came from in the request, for a duplicate key error. */
  path: string;
  key: string;
  name: string;
  category: string;
  unit: string;
  quantity: Big;
  unitPrice: Big;
  taxRate: Big;
  net: Big;
  discount: Big;
  counted: boolean;
  allocationId?: string;
  spaceId?: string;
  description?: string | null;
};

type ParsedOverride = { included: boolean; quantity: Big | null; unitPrice: Big | null };

/** Every override is checked, even one whose line no longer exists, so bad input always fails. */
const parseOverrides = (overrides: LineOverride[]): Map<string, ParsedOverride> => {
  const byKey = new Map<string, ParsedOverride>();
  overrides.forEach((override, index) => {
    const path = `overrides.lines.${index}`;
    byKey.set(override.key, {
      included: override.included !== false,
      quantity: override.quantity === undefined ? null : nonNegative(override.quantity, `${path}.quantity`),
      unitPrice: override.unitPrice === undefined ? null : nonNegative(override.unitPrice, `${path}.unit_price`),
    });
  });
  return byKey;
};

const extraEntries = (lines: ExtraLine[], section: Section, prefix: string, currency: string, selected: Set<string> | null): Entry[] =>
  lines.map((line, index) => {
    const path = `overrides.${prefix}_lines.${index}`;
    const key = line.key ?? `${prefix}:${index}`;
    const quantity = nonNegative(line.quantity, `${path}.quantity`);
    const unitPrice = nonNegative(line.unitPrice, `${path}.unit_price`);
    return {
      section,
      path: `${path}.key`,
      key,
      name: line.name,
      category: line.category ?? "other",
      unit: line.unit ?? "fixed",
      quantity,
      unitPrice,
      taxRate: nonNegative(line.taxRate, `${path}.tax_rate`),
      net: roundMoney(quantity.times(unitPrice), currency),
      discount: new Big(0),
      counted: selected === null || selected.has(key),
      description: line.description ?? null,
    };
  });

/**
 * Spreads one discount over the counted lines in proportion to their current (already
 * discounted) nets, in whole minor units: each line gets the floor of its exact share, and
 * the units left over go one each to the largest remainders (ties: the earlier line), so the
 * parts sum to the discount exactly and no line's discount passes its net.
 */
const spreadDiscount = (lines: Entry[], amount: Big, digits: number) => {
  if (amount.eq(0)) return;
  // Amounts are already whole minor units: scaling by 10^digits makes them integers exactly.
  const scale = new Big(`1e${digits}`);
  const minorUnit = new Big(`1e-${digits}`);
  const weights = lines.map((line) => line.net.minus(line.discount).times(scale));
  const total = sum(weights);
  const units = amount.times(scale);
  const shares = weights.map((weight, index) => ({ index, ...divide(units.times(weight), total) }));
  let left = units.minus(sum(shares.map((share) => share.quotient)));
  const byRemainder = [...shares].sort((a, b) => b.remainder.cmp(a.remainder) || a.index - b.index);
  for (const share of byRemainder) {
    if (left.lte(0)) break;
    share.quotient = share.quotient.plus(1);
    left = left.minus(1);
  }
  for (const share of shares) {
    const line = lines[share.index] as Entry;
    line.discount = line.discount.plus(share.quotient.times(minorUnit));
  }
};

const discountTypes = new Set(["percentage", "fixed_amount"]);

/** Quote totals are numeric(16, 4) columns: 12 digits before the point. */
const largestTotal = new Big("1e12");

export const priceQuote = (input: PricingInput): Breakdown => {
  const { currency } = input;
  const digits = minorUnits(currency);
  const { attendees } = input;
  if (attendees !== null && (!Number.isInteger(attendees) || attendees < 0)) throw new PricingInputError("attendees", "must be a whole number of at least 0");

  const overrides = parseOverrides(input.overrides.lines);
  const rates = new Map(input.rates.map((rate) => [rate.id, rate]));
  const warnings: PricingWarning[] = [];
  const entries: Entry[] = [];
  let summaryPlan: Plan | null = null;

  const allocations = [...input.allocations].sort(
    (a, b) => a.startAt.getTime() - b.startAt.getTime() || a.endAt.getTime() - b.endAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const allocation of allocations) {
    const span = localSpan(allocation);
    const when = `${allocation.spaceName} on ${whenLabel(span)}`;
    const plan = selectPlan(input.plans, span.start.date, input.eventPlanId);
    if (!plan) {
      warnings.push({ code: "no_plan", message: `No pricing plan applies to ${when}`, allocationId: allocation.id });
      continue;
    }
    summaryPlan ??= plan;
    const hours = hoursBetween(allocation.startAt, allocation.endAt);
    const match = matchRule(plan, rates, ruleContext(allocation, span, attendees, hours));
    if (!match) {
      warnings.push({ code: "no_rate", message: `No rate in plan "${plan.name}" applies to ${when}`, allocationId: allocation.id });
      continue;
    }
    const { rate } = match;
    const key = `allocation:${allocation.id}`;
    const override = overrides.get(key);
    if (override && !override.included) continue;
    const name = `${allocation.spaceName} — ${rate.name}, ${whenLabel(span)}`;
    if (personUnits.has(rate.unit) && attendees === null && (override?.quantity ?? null) === null) {
      warnings.push({ code: "no_attendees", message: `${name}: the event has no attendee count, so the quantity is 0`, allocationId: allocation.id });
    }
    const quantity = override?.quantity ?? quantityFor(rate.unit, allocation, attendees, hours);
    const unitPrice = override?.unitPrice ?? nonNegative(rate.amount, `rates.${rate.id}.amount`);
    entries.push({
      section: "lines",
      path: "allocations",
      key,
      name,
      category: rate.category,
      unit: rate.unit,
      quantity,
      unitPrice,
      taxRate: nonNegative(rate.taxRate, `rates.${rate.id}.tax_rate`),
      net: roundMoney(quantity.times(unitPrice), currency),
      discount: new Big(0),
      counted: true,
      allocationId: allocation.id,
      spaceId: allocation.spaceId,
    });
  }
  if (allocations.length === 0 && input.eventPlanId !== null) {
    summaryPlan = input.plans.find((plan) => plan.id === input.eventPlanId) ?? null;
  }

  entries.push(...extraEntries(input.overrides.additionalLines, "additionalLines", "additional", currency, null));
  entries.push(...extraEntries(input.overrides.optionalLines, "optionalLines", "optional", currency, new Set(input.selectedOptionalKeys)));

  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.key)) throw new PricingInputError(entry.path, `"${entry.key}" is already the key of another line`);
    seen.add(entry.key);
  }

  const counted = entries.filter((entry) => entry.counted);
  const subtotal = sum(counted.map((entry) => entry.net));
  let running = subtotal;
  const discounts = input.discounts.map((discount, index) => {
    if (!discountTypes.has(discount.discountType)) throw new PricingInputError(`discounts.${index}.discount_type`, "must be percentage or fixed_amount");
    const value = nonNegative(discount.value, `discounts.${index}.value`);
    const percentage = discount.discountType === "percentage";
    const wanted = roundMoney(percentage ? running.times(value).times("0.01") : value, currency);
    // Never more than what is left: a larger discount brings the total to 0, never below.
    const amount = wanted.gt(running) ? running : wanted;
    spreadDiscount(counted, amount, digits);
    running = running.minus(amount);
    return {
      code: discount.code,
      name: discount.name,
      discountType: discount.discountType,
      value: percentage ? formatDecimal(value) : formatUnitPrice(value, currency),
      amount: formatAmount(amount, currency),
    };
  });

  const taxOf = (entry: Entry) => roundMoney(entry.net.minus(entry.discount).times(entry.taxRate).times("0.01"), currency);
  const present = (entry: Entry): PricedLine => {
    const base = entry.net.minus(entry.discount);
    const tax = taxOf(entry);
    return {
      key: entry.key,
      name: entry.name,
      category: entry.category,
      quantity: formatDecimal(entry.quantity),
      unit: entry.unit,
      unitPrice: formatUnitPrice(entry.unitPrice, currency),
      taxRate: formatDecimal(entry.taxRate),
      net: formatAmount(entry.net, currency),
      discount: formatAmount(entry.discount, currency),
      tax: formatAmount(tax, currency),
      total: formatAmount(base.plus(tax), currency),
      ...(entry.allocationId === undefined ? {} : { allocationId: entry.allocationId, spaceId: entry.spaceId }),
      ...(entry.description === undefined ? {} : { description: entry.description }),
      ...(entry.section === "optionalLines" ? { selected: entry.counted } : {}),
    };
  };

  const byRate = new Map<string, { rate: Big; base: Big; tax: Big }>();
  for (const entry of counted) {
    const label = formatDecimal(entry.taxRate);
    const group = byRate.get(label) ?? { rate: entry.taxRate, base: new Big(0), tax: new Big(0) };
    group.base = group.base.plus(entry.net.minus(entry.discount));
    group.tax = group.tax.plus(taxOf(entry));
    byRate.set(label, group);
  }
  const taxes = [...byRate.entries()]
    .sort(([, a], [, b]) => a.rate.cmp(b.rate))
    .map(([label, group]) => ({ taxRate: label, base: formatAmount(group.base, currency), tax: formatAmount(group.tax, currency) }));

  const totalExclTax = sum(counted.map((entry) => entry.net.minus(entry.discount)));
  const totalTax = sum(counted.map(taxOf));
  // A quote stores its totals as numeric(16, 4): past that, name the line that weighs most
  // rather than let the database refuse the number.
  if (totalExclTax.plus(totalTax).gte(largestTotal)) {
    const heaviest = counted.reduce((a, b) => (b.net.gt(a.net) ? b : a));
    throw new PricingInputError(heaviest.path.replace(/\.key$/, ""), `brings the quote's total to ${largestTotal.toFixed()} or more, past what a quote can hold`);
  }
  const section = (name: Section) => entries.filter((entry) => entry.section === name).map(present);

  return {
    lines: section("lines"),
    additionalLines: section("additionalLines"),
    optionalLines: section("optionalLines"),
    discounts,
    subtotalExclTax: formatAmount(subtotal, currency),
    taxes,
    totalExclTax: formatAmount(totalExclTax, currency),
    totalTax: formatAmount(totalTax, currency),
    totalInclTax: formatAmount(totalExclTax.plus(totalTax), currency),
    warnings,
    planId: summaryPlan?.id ?? null,
    planName: summaryPlan?.name ?? null,
  };
};
