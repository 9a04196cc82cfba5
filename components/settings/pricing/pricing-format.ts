/** Labels and formats for the pricing settings, shared by server pages and client forms: no React, no server imports. */

import type { discountTypes, rateCategories, rateUnits } from "@/db/schema";
import { formatCalendarDate } from "@/lib/format/dates";
import type { ClauseField, ClauseOperator, RuleWeekday } from "@/lib/pricing/plans";

export type RateUnit = (typeof rateUnits)[number];
export type RateCategory = (typeof rateCategories)[number];
export type DiscountType = (typeof discountTypes)[number];
export type BundleUnit = "person" | "fixed";

/** In the order a planner thinks of them; the keys are the API's values. */
export const unitLabels: Record<RateUnit, string> = {
  hour: "Per hour",
  day: "Per day",
  person: "Per person",
  person_hour: "Per person per hour",
  fixed: "Fixed price",
};

export const unitHints: Record<RateUnit, string> = {
  hour: "Times the booked hours (buffers excluded).",
  day: "Times the calendar days the booking touches, in the space's time zone.",
  person: "Times the event's attendees.",
  person_hour: "Times attendees × hours.",
  fixed: "Once per booking.",
};

export const bundleUnitLabels: Record<BundleUnit, string> = { person: "Per person", fixed: "Fixed price" };

export const categoryLabels: Record<RateCategory, string> = {
  space: "Space hire",
  catering: "Catering",
  equipment: "Equipment",
  staff: "Staff",
  other: "Other",
};

export const discountTypeLabels: Record<DiscountType, string> = { percentage: "Percentage", fixed_amount: "Fixed amount" };

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

const decimalText = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An exact decimal ("2950.0000", 12.5) with at least `minDecimals` decimals and no trailing
 * zeros beyond them, grouped by thousands: "2,950.00". No currency: a rate is priced in the
 * currency of the event it ends up on.
 */
export const formatDecimal = (value: string | number, minDecimals = 2, group = true) => {
  const text = String(value);
  const match = decimalText.exec(text);
  if (!match) return text;
  const [, sign, whole = "0", fraction = ""] = match;
  const decimals = fraction.replace(/0+$/, "").padEnd(minDecimals, "0");
  const grouped = group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole;
  return `${sign}${grouped}${decimals ? `.${decimals}` : ""}`;
};

/** A stored decimal as an input shows it: "145.0000" → "145.00", "21.000" → "21". */
export const editableDecimal = (value: string | number | null | undefined, minDecimals = 2) =>
  value === null || value === undefined ? "" : formatDecimal(value, minDecimals, false);

export const formatPercent = (value: string | number) => `${formatDecimal(value, 0)}%`;

/** A calendar date ("2026-12-01") as "1 Dec 2026"; `yearly` leaves the year out. */
export const formatDate = (date: string, yearly = false) => formatCalendarDate(date, yearly);

/** When a plan applies, in words: "Always", "From 1 Jan 2026", "Every year, 1 Dec – 28 Feb". */
export const planValidity = (plan: { valid_from: string | null; valid_to: string | null; repeat_yearly: boolean }) => {
  const { valid_from: from, valid_to: to, repeat_yearly: yearly } = plan;
  const window =
    from && to
      ? `${formatDate(from, yearly)} – ${formatDate(to, yearly)}`
      : from
        ? `from ${formatDate(from, yearly)}`
        : to
          ? `until ${formatDate(to, yearly)}`
          : null;
  if (window === null) return "Always";
  if (yearly) return `Every year, ${window}`;
  return window.charAt(0).toUpperCase() + window.slice(1);
};

// ---- Rule clauses -------------------------------------------------------------------------

export const weekdayShort: Record<RuleWeekday, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
export const weekdayNames: Record<RuleWeekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
export const ruleWeekdayList = Object.keys(weekdayShort) as RuleWeekday[];

export const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** How a clause's value is entered and read. */
export type ValueKind = "weekday" | "time" | "count" | "hours" | "space" | "date" | "month";

type FieldSpec = { label: string; kind: ValueKind; operators: readonly ClauseOperator[]; hint: string };

/**
 * The clause fields the editor offers, with the operators that mean something for each (the
 * API accepts more, e.g. `in` on times, but nobody prices "starts at 17:00 or 18:00").
 */
export const clauseFieldSpecs: Record<ClauseField, FieldSpec> = {
  weekday: { label: "Weekday", kind: "weekday", operators: ["in", "eq", "between"], hint: "The day the booking starts, in the space's time zone." },
  start_time: { label: "Start time", kind: "time", operators: ["gte", "lte", "between", "eq"], hint: "HH:MM in the space's time zone." },
  end_time: { label: "End time", kind: "time", operators: ["lte", "gte", "between", "eq"], hint: "HH:MM; a booking running to midnight ends at 24:00." },
  attendees: { label: "Attendees", kind: "count", operators: ["gte", "lte", "between", "eq"], hint: "The event's number of people." },
  duration_hours: { label: "Duration (hours)", kind: "hours", operators: ["gte", "lte", "between", "eq"], hint: "Booked hours, buffers excluded." },
  space_id: { label: "Space", kind: "space", operators: ["eq", "in"], hint: "The booked space." },
  date: { label: "Date", kind: "date", operators: ["between", "gte", "lte", "eq"], hint: "The day the booking starts." },
  month: { label: "Month", kind: "month", operators: ["in", "eq", "between", "gte", "lte"], hint: "The month the booking starts." },
};

export const clauseFieldList = Object.keys(clauseFieldSpecs) as ClauseField[];

const orderedWords: Record<ValueKind, { gte: string; lte: string }> = {
  weekday: { gte: "is on or after", lte: "is on or before" },
  time: { gte: "is at or after", lte: "is at or before" },
  count: { gte: "is at least", lte: "is at most" },
  hours: { gte: "is at least", lte: "is at most" },
  space: { gte: "is at least", lte: "is at most" },
  date: { gte: "is on or after", lte: "is on or before" },
  month: { gte: "is in or after", lte: "is in or before" },
};

export const operatorLabel = (field: ClauseField, operator: ClauseOperator) => {
  const kind = clauseFieldSpecs[field].kind;
  if (operator === "gte" || operator === "lte") return orderedWords[kind][operator];
  if (operator === "in") return "is one of";
  if (operator === "between") return "is between";
  return "is";
};

/** One value of a clause in words; `spaces` names space ids. */
export const clauseValueText = (field: ClauseField, value: unknown, spaces: ReadonlyMap<string, string>): string => {
  const kind = clauseFieldSpecs[field]?.kind;
  if (kind === "weekday" && typeof value === "string") return weekdayNames[value as RuleWeekday] ?? value;
  if (kind === "month" && typeof value === "number") return monthNames[value - 1] ?? String(value);
  if (kind === "space" && typeof value === "string") return spaces.get(value) ?? "a deleted space";
  if (kind === "date" && typeof value === "string") return formatDate(value);
  if (kind === "hours" && typeof value === "number") return `${value} h`;
  return String(value);
};

const joinOr = (items: string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

/** A stored clause as a sentence: "Weekday is one of Saturday or Sunday", "Start time is at or after 17:00". */
export const describeClause = (clause: { field: string; operator: string; value: unknown }, spaces: ReadonlyMap<string, string>) => {
  const field = clause.field as ClauseField;
  const operator = clause.operator as ClauseOperator;
  const spec = clauseFieldSpecs[field];
  if (!spec) return `${clause.field} ${clause.operator} ${JSON.stringify(clause.value)}`;
  const text = (value: unknown) => clauseValueText(field, value, spaces);
  const value = clause.value;
  if (operator === "in" && Array.isArray(value)) return `${spec.label} ${operatorLabel(field, operator)} ${joinOr(value.map(text))}`;
  if (operator === "between" && Array.isArray(value)) return `${spec.label} is between ${text(value[0])} and ${text(value[1])}`;
  return `${spec.label} ${operatorLabel(field, operator)} ${text(value)}`;
};
