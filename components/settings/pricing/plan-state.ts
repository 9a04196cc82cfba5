/**
 * The pricing plan editor's working copy: what the inputs show (text, as typed), how it becomes
 * the API's plan body, and how the server's errors (`pricing_rules.0.clauses.2.value`) find the
 * row they belong to again. Pure: no React, no server imports.
 */

import type { FormState } from "@/lib/portal/form-state";
import type { Refusal } from "@/lib/portal/outcome";
import type { ClauseField, ClauseOperator } from "@/lib/pricing/plans";
import { clauseFieldSpecs, editableDecimal, type BundleUnit, type RateCategory, type ValueKind } from "./pricing-format";

/** A plan as the API presents it (presentPricingPlan), reduced to what the editor reads. */
export type StoredPlan = {
  name: string;
  valid_from: string | null;
  valid_to: string | null;
  repeat_yearly: boolean;
  active: boolean;
  is_default: boolean;
  pricing_rules: { name: string; rate_id: number; priority: number; active: boolean; is_default: boolean; clauses: { field: string; operator: string; value: unknown }[] }[];
  bundles: { key: string; name: string; unit: BundleUnit; amount: number; tax_rate: number; category: string; description: string | null }[];
};

/** `single` for eq/gte/lte, `low`/`high` for between, `list` for in: switching operators keeps what was typed. */
export type ClauseRow = { key: string; field: ClauseField; operator: ClauseOperator; single: string; low: string; high: string; list: string[] };

export type RuleRow = { key: string; name: string; rate_id: string; priority: string; active: boolean; is_default: boolean; clauses: ClauseRow[] };

export type BundleRow = {
  key: string;
  /** The bundle's key in the plan (quote overrides name it); null for a new one. */
  stored_key: string | null;
  name: string;
  unit: BundleUnit;
  amount: string;
  tax_rate: string;
  category: RateCategory;
  description: string;
};

export type PlanDraft = {
  name: string;
  valid_from: string;
  valid_to: string;
  repeat_yearly: boolean;
  active: boolean;
  is_default: boolean;
  rules: RuleRow[];
  bundles: BundleRow[];
};

const asText = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** What a fresh value of a kind starts as: choices start on their first item, typed values empty. */
const startValue = (kind: ValueKind, spaces: readonly { id: string }[]) =>
  kind === "weekday" ? "mon" : kind === "month" ? "1" : kind === "space" ? (spaces[0]?.id ?? "") : "";

export const newClause = (key: string, spaces: readonly { id: string }[], field: ClauseField = "weekday"): ClauseRow => {
  const spec = clauseFieldSpecs[field];
  const start = startValue(spec.kind, spaces);
  const operator = spec.operators[0]!;
  // A between on weekdays or months starts as the whole range, so it is valid as offered.
  const high = spec.kind === "weekday" ? "sun" : spec.kind === "month" ? "12" : start;
  return { key, field, operator, single: start, low: start, high, list: [] };
};

/** The row for a new operator: a value typed for one shape seeds the others. */
export const withOperator = (row: ClauseRow, operator: ClauseOperator): ClauseRow => {
  const seed = row.operator === "in" ? (row.list[0] ?? "") : row.operator === "between" ? row.low : row.single;
  return {
    ...row,
    operator,
    single: row.single || seed,
    low: row.low || seed,
    high: row.high || seed,
    list: row.list.length > 0 || !seed ? row.list : [seed],
  };
};

const storedClause = (key: string, clause: { field: string; operator: string; value: unknown }): ClauseRow => {
  const field = (clause.field in clauseFieldSpecs ? clause.field : "weekday") as ClauseField;
  const operator = clause.operator as ClauseOperator;
  const value = clause.value;
  const row: ClauseRow = { key, field, operator, single: "", low: "", high: "", list: [] };
  if (operator === "in" && Array.isArray(value)) return { ...row, list: value.map(asText) };
  if (operator === "between" && Array.isArray(value)) return { ...row, low: asText(value[0]), high: asText(value[1]) };
  return { ...row, single: asText(value) };
};

/** The editor's copy of a stored plan (or of a new one); keys are stable for the first render. */
export const draftOf = (plan: StoredPlan | null): PlanDraft => ({
  name: plan?.name ?? "",
  valid_from: plan?.valid_from ?? "",
  valid_to: plan?.valid_to ?? "",
  repeat_yearly: plan?.repeat_yearly ?? false,
  active: plan?.active ?? true,
  is_default: plan?.is_default ?? false,
  rules: (plan?.pricing_rules ?? []).map((rule, i) => ({
    key: `r${i}`,
    name: rule.name,
    rate_id: String(rule.rate_id),
    priority: String(rule.priority),
    active: rule.active,
    is_default: rule.is_default,
    clauses: rule.clauses.map((clause, j) => storedClause(`r${i}c${j}`, clause)),
  })),
  bundles: (plan?.bundles ?? []).map((bundle, k) => ({
    key: `b${k}`,
    stored_key: bundle.key,
    name: bundle.name,
    unit: bundle.unit,
    amount: editableDecimal(bundle.amount),
    tax_rate: editableDecimal(bundle.tax_rate, 0),
    category: bundle.category as RateCategory,
    description: bundle.description ?? "",
  })),
});

const numericKinds = new Set<ValueKind>(["count", "hours", "month"]);

/** A typed value as JSON: numbers for counts, hours and months (anything else goes as typed, to be refused by name). */
const typedValue = (kind: ValueKind, text: string): unknown => {
  const trimmed = text.trim();
  return numericKinds.has(kind) && /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

export const clauseValue = (row: ClauseRow): unknown => {
  const kind = clauseFieldSpecs[row.field].kind;
  if (row.operator === "in") return row.list.map((item) => typedValue(kind, item));
  if (row.operator === "between") return [typedValue(kind, row.low), typedValue(kind, row.high)];
  return typedValue(kind, row.single);
};

const optionalText = (text: string) => (text.trim() === "" ? undefined : text.trim());

/** The plan body the API takes: the rules and bundles in the editor's order replace the stored sets. */
export const planPayload = (draft: PlanDraft) => ({
  name: draft.name,
  valid_from: draft.valid_from || null,
  valid_to: draft.valid_to || null,
  repeat_yearly: draft.repeat_yearly,
  active: draft.active,
  is_default: draft.is_default,
  pricing_rules: draft.rules.map((rule) => {
    const priority = rule.priority.trim();
    return {
      name: rule.name,
      rate_id: optionalText(rule.rate_id),
      priority: priority === "" ? undefined : /^-?\d+$/.test(priority) ? Number(priority) : priority,
      active: rule.active,
      is_default: rule.is_default,
      clauses: rule.clauses.map((clause) => ({ field: clause.field, operator: clause.operator, value: clauseValue(clause) })),
    };
  }),
  bundles: draft.bundles.map((bundle) => ({
    key: bundle.stored_key ?? undefined,
    name: bundle.name,
    unit: bundle.unit,
    amount: bundle.amount.trim(),
    tax_rate: optionalText(bundle.tax_rate),
    category: bundle.category,
    description: bundle.description.trim() === "" ? null : bundle.description,
  })),
});

/** Where an error is shown: `rule:<key>.name`, `rule:<key>.clause:<key>.value`, `bundle:<key>.amount`, or a plan field. */
export const ruleErrorKey = (rule: string, field: string) => `rule:${rule}.${field}`;
export const clauseErrorKey = (rule: string, clause: string, part: string) => `rule:${rule}.clause:${clause}.${part}`;
export const bundleErrorKey = (bundle: string, field: string) => `bundle:${bundle}.${field}`;

/**
 * The server's errors, named by index in the plan that was sent, moved onto the rows they were
 * about: rows can be moved afterwards and the messages move with them.
 */
const errorsByRow = (errors: Record<string, string>, sent: PlanDraft): Record<string, string> => {
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split(".");
    if (parts[0] === "pricing_rules" && parts[1] !== undefined) {
      const rule = sent.rules[Number(parts[1])];
      if (!rule) continue;
      if (parts[2] === "clauses" && parts[3] !== undefined) {
        const clause = rule.clauses[Number(parts[3])];
        if (clause) placed[clauseErrorKey(rule.key, clause.key, parts[4] ?? "value")] ??= message;
        else placed[ruleErrorKey(rule.key, "clauses")] ??= message;
        continue;
      }
      placed[ruleErrorKey(rule.key, parts[2] ?? "rule")] ??= message;
      continue;
    }
    if (parts[0] === "bundles" && parts[1] !== undefined) {
      const bundle = sent.bundles[Number(parts[1])];
      if (bundle) placed[bundleErrorKey(bundle.key, parts[2] ?? "bundle")] ??= message;
      continue;
    }
    placed[path] ??= message;
  }
  return placed;
};

const planKeys = ["name", "valid_from", "valid_to", "repeat_yearly", "active", "is_default", "pricing_rules", "bundles"];
const ruleKeys = ["name", "rate_id", "priority", "active", "is_default", "clauses"];
const clauseKeys = ["field", "operator", "value"];
const bundleKeys = ["key", "name", "unit", "amount", "tax_rate", "category", "description"];

/** Every error path the editor shows beside an input, for the rules, conditions and bundles that were sent. */
const editorPaths = (sent: PlanDraft): Set<string> => {
  const paths = new Set(planKeys);
  const add = (prefix: string, keys: string[]) => {
    paths.add(prefix);
    for (const key of keys) paths.add(`${prefix}.${key}`);
  };
  sent.rules.forEach((rule, i) => {
    add(`pricing_rules.${i}`, ruleKeys);
    rule.clauses.forEach((_clause, j) => add(`pricing_rules.${i}.clauses.${j}`, clauseKeys));
  });
  sent.bundles.forEach((_bundle, k) => add(`bundles.${k}`, bundleKeys));
  return paths;
};

/**
 * A refused save as the editor shows it: errors the editor has an input for go onto their rows
 * (the message then only points at them); any other error is said in the message, so nothing the
 * server refused goes unseen.
 */
export const planRefusal = (refusal: Refusal, sent: PlanDraft): { state: FormState; errors: Record<string, string> } => {
  const paths = editorPaths(sent);
  const entries = Object.entries(refusal.errors);
  const shown = Object.fromEntries(entries.filter(([path]) => paths.has(path)));
  const highlighted = Object.keys(shown).length > 0 && Object.keys(shown).length === entries.length;
  const message = highlighted ? "Please correct the highlighted fields." : refusal.message;
  return { state: { status: "error", message, errors: shown }, errors: errorsByRow(shown, sent) };
};
