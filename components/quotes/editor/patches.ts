import type { Overrides } from "@/lib/quotes/schemas";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";

/**
 * The PATCH bodies the editor sends (ZUpdateQuote's shape). A patch's `overrides` replace the
 * stored ones whole, so each builder starts from the version's own overrides and changes one
 * thing. Nothing here prices anything: the server answers with the new totals.
 * Each builder also names where its line sits in the request, so a refusal naming
 * `overrides.additional_lines.3.unit_price` can be shown beside that input.
 */

export type ExtraKind = "additional" | "optional";
export type ExtraLineInput = {
  name: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  category: string;
  unit?: string;
  description?: string | null;
};
export type LineChange = { included?: boolean; quantity?: string; unit_price?: string };
export type Patch = { overrides?: Overrides; selected_optional_keys?: string[]; discount_code_ids?: number[] } & Record<string, unknown>;
export type Built = { patch: Patch; path: string };

const sectionOf = (kind: ExtraKind): "additional_lines" | "optional_lines" => (kind === "additional" ? "additional_lines" : "optional_lines");

/**
 * The version's overrides with every extra line's key written out. A line sent without a key
 * is keyed by its position (`optional:2`); removing an earlier one would shift the keys and
 * the customer's selection with them, so the keys the server gave are pinned first.
 */
export const pinnedOverrides = (quote: EditorQuote): Overrides => {
  const pin = (lines: Overrides["additional_lines"], priced: { key: string }[]) =>
    lines.map((line, index) => (line.key ? line : { ...line, key: priced[index]?.key ?? `line-${index}` }));
  return {
    lines: quote.overrides.lines,
    additional_lines: pin(quote.overrides.additional_lines, quote.breakdown.additional_lines),
    optional_lines: pin(quote.overrides.optional_lines, quote.breakdown.optional_lines),
  };
};

/** A key no other line of the quote has. */
export const newLineKey = (quote: EditorQuote, prefix: string) => {
  const taken = new Set([
    ...quote.breakdown.lines.map((line) => line.key),
    ...quote.breakdown.additional_lines.map((line) => line.key),
    ...quote.breakdown.optional_lines.map((line) => line.key),
    ...quote.overrides.lines.map((line) => line.key),
  ]);
  const slug = prefix.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase().slice(0, 40) || "line";
  for (let n = 1; ; n++) {
    const key = `${slug}-${n}`;
    if (!taken.has(key)) return key;
  }
};

/** Includes, excludes or re-prices a generated line; `null` drops the planner's override. */
export const changeLine = (quote: EditorQuote, key: string, change: LineChange | null): Built => {
  const overrides = pinnedOverrides(quote);
  const current = overrides.lines.find((line) => line.key === key);
  const others = overrides.lines.filter((line) => line.key !== key);
  const merged = change === null ? null : { ...current, ...change, key };
  // An override that changes nothing is dropped rather than kept as noise.
  const meaningful = merged && (merged.included === false || merged.quantity !== undefined || merged.unit_price !== undefined);
  const lines = meaningful ? [...others, merged] : others;
  return { patch: { overrides: { ...overrides, lines } }, path: `overrides.lines.${lines.length - 1}` };
};

export const addExtra = (quote: EditorQuote, kind: ExtraKind, line: ExtraLineInput, key = newLineKey(quote, line.name)): Built => {
  const overrides = pinnedOverrides(quote);
  const section = sectionOf(kind);
  const lines = [...overrides[section], { key, unit: "fixed", description: null, ...line }];
  const patch: Patch = { overrides: { ...overrides, [section]: lines } };
  // A planner adding an option means to offer it; it counts once ticked.
  return { patch, path: `overrides.${section}.${lines.length - 1}` };
};

export const editExtra = (quote: EditorQuote, kind: ExtraKind, key: string, line: ExtraLineInput): Built => {
  const overrides = pinnedOverrides(quote);
  const section = sectionOf(kind);
  const index = overrides[section].findIndex((existing) => existing.key === key);
  const lines = overrides[section].map((existing) => (existing.key === key ? { ...existing, ...line } : existing));
  return { patch: { overrides: { ...overrides, [section]: lines } }, path: `overrides.${section}.${index}` };
};

export const removeExtra = (quote: EditorQuote, kind: ExtraKind, key: string): Built => {
  const overrides = pinnedOverrides(quote);
  const section = sectionOf(kind);
  const patch: Patch = { overrides: { ...overrides, [section]: overrides[section].filter((line) => line.key !== key) } };
  if (kind === "optional") patch.selected_optional_keys = quote.selected_optional_keys.filter((selected) => selected !== key);
  return { patch, path: `overrides.${section}` };
};

/** Counts an optional line in (or out of) the totals. */
export const selectOptional = (quote: EditorQuote, key: string, selected: boolean): Built => {
  const others = quote.selected_optional_keys.filter((existing) => existing !== key);
  // Pinned keys go along, so the selection keeps naming the same lines.
  return { patch: { overrides: pinnedOverrides(quote), selected_optional_keys: selected ? [...others, key] : others }, path: "selected_optional_keys" };
};

/** Discount codes apply in order, each on what the earlier ones left. */
export const setDiscounts = (ids: number[]): Built => ({ patch: { discount_code_ids: ids }, path: "discount_code_ids" });

/** The error the server gave for one input of a line (`…lines.3` + `quantity`). */
export const errorAt = (errors: Record<string, string> | undefined, path: string, field: string) => errors?.[`${path}.${field}`];
