/*
 * Chatwoot's `changed_attributes`: one single-key object per changed attribute, in the order the
 * attributes are listed, `[{ "status": { "previous_value": "pending", "current_value": "open" } }]`
 * (Rails' `previous_changes` as `extract_changed_attributes` renders it). Pure: callers pass the
 * attribute values before and after the change, already in their JSON form or as Dates.
 */

export type AttributeChange = { previous_value: unknown; current_value: unknown };
export type ChangedAttributes = Record<string, AttributeChange>[];

/** Dates become ISO times; anything else is left as it is (compared as JSON). */
const jsonValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);

/** Equal as JSON, with object keys compared regardless of their order. */
const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameJson(value, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameJson(jsonValue(left[key]), jsonValue(right[key]))) return false;
  return true;
};

/** The attributes among `keys` whose value differs between `before` and `after`. */
export const changedAttributes = <K extends string>(
  before: Readonly<Record<K, unknown>>,
  after: Readonly<Record<K, unknown>>,
  keys: readonly K[],
): ChangedAttributes => {
  const changes: ChangedAttributes = [];
  for (const key of keys) {
    const previous = jsonValue(before[key]);
    const current = jsonValue(after[key]);
    if (!sameJson(previous, current)) changes.push({ [key]: { previous_value: previous, current_value: current } });
  }
  return changes;
};

/** The names of the changed attributes. */
export const changedKeys = (changes: ChangedAttributes): string[] => changes.flatMap((change) => Object.keys(change));
