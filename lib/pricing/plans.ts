import Big from "big.js";
import { isClock, isLocalDate, parseClock } from "@/lib/planning/time";
import { parseDecimal } from "./money";

/**
 * Which pricing plan applies to a date and which of its rules prices an allocation
 * (DESIGN.md §6 "Pricing"). Pure: plans, rules and rates arrive loaded; times arrive already
 * read in the space's time zone.
 */

export type RateUnit = "hour" | "day" | "person" | "person_hour" | "fixed";

export type Rate = {
  id: number;
  name: string;
  unit: RateUnit;
  amount: string;
  taxRate: string;
  category: "space" | "catering" | "equipment" | "staff" | "other";
  spaceId: string | null;
  active: boolean;
};

export const clauseFields = ["weekday", "start_time", "end_time", "attendees", "duration_hours", "space_id", "date", "month"] as const;
export type ClauseField = (typeof clauseFields)[number];

export const clauseOperators = ["eq", "in", "gte", "lte", "between"] as const;
export type ClauseOperator = (typeof clauseOperators)[number];

export type Clause = { field: ClauseField; operator: ClauseOperator; value: unknown };

export type Rule = { id: number; name: string; rateId: number; priority: number; active: boolean; isDefault: boolean; clauses: Clause[] };

export type Bundle = {
  key: string;
  name: string;
  unit: "person" | "fixed";
  amount: string;
  taxRate: string;
  category: string;
  description: string | null;
};

export type Plan = {
  id: number;
  name: string;
  validFrom: string | null;
  validTo: string | null;
  repeatYearly: boolean;
  active: boolean;
  isDefault: boolean;
  rules: Rule[];
  bundles: Bundle[];
};

/** Clause weekdays are short names; ordered Monday first, so `between ["mon", "fri"]` is a working week. */
export const ruleWeekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type RuleWeekday = (typeof ruleWeekdays)[number];

/**
 * What a rule's clauses look at, for one allocation. Times and dates are local to the space:
 * `date`, `weekday` and `month` are the start's; `endTime` is "24:00" when the allocation runs
 * to or past the midnight after its start day. `durationHours` is the hour quantity a line
 * would show (2 decimals), so a rule and the quote agree on the length.
 */
export type RuleContext = {
  weekday: RuleWeekday;
  startTime: string;
  endTime: string;
  attendees: number | null;
  durationHours: Big;
  spaceId: string;
  date: string;
  month: number;
};

type FieldSpec<K> = {
  /** Whether gte, lte and between mean anything for the field. */
  ordered: boolean;
  expected: string;
  parse: (value: unknown) => K | null;
  compare: (a: K, b: K) => number;
  /** null: the context has no value, and no clause on the field holds. */
  read: (context: RuleContext) => K | null;
};

const byNumber = (a: number, b: number) => a - b;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDecimal = (a: Big, b: Big) => a.cmp(b);

const parseWeekday = (value: unknown) => (typeof value === "string" ? ruleWeekdays.indexOf(value as RuleWeekday) : -1);
const weekdayKey = (value: unknown) => (parseWeekday(value) >= 0 ? parseWeekday(value) : null);
const clockKey = (value: unknown) => (isClock(value) ? parseClock(value) : null);

const nonNegativeKey = (value: unknown): Big | null => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return null;
  try {
    return parseDecimal(value);
  } catch {
    return null;
  }
};

const field = <K>(spec: FieldSpec<K>) => spec as unknown as FieldSpec<unknown>;

const fields: Record<ClauseField, FieldSpec<unknown>> = {
  weekday: field({ ordered: true, expected: "a weekday (mon..sun)", parse: weekdayKey, compare: byNumber, read: (c) => weekdayKey(c.weekday) }),
  start_time: field({ ordered: true, expected: "a time HH:MM", parse: clockKey, compare: byNumber, read: (c) => clockKey(c.startTime) }),
  end_time: field({ ordered: true, expected: "a time HH:MM", parse: clockKey, compare: byNumber, read: (c) => clockKey(c.endTime) }),
  attendees: field({
    ordered: true,
    expected: "a number of at least 0",
    parse: nonNegativeKey,
    compare: byDecimal,
    read: (c) => (c.attendees === null ? null : nonNegativeKey(c.attendees)),
  }),
  duration_hours: field({
    ordered: true,
    expected: "a number of hours of at least 0",
    parse: nonNegativeKey,
    compare: byDecimal,
    read: (c) => c.durationHours,
  }),
  space_id: field({
    ordered: false,
    expected: "a space id",
    parse: (value) => (typeof value === "string" && value.length > 0 ? value : null),
    compare: byText,
    read: (c) => c.spaceId,
  }),
  date: field({ ordered: true, expected: "a date YYYY-MM-DD", parse: (value) => (isLocalDate(value) ? value : null), compare: byText, read: (c) => c.date }),
  month: field({
    ordered: true,
    expected: "a month number from 1 to 12",
    parse: (value) => (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 12 ? value : null),
    compare: byNumber,
    read: (c) => c.month,
  }),
};

export type ClauseProblem = { field: "field" | "operator" | "value"; message: string };

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && list.includes(value as T);

/**
 * Why a clause can't be used, naming the part at fault (`field`, `operator` or `value`), or
 * null when it is well formed. The API turns this into a 422 on `clauses.<i>.<part>`.
 */
export const clauseProblem = (clause: { field: unknown; operator: unknown; value: unknown }): ClauseProblem | null => {
  if (!isOneOf(clauseFields, clause.field)) return { field: "field", message: `must be one of ${clauseFields.join(", ")}` };
  if (!isOneOf(clauseOperators, clause.operator)) return { field: "operator", message: `must be one of ${clauseOperators.join(", ")}` };
  const spec = fields[clause.field];
  const { operator, value } = clause;
  if (!spec.ordered && operator !== "eq" && operator !== "in") return { field: "operator", message: `must be eq or in for ${clause.field}` };
  if (operator === "in") {
    if (!Array.isArray(value) || value.length === 0) return { field: "value", message: `must be a non-empty list of values, each ${spec.expected}` };
    const bad = value.findIndex((item) => spec.parse(item) === null);
    return bad < 0 ? null : { field: "value", message: `item ${bad} must be ${spec.expected}` };
  }
  if (operator === "between") {
    const problem = { field: "value", message: `must be [low, high], each ${spec.expected}, with low <= high` } as const;
    if (!Array.isArray(value) || value.length !== 2) return problem;
    const low = spec.parse(value[0]);
    const high = spec.parse(value[1]);
    return low === null || high === null || spec.compare(low, high) > 0 ? problem : null;
  }
  if (Array.isArray(value)) return { field: "value", message: `must be a single value for ${operator}, ${spec.expected}` };
  return spec.parse(value) === null ? { field: "value", message: `must be ${spec.expected}` } : null;
};

/** A malformed clause (stored before validation tightened, say) never holds. */
const clauseHolds = (clause: Clause, context: RuleContext): boolean => {
  if (clauseProblem(clause) !== null) return false;
  const spec = fields[clause.field];
  const actual = spec.read(context);
  if (actual === null) return false;
  const compare = (raw: unknown) => spec.compare(actual, spec.parse(raw));
  switch (clause.operator) {
    case "eq":
      return compare(clause.value) === 0;
    case "in":
      return (clause.value as unknown[]).some((item) => compare(item) === 0);
    case "gte":
      return compare(clause.value) >= 0;
    case "lte":
      return compare(clause.value) <= 0;
    case "between": {
      const [low, high] = clause.value as [unknown, unknown];
      return compare(low) >= 0 && compare(high) <= 0;
    }
  }
};

const monthDay = (date: string) => date.slice(5);

/** Null bounds are open; a yearly plan compares month-days and may wrap the new year (12-01..02-28). */
const coversDate = (plan: Plan, date: string): boolean => {
  if (!plan.repeatYearly) return (plan.validFrom === null || plan.validFrom <= date) && (plan.validTo === null || date <= plan.validTo);
  const from = plan.validFrom === null ? "01-01" : monthDay(plan.validFrom);
  const to = plan.validTo === null ? "12-31" : monthDay(plan.validTo);
  const day = monthDay(date);
  return from <= to ? from <= day && day <= to : day >= from || day <= to;
};

/**
 * Where the plan's window around `date` starts, for "the latest valid_from wins". A yearly
 * plan's own valid_from year is only the year it was written down, so its window starts at
 * the latest occurrence of its month-day on or before the date: a Christmas plan beats this
 * year's price list in December. Null: open from the beginning of time.
 */
const windowStart = (plan: Plan, date: string): string | null => {
  if (!plan.repeatYearly) return plan.validFrom;
  const from = plan.validFrom === null ? "01-01" : monthDay(plan.validFrom);
  const year = Number(date.slice(0, 4));
  return `${String(from <= monthDay(date) ? year : year - 1).padStart(4, "0")}-${from}`;
};

const laterFirst = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : byText(b, a));

/**
 * The plan that prices a local date: the event's own plan when it still exists (even
 * inactive: the planner chose it); else the active plans covering the date, latest window
 * start first, then highest id; else the active default plan; else null.
 */
export const selectPlan = (plans: Plan[], date: string, eventPlanId: number | null): Plan | null => {
  if (eventPlanId !== null) {
    const chosen = plans.find((plan) => plan.id === eventPlanId);
    if (chosen) return chosen;
  }
  const [best] = plans
    .filter((plan) => plan.active && coversDate(plan, date))
    .sort((a, b) => laterFirst(windowStart(a, date), windowStart(b, date)) || b.id - a.id);
  if (best) return best;
  const [fallback] = plans.filter((plan) => plan.active && plan.isDefault).sort((a, b) => b.id - a.id);
  return fallback ?? null;
};

/**
 * The rule and rate that price an allocation: rules by priority then id, the first active one
 * whose clauses all hold and whose rate exists, is active and fits the space (a rate for
 * another space is skipped, not an error); else the first active default rule whose rate
 * fits, whatever its clauses; else null.
 */
export const matchRule = (plan: Plan, rates: Map<number, Rate>, context: RuleContext): { rule: Rule; rate: Rate } | null => {
  const ordered = [...plan.rules].filter((rule) => rule.active).sort((a, b) => a.priority - b.priority || a.id - b.id);
  const fittingRate = (rule: Rule): Rate | null => {
    const rate = rates.get(rule.rateId);
    return rate && rate.active && (rate.spaceId === null || rate.spaceId === context.spaceId) ? rate : null;
  };
  for (const rule of ordered) {
    if (!rule.clauses.every((clause) => clauseHolds(clause, context))) continue;
    const rate = fittingRate(rule);
    if (rate) return { rule, rate };
  }
  for (const rule of ordered) {
    if (!rule.isDefault) continue;
    const rate = fittingRate(rule);
    if (rate) return { rule, rate };
  }
  return null;
};
