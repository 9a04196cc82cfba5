import fc from "fast-check";
import type { Fixture } from "./fixtures";
import { plainValueFor, resolve, type Document, type Schema } from "./json-schema";
import type { ApiOperation } from "./operations";

/**
 * Values of generated requests that name records or must be fresh, shared by the fuzzing and
 * the isolation sweeps. A `Ref` is resolved when the request is sent, against whichever
 * fixture the sweep sends it for (requests delete and re-create records in between).
 */
export class Ref {
  constructor(
    readonly name: string,
    readonly get: (fixture: Fixture) => unknown,
  ) {}
  [fc.toStringMethod]() {
    return `<${this.name}>`;
  }
}
export const ref = (name: string, get: (fixture: Fixture) => unknown) => new Ref(name, get);

/** An object of JSON-like data (not a Ref or another class's instance). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Every Ref replaced by its value for `fixture`; objects copied with own properties only. */
export const resolveRefs = (value: unknown, fixture: Fixture): unknown => {
  if (value instanceof Ref) return value.get(fixture);
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, fixture));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item, fixture)]));
  return value;
};

/**
 * Body and query fields that name records, and the fixture record each names. Every field
 * ending in `_id` or `_ids` in a request schema must be here or in `notRecordReferences`
 * (the isolation sweep fails otherwise), so a new reference is never left unchecked.
 */
export const recordFields = (operation: ApiOperation): Record<string, Ref> => ({
  inbox_id: ref("inbox.id", (f) => f.inbox.id),
  contact_id: ref("contact.id", (f) => f.contact.id),
  team_id: ref("team.id", (f) => f.team.id),
  assignee_id: ref("agent.id", (f) => f.agent.id),
  user_id: operation.surface === "platform" ? ref("platform.userId", (f) => f.platform.userId) : ref("member.id", (f) => f.member.id),
  user_ids: ref("[agent.id, member.id]", (f) => [f.agent.id, f.member.id]),
  account_id: ref("platform.accountId", (f) => f.platform.accountId),
  agent_bot: ref("bot.id", (f) => f.bot.id),
  space_id: ref("hall.id", (f) => f.hall.id),
  space_ids: ref("[hall.id, room.id]", (f) => [f.hall.id, f.room.id]),
  parent_id: ref("venue.id", (f) => f.venue.id),
  venue_id: ref("venue.id", (f) => f.venue.id),
  resource_id: ref("hall.resourceId", (f) => f.hall.resourceId),
  event_id: ref("event.id", (f) => f.event.id),
  allocation_id: ref("allocation.id", (f) => f.allocation.id),
  allocation_ids: ref("[allocation.id]", (f) => [f.allocation.id]),
  company_id: ref("company.id", (f) => f.company.id),
  conversation_id: ref("conversation.displayId", (f) => f.conversation.displayId),
  pricing_plan_id: ref("pricingPlan.id", (f) => f.pricingPlan.id),
  rate_id: ref("rate.id", (f) => f.rate.id),
  discount_code_id: ref("discountCode.id", (f) => f.discountCode.id),
  discount_code_ids: ref("[discountCode.id]", (f) => [f.discountCode.id]),
  knowledgebase_id: ref("category.id", (f) => f.category.id),
  gallery_knowledgebase_id: ref("gallery.id", (f) => f.gallery.id),
  image_ids: ref("[gallery.imageId]", (f) => [f.gallery.imageId]),
  base_contact_id: ref("contact.id", (f) => f.contact.id),
  mergee_contact_id: ref("client.contactId", (f) => f.client.contactId),
  // Reports: matrix and bot filters by inbox and label.
  inbox_ids: ref("[inbox.id]", (f) => [f.inbox.id]),
  label_ids: ref("[label.id]", (f) => [f.label.id]),
  // Knowledge bases
  category_id: ref("category.id", (f) => f.category.id),
  author_id: ref("member.id", (f) => f.member.id),
  associated_article_id: ref("article.id", (f) => f.article.id),
  portal_id: ref("portal.id", (f) => f.portal.id),
  parent_category_id: ref("category.id", (f) => f.category.id),
  associated_category_id: ref("category.id", (f) => f.category.id),
  related_category_ids: ref("[category.id]", (f) => [f.category.id]),
  // Reports name the record they are about with `id` (the query's `type` says which kind).
  ...(operation.surface === "api/v2" ? { id: ref("inbox.id", (f) => f.inbox.id) } : {}),
  ...(operation.id === "POST /api/v1/accounts/{account_id}/conversations" ? { source_id: ref("contact.sourceId", (f) => f.contact.sourceId) } : {}),
  ...(operation.id.startsWith("GET /api/v1/accounts/{account_id}/conversations") ? { source_id: ref("contact.sourceId", (f) => f.contact.sourceId) } : {}),
});

/** Fields named like references that name no record of an account, and why. */
export const notRecordReferences: Record<string, string> = {
  campaign_id: "campaigns do not exist here; the id is stored as the client sends it",
  echo_id: "the client's own temporary id for a message, sent back as it came",
  source_id: "an identity's id in the client's own system (new, not looked up), except where recordFields says otherwise",
  client_id: "an OAuth client's public identifier (the token and revocation endpoints), which belongs to no account",
  software_id: "an OAuth client software's own identifier (RFC 7591 registration), kept as sent",
  primary_actor_id: "narrows read_all to the caller's own notifications about that record: another account's id matches none of them (200, nothing read)",
};

const futureTime = (days: number, hour: number) => new Date(Date.UTC(2027, 5, 1 + days, hour)).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Fresh for each request that sends them: names that must be unique, windows that must not overlap. */
let serial = 0;
let day = 0;
const fresh = (name: string, make: (n: number) => unknown) => ref(name, () => make(++serial));
export const startAt = ref("a future start", () => futureTime((day = ++serial % 700), 9));
export const endAt = ref("four hours later", () => futureTime(day, 13));
export const startDate = ref("a future date", () => futureTime((day = ++serial % 700), 0).slice(0, 10));
export const endDate = ref("two days later", () => futureTime(day + 2, 0).slice(0, 10));
export const freshEmail = fresh("a unique email", (n) => `fuzz${n}@example.test`);

export const uniqueValues = (operation: ApiOperation): Record<string, Ref> => ({
  name: fresh("a unique name", (n) => `Fuzz ${n}`),
  title: fresh("a unique title", (n) => `fuzz_${n}`),
  short_code: fresh("a unique short code", (n) => `fuzz-${n}`),
  code: fresh("a unique code", (n) => `FUZZ${n}`),
  email: freshEmail,
  ...(operation.path.includes("custom_attribute_definitions") ? { attribute_key: fresh("a unique key", (n) => `fuzz_${n}`) } : {}),
  // Knowledge bases
  ...(operation.path.includes("/portals") ? { slug: fresh("a unique slug", (n) => `fuzz-${n}`) } : {}),
});

/** Values by name for fields whose schema alone rarely gives a usable one. */
export const namedValues: Record<string, unknown> = {
  password: "Secret-123",
  timezone: "Europe/Amsterdam",
  start_at: startAt,
  end_at: endAt,
  start_date: startDate,
  end_date: endDate,
  currency: "EUR",
  // OAuth client registration: a redirect URI a client may register.
  redirect_uris: ["https://client.example/callback", "http://127.0.0.1:33418/callback"],
};

/**
 * The operation's smallest valid-looking body: required properties, and (unless `records` is
 * false) the optional ones that name records. Changing one field of it reaches further than a body that is wrong everywhere.
 */
export const plainBody = (document: Document, operation: ApiOperation, options: { records?: boolean } = {}): unknown => {
  if (!operation.body) return undefined;
  const records = recordFields(operation);
  const unique = uniqueValues(operation);
  const include = options.records === false ? undefined : (name: string) => name in records;
  return plainValueFor(document, operation.body, (name) => unique[name] ?? records[name] ?? namedValues[name], { include });
};

/** Each property path of a schema (through objects, and arrays as index 0) whose name passes `test`. */
export const propertyPaths = (document: Document, schema: Schema | undefined, test: (name: string) => boolean): (string | number)[][] => {
  const found: (string | number)[][] = [];
  const walk = (node: Schema | undefined, at: (string | number)[], depth: number) => {
    if (!node || depth > 8) return;
    const current = resolve(document, node);
    for (const [name, property] of Object.entries((current.properties ?? {}) as Record<string, Schema>)) {
      if (test(name)) found.push([...at, name]);
      walk(property, [...at, name], depth + 1);
    }
    if (current.items) walk(current.items, [...at, 0], depth + 1);
    for (const alternative of [...(current.anyOf ?? []), ...(current.oneOf ?? [])] as Schema[]) walk(alternative, at, depth + 1);
  };
  walk(schema, [], 0);
  const unique = new Map(found.map((path) => [path.join("."), path]));
  return [...unique.values()];
};

/** The schema at a property path (objects by name, arrays by any index). */
export const schemaAt = (document: Document, schema: Schema, path: (string | number)[]): Schema | undefined => {
  let current: Schema | undefined = resolve(document, schema);
  for (const key of path) {
    if (!current) return undefined;
    const options: Schema[] = [current, ...((current.anyOf ?? current.oneOf ?? []) as Schema[]).map((s) => resolve(document, s))];
    const next: Schema | undefined = options
      .map((option) => (typeof key === "number" ? option.items : option.properties?.[key]) as Schema | undefined)
      .find(Boolean);
    current = next ? resolve(document, next) : undefined;
  }
  return current;
};

/** The query an operation needs: its required parameters (plain values) and a signed link's credential. */
export const plainQuery = (document: Document, operation: ApiOperation, fixture: Fixture, signed: Record<string, (f: Fixture) => string>) => {
  const query: Record<string, string> = {};
  for (const parameter of operation.query) {
    const credential = signed[parameter.name];
    if (credential) query[parameter.name] = credential(fixture);
    else if (parameter.required) query[parameter.name] = String(resolveRefs(plainValueFor(document, parameter.schema, (name) => namedValues[name], {}, parameter.name), fixture));
  }
  return query;
};

/**
 * A copy of `body` with `value` at `path`, making the objects and arrays on the way (an array
 * gets one plain item) so the rest of the body stays as valid as it was.
 */
export const withValueAt = (document: Document, schema: Schema, body: unknown, path: (string | number)[], value: unknown, pick: (name: string) => unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const childSchema = schemaAt(document, schema, [head]) ?? {};
  if (typeof head === "number") {
    const items = Array.isArray(body) ? [...body] : [];
    const current = items[head] ?? plainValueFor(document, childSchema, pick);
    items[head] = withValueAt(document, childSchema, current, rest, value, pick);
    return items;
  }
  const object = isPlainObject(body) ? body : {};
  const current = head in object ? object[head] : rest.length > 0 ? plainValueFor(document, childSchema, pick, {}, head) : undefined;
  return { ...object, [head]: withValueAt(document, childSchema, current, rest, value, pick) };
};
