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

/** Chatwoot's `Conversation#list_of_keys`: a change to one of these makes a `conversation_updated`. */
export const conversationUpdateKeys = [
  "team_id",
  "assignee_id",
  "assignee_agent_bot_id",
  "status",
  "snoozed_until",
  "custom_attributes",
  "label_list",
  "waiting_since",
  "first_reply_created_at",
  "priority",
] as const;

export type ConversationEventName = "conversation_opened" | "conversation_resolved" | "conversation_status_changed" | "conversation_updated";
export type ConversationEvent = { name: ConversationEventName; changedAttributes?: ChangedAttributes };

const conversationLanguage = (attributes: unknown) =>
  attributes && typeof attributes === "object" ? ((attributes as Record<string, unknown>).conversation_language ?? null) : null;

/**
 * The events one saved change of a conversation makes, in Chatwoot's order (`notify_status_change`,
 * then `notify_conversation_updation`), given its attributes (Chatwoot's names and JSON values)
 * before and after: bots hear `conversation_opened` / `conversation_resolved` when the status
 * became open / resolved; `conversation_status_changed` carries only `status`;
 * `conversation_updated` happens when a listed key (or the conversation language) changed and
 * carries every change, `updated_at` included.
 */
export const conversationEvents = (before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): ConversationEvent[] => {
  const changes = changedAttributes(before, after, Object.keys(after));
  const changed = new Set(changedKeys(changes));
  const events: ConversationEvent[] = [];
  if (changed.has("status")) {
    if (after.status === "open") events.push({ name: "conversation_opened" });
    if (after.status === "resolved") events.push({ name: "conversation_resolved" });
    events.push({ name: "conversation_status_changed", changedAttributes: changes.filter((change) => "status" in change) });
  }
  const languageChanged = !sameJson(conversationLanguage(before.additional_attributes), conversationLanguage(after.additional_attributes));
  if (conversationUpdateKeys.some((key) => changed.has(key)) || languageChanged) {
    events.push({ name: "conversation_updated", changedAttributes: changes });
  }
  return events;
};

/**
 * The changes worth a `contact_updated` / `inbox_updated`: none when only `incidental` keys (the
 * time stamps every save moves) changed, as Chatwoot returns early on a save that changed nothing.
 */
export const meaningfulChanges = (changes: ChangedAttributes, incidental: readonly string[]): ChangedAttributes =>
  changedKeys(changes).some((key) => !incidental.includes(key)) ? changes : [];
