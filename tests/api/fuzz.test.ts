import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type ApiResponse, type CallOptions } from "../helpers/app";
import { ensureFixtures, makeFixture, type Fixture } from "../helpers/fixtures";
import { arbitraryFor, type Hints, type Schema } from "../helpers/json-schema";
import { apiDocument, apiOperations, fillPath, signedQuery, type ApiOperation, type Surface } from "../helpers/operations";
import { freshEmail, isPlainObject, namedValues, plainBody, recordFields, ref, resolveRefs, uniqueValues, Ref } from "../helpers/request-values";
import { changes, snapshot, type Snapshot } from "../helpers/snapshot";

/*
 * Property-based fuzzing of every operation in the OpenAPI document. For each operation,
 * requests are generated from its schemas (path ids naming real records of a full fixture
 * set, so requests reach deep into handlers) and then mutated: wrong types, missing and
 * extra fields, huge strings, NUL and lone surrogates in values and keys, prototype keys sent
 * as raw JSON, invalid dates and time zones, deep nesting, wrong content types, malformed
 * JSON, malformed path ids and query strings, wrong tokens, hostile upload names. Every answer
 * must be below 500, every 4xx must carry the standard error body, a refused request must write
 * nothing (helpers/snapshot.ts: row counts and row versions of every table), and no value may
 * get past validation only to be refused by PostgreSQL. Fixtures a request deleted or changed
 * are put back before the next one (helpers/fixtures.ts ensureFixtures).
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run --project api tests/api/fuzz.test.ts
 * FUZZ_RUNS sets the number of requests per operation (more finds more, and takes longer).
 */

const defaultSeed = 20_261_123;
const seed = Number(process.env.FUZZ_SEED ?? defaultSeed);
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 20);

// Thousands of requests a minute from one address and one token: not what this suite tests.
process.env.RATE_LIMITS = "off";
// Quotes sent by email stay in the outbox.
delete process.env.SMTP_URL;

const document = apiDocument();
const operations = apiOperations();


// ---------------------------------------------------------------------------------------------
// Values that stand for something resolved only when the request is sent.

/** JSON text placed as it is (numbers JSON.stringify cannot write, deep nesting, `__proto__` keys). */
class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return this.text.length > 60 ? `raw(${this.text.slice(0, 30)}…${this.text.length} chars)` : `raw(${this.text})`;
  }
}

/** An object key sent as `__proto__` in the JSON text (JSON.stringify drops a prototype set that way). */
const protoKey = "\u2063fuzz-proto\u2063";

type Json = unknown;
type PathKey = string | number;

const isRecord = isPlainObject;

/** Every location in a value: [] is the root. */
const locations = (value: Json, at: PathKey[] = [], out: PathKey[][] = []): PathKey[][] => {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, i) => locations(item, [...at, i], out));
  else if (isRecord(value)) for (const key of Object.keys(value)) locations(value[key], [...at, key], out);
  return out;
};

const getAt = (value: Json, path: PathKey[]): Json => path.reduce<Json>((node, key) => (node as Record<PathKey, Json>)?.[key], value);

/** A copy with `path` set to `next` (undefined removes it); built with own properties only, never through a setter. */
const setAt = (value: Json, path: PathKey[], next: Json | undefined): Json => {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, next);
    return copy;
  }
  const entries = Object.entries(isRecord(value) ? value : {}).filter(([key]) => key !== head);
  const child = setAt(isRecord(value) ? value[head as string] : undefined, rest, next);
  return Object.fromEntries(child === undefined ? entries : [...entries, [head, child]]);
};

/** JSON text with Raw values and proto keys put in place. */
const toJsonText = (value: Json, fixture: Fixture): string => {
  const raws: string[] = [];
  const mark = (node: Json): Json => {
    if (node instanceof Raw) return `\u2063raw${raws.push(node.text) - 1}\u2063`;
    if (Array.isArray(node)) return node.map(mark);
    if (isRecord(node)) return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, mark(item)]));
    return node;
  };
  const text = JSON.stringify(mark(resolveRefs(value, fixture))) ?? "";
  return text.replace(/"\u2063raw(\d+)\u2063"/g, (_, index: string) => raws[Number(index)]!).replaceAll(`"${protoKey}"`, '"__proto__"');
};

/** Rails-style form fields: `a[b]=1`, `list[]=x`; proto keys and raw values as the text they stand for. */
const toFormFields = (value: Json, fixture: Fixture): [string, string][] => {
  const fields: [string, string][] = [];
  const walk = (node: Json, key: string) => {
    if (node instanceof Raw) fields.push([key, node.text]);
    else if (Array.isArray(node)) node.forEach((item) => walk(item, `${key}[]`));
    else if (isRecord(node)) for (const [k, item] of Object.entries(node)) walk(item, key ? `${key}[${k === protoKey ? "__proto__" : k}]` : k === protoKey ? "__proto__" : k);
    else fields.push([key || "body", node === null || node === undefined ? "" : String(node)]);
  };
  walk(resolveRefs(value, fixture), "");
  return fields;
};

// ---------------------------------------------------------------------------------------------
// Requests.

type TokenChoice = "caller" | "admin" | "agent" | "bot" | "platform" | "profile" | "none" | "garbage";
type BodyKind = "json" | "form" | "multipart" | "text" | "xml" | "malformed";
type Segment = { ref: Ref } | { raw: string };
type QueryEntry = [string, string | Ref];

type FuzzRequest = {
  operation: ApiOperation;
  path: Record<string, Segment>;
  query: QueryEntry[];
  token: TokenChoice;
  body: Json | undefined;
  bodyKind: BodyKind;
  /** Malformed JSON text (bodyKind "malformed"). */
  text?: string;
  /** The file a multipart body carries. */
  file?: { name: string; type: string; size: number };
  mutations: string[];
};

const shorten = (text: string) => (text.length > 300 ? `${text.slice(0, 200)}…(${text.length} chars)…${text.slice(-60)}` : text);

const describeRequest = (request: FuzzRequest) => {
  const segments = Object.fromEntries(Object.entries(request.path).map(([k, s]) => [k, "raw" in s ? s.raw : `<${s.ref.name}>`]));
  const query = request.query.map(([k, v]) => `${k}=${v instanceof Ref ? `<${v.name}>` : v}`).join("&");
  const body = request.bodyKind === "malformed" ? JSON.stringify(request.text) : request.body === undefined ? "(none)" : fc.stringify(request.body);
  return shorten(
    `${request.operation.method} ${fillPath(request.operation.path, segments)}${query ? `?${query}` : ""} token=${request.token} ` +
      `as=${request.bodyKind} mutations=[${request.mutations.join(", ")}] body=${body}`,
  );
};

const printable = (request: FuzzRequest) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });

const tokenOf = (request: FuzzRequest, fixture: Fixture): string | null => {
  const { operation } = request;
  switch (request.token) {
    case "none":
      return null;
    case "garbage":
      return "not-a-real-token";
    case "admin":
      return fixture.admin.token;
    case "agent":
      return fixture.agent.token;
    case "bot":
      return fixture.bot.token;
    case "platform":
      return fixture.platform.token;
    case "profile":
      return fixture.profile.token;
    case "caller":
      if (operation.callers.length === 0) return null;
      if (operation.path.startsWith("/api/v1/profile")) return fixture.profile.token;
      if (operation.callers.includes("platform_app")) return fixture.platform.token;
      return fixture.admin.token;
  }
};

const send = (request: FuzzRequest, fixture: Fixture): Promise<ApiResponse> => {
  const { operation } = request;
  const segments = Object.fromEntries(
    Object.entries(request.path).map(([name, segment]) => [name, "raw" in segment ? segment.raw : encodeURIComponent(String(segment.ref.get(fixture)))]),
  );
  const search = new URLSearchParams(request.query.map(([key, value]) => [key, value instanceof Ref ? String(value.get(fixture)) : value])).toString();
  const url = `${fillPath(operation.path, segments)}${search ? `?${search}` : ""}`;
  const options: CallOptions = { token: tokenOf(request, fixture) };
  if (request.bodyKind === "malformed") {
    options.raw = request.text ?? "";
  } else if (request.body !== undefined) {
    switch (request.bodyKind) {
      case "json":
        options.raw = toJsonText(request.body, fixture);
        break;
      case "text":
        options.raw = toJsonText(request.body, fixture);
        options.headers = { "content-type": "text/plain" };
        break;
      case "xml":
        options.raw = "<account><name>x</name></account>";
        options.headers = { "content-type": "application/xml" };
        break;
      case "form":
        options.raw = new URLSearchParams(toFormFields(request.body, fixture)).toString();
        options.headers = { "content-type": "application/x-www-form-urlencoded" };
        break;
      case "multipart": {
        const form = new FormData();
        for (const [key, value] of toFormFields(request.body, fixture)) form.append(key, value);
        const file = request.file ?? { name: "fuzz.txt", type: "text/plain", size: 4 };
        form.append("attachments[]", new File(["x".repeat(file.size)], file.name, { type: file.type }));
        options.multipart = form;
        break;
      }
    }
  }
  return api.call(operation.method, url, options);
};

// ---------------------------------------------------------------------------------------------
// Generation from the document.

const zones = ["Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "UTC", "Pacific/Chatham"];

const hintsFor =
  (operation: ApiOperation): Hints =>
  (name) => {
    const record = recordFields(operation)[name];
    if (record && !(name in uniqueValues(operation))) return fc.constant(record);
    if (/(^|_)email$/.test(name)) {
      const existing = ref("contact.email", (f) => f.contact.email.toUpperCase());
      return fc.constantFrom<unknown>("guest@example.test", "Someone.Else@Example.TEST", existing, freshEmail);
    }
    // Values other records already hold: uniqueness checks and the races behind them.
    if (name === "source_id") return fc.constantFrom(ref("contact.sourceId", (f) => f.contact.sourceId), ref("client.sourceId", (f) => f.client.sourceId));
    if (name === "title") return fc.constant(ref("label.title", (f) => f.label.title.toUpperCase()));
    if (name === "code") return fc.constant(ref("discountCode.code", (f) => f.discountCode.code.toLowerCase()));
    if (name === "password") return fc.constantFrom("Secret-123", "another-Pass-9");
    if (name === "timezone") return fc.constantFrom(...zones);
    if (name === "currency") return fc.constantFrom("EUR", "USD", "JPY", "BHD");
    if (name in namedValues) return fc.constant(namedValues[name]);
    return undefined;
  };

/** Real records a path parameter may name: the operation's own target, and its siblings of the same kind. */
const realSegments = (operation: ApiOperation, name: string): Ref[] => {
  const target = ref(`${name}`, operation.target[name]!);
  const siblings: Record<string, Ref[]> = {
    "api/v1 quotes id": [ref("sentQuote.id", (f) => f.sentQuote.id)],
    "api/v1 space_id": [ref("venue.id", (f) => f.venue.id), ref("room.id", (f) => f.room.id)],
    "api/v1 message_id": [ref("attachment.messageId", (f) => f.attachment.messageId)],
    "api/v1 contacts id": [ref("client.contactId", (f) => f.client.contactId)],
  };
  const before = operation.path.split("/").at(operation.path.split("/").indexOf(`{${name}}`) - 1);
  return [target, ...(siblings[`${operation.surface} ${before} ${name}`] ?? siblings[`${operation.surface} ${name}`] ?? [])];
};

const queryValueArbitrary = (operation: ApiOperation, schema: Schema, name: string): fc.Arbitrary<QueryEntry[]> => {
  const hinted = hintsFor(operation)(name, schema);
  const value = hinted ? fc.oneof(hinted, arbitraryFor(document, schema)) : arbitraryFor(document, schema);
  return value.map((v): QueryEntry[] => {
    if (v instanceof Ref) return [[name, v]];
    if (Array.isArray(v)) return v.map((item): QueryEntry => [`${name}[]`, typeof item === "string" ? item : JSON.stringify(item)]);
    return [[name, v === null ? "" : typeof v === "string" ? v : JSON.stringify(v)]];
  });
};

const baseRequest = (operation: ApiOperation): fc.Arbitrary<FuzzRequest> => {
  const path = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, fc.constantFrom(...realSegments(operation, p.name)).map((r): Segment => ({ ref: r }))])));
  const signed = signedQuery(operation);
  const query = fc
    .tuple(
      ...operation.query.map((p) => {
        const credential = signed[p.name];
        if (credential) return fc.constant<QueryEntry[]>([[p.name, ref(`signed ${p.name}`, credential)]]);
        const entry = queryValueArbitrary(operation, p.schema, p.name);
        return p.required ? entry : fc.option(entry, { nil: [] as QueryEntry[] });
      }),
    )
    .map((entries) => entries.flat());
  const plain = plainBody(document, operation);
  const rawBody = operation.body
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(plain) }, { weight: 2, arbitrary: arbitraryFor(document, operation.body, hintsFor(operation)) })
    : fc.constant(undefined);
  const body = fc.tuple(rawBody, fc.boolean()).map(([value, wrap]) => (operation.bodyKey && wrap && isRecord(value) ? wrapBody(operation, value) : value));
  const token = operation.callers.includes("agent_bot")
    ? fc.constantFrom<TokenChoice>("caller", "caller", "agent", "bot")
    : operation.callers.includes("user") && !operation.path.startsWith("/api/v1/profile")
      ? fc.constantFrom<TokenChoice>("caller", "caller", "caller", "agent")
      : fc.constant<TokenChoice>("caller");
  const bodyKind: fc.Arbitrary<BodyKind> = operation.multipart ? fc.constantFrom("json", "json", "multipart") : operation.form ? fc.constantFrom("json", "json", "form") : fc.constant("json");
  return fc
    .record({ path, query, body, token, bodyKind })
    .map((parts): FuzzRequest => ({ operation, ...parts, mutations: [] }));
};

const wrapBody = (operation: ApiOperation, value: Record<string, unknown>) => {
  const siblings = Object.fromEntries(Object.entries(value).filter(([key]) => operation.bodySiblings.includes(key)));
  const inner = Object.fromEntries(Object.entries(value).filter(([key]) => !operation.bodySiblings.includes(key)));
  return { [operation.bodyKey!]: inner, ...siblings };
};

// ---------------------------------------------------------------------------------------------
// Mutations.

const hugeString = "a".repeat(100_000);
const deepArray = new Raw(`${"[".repeat(1000)}${"]".repeat(1000)}`);
const deepObject = new Raw(`${'{"a":'.repeat(1000)}1${"}".repeat(1000)}`);
const manyKeys = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]));

const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Json>(
    null, true, false, 0, -1, -0, 1.5, -2.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 5e-324,
    new Raw("1e999"), new Raw("-1e999"), new Raw("123456789012345678901234567890"), new Raw("-0.0"),
    "", " ", hugeString, "\u0000", "a\u0000b", "\ud800", "x\udfffy", "\ud83d", "💥", "NaN", "Infinity", "-Infinity", "null", "undefined", "true",
    "1", "-1", "0", "1e3", "0x10", "１２", "2147483648",
    // The edges of money and counts: the largest amount a rate takes, a total past numeric(16, 4), the most attendees.
    "999999999999.9999", "1000000000000", "0.00001", 10_000_000, 10_000_001, 999_999_999,
    "2026-02-30", "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-1", "2026-02-30T10:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z",
    "2026-01-01T10:00:00", "2026-01-01T10:00:00+25:00", "2026-01-01T10:00:00+14:01", "2026-03-29T02:30:00+01:00", "24:00", "25:00", "23:60", "-01:00", "9:00",
    "garbage", "0000-00-00", "+275760-09-13T00:00:00.000Z", "-000001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "0001-01-01",
    "Mars/Olympus", "UTC+25", "Etc/GMT+99", "Europe/Amsterdam\u0000", "../../etc/passwd", "<script>alert(1)</script>", "' OR 1=1 --", "%00", "{{7*7}}",
    "00000000-0000-0000-0000-000000000000", "not-a-uuid", "ffffffff-ffff-ffff-ffff-fffffffffffff",
    {}, [], [[]], [null], { "": null }, { a: { b: { c: {} } } }, [hugeString.slice(0, 1000)], Array.from({ length: 1001 }, (_, i) => i), manyKeys,
    deepArray, deepObject,
    ref("event.id (a uuid)", (f) => f.event.id),
    ref("conversation.displayId (an int)", (f) => f.conversation.displayId),
    ref("sentQuote.publicToken", (f) => f.sentQuote.publicToken),
  ) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const hostileKey = fc.constantFrom("a\u0000b", "\u0000", "\ud800", "x\udc00", "constructor", "prototype", protoKey, "", "unknown_field", "💥", hugeString.slice(0, 5000));

const badSegments = [
  "abc", "-1", "0", "1e3", "%00", "a%00b", "2147483648", "2147483647", "9007199254740993", "1.5", "0x1", "%20", "+1", " 1".replace(" ", "%20"),
  "null", "NaN", "Infinity", "1e999", "%E2%80%AE", "%F0%9F%92%A5", "x".repeat(300), "00000000-0000-0000-0000-000000000000", "%2F",
];
const badSegment = fc.oneof(
  fc.constantFrom(...badSegments).map((raw): Segment => ({ raw })),
  // A real record of another kind: a uuid where an int is expected, and the other way round.
  fc.constantFrom(ref("event.id", (f) => f.event.id), ref("contact.id", (f) => f.contact.id), ref("platform.accountId", (f) => f.platform.accountId)).map((r): Segment => ({ ref: r })),
);

const malformedJson = [
  "{", '{"a":}', "{'a':1}", "[1,]", '{"a":1}}', "\uFEFF{}", "NaN", "undefined", '"just a string"', "null", "1e999", "[]", "true",
  '{"a":"\u0000"}', '{"a":1,"a":2}', `{"name":"${"x".repeat(10)}`, "\u0000", '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}',
];

const hostileFiles = [
  { name: "a\u0000b.txt", type: "text/plain", size: 3 },
  { name: "\ud800.png", type: "image/png", size: 3 },
  { name: "../../../etc/passwd", type: "text/plain", size: 3 },
  { name: "", type: "", size: 0 },
  { name: "x".repeat(5000), type: "application/octet-stream", size: 1 },
  { name: "page.html", type: "text/html\r\nX-Injected: 1", size: 10 },
  { name: "image.svg", type: "image/svg+xml", size: 10 },
  { name: "%00.txt", type: "text/plain; charset=\"\u0000\"", size: 2 },
];

type Mutation = { kind: string; n: number; value: Json; key: string; segment: Segment };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(
    "value", "value", "value", "value", "drop", "drop", "extra", "extra", "proto", "deep", "shape",
    "content-type", "content-type", "malformed", "path", "path", "path", "query", "query", "token", "file",
  ),
  n: fc.nat(),
  value: hostileValue,
  key: hostileKey,
  segment: badSegment,
});

const pick = <T>(items: T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);

/** Request has no body with GET (fetch refuses one), so a GET is mutated only in its path, query and token. */
const bodyMutations = new Set(["value", "drop", "extra", "proto", "deep", "shape", "content-type", "malformed", "file"]);

const applyMutation = (request: FuzzRequest, m: Mutation): FuzzRequest => {
  if (request.operation.method === "GET" && bodyMutations.has(m.kind)) return applyMutation(request, { ...m, kind: ["path", "query", "token"][m.n % 3]! });
  const next: FuzzRequest = { ...request, mutations: [...request.mutations] };
  const note = (what: string) => next.mutations.push(what);
  const body = request.body ?? {};
  switch (m.kind) {
    case "value": {
      const at = pick(locations(body).filter((p) => p.length > 0), m.n) ?? ["fuzz"];
      next.body = setAt(body, at, m.value);
      note(`value@${at.join(".")}`);
      break;
    }
    case "drop": {
      const at = pick(locations(body).filter((p) => p.length > 0 && isRecord(getAt(body, p.slice(0, -1)))), m.n);
      if (at) next.body = setAt(body, at, undefined);
      note(`drop@${at?.join(".") ?? "-"}`);
      break;
    }
    case "extra":
    case "proto":
    case "deep": {
      const at = pick(locations(body).filter((p) => isRecord(getAt(body, p))), m.n) ?? [];
      const key = m.kind === "proto" ? protoKey : m.kind === "deep" ? "nested" : m.key;
      const value = m.kind === "deep" ? (m.n % 2 ? deepArray : deepObject) : m.kind === "proto" ? { polluted: true, status: "confirmed" } : m.value;
      next.body = setAt(body, [...at, key], value);
      note(`${m.kind}@${[...at, key === protoKey ? "__proto__" : key].join(".")}`);
      break;
    }
    case "shape":
      next.body = pick<Json>([[body], "body", 42, null, true, [], new Raw("1e999")], m.n);
      note("shape");
      break;
    case "content-type":
      next.bodyKind = pick<BodyKind>(["text", "form", "multipart", "xml"], m.n)!;
      note(`content-type:${next.bodyKind}`);
      break;
    case "malformed":
      next.bodyKind = "malformed";
      next.text = pick(malformedJson, m.n);
      note("malformed");
      break;
    case "path": {
      const name = pick(request.operation.pathParams.map((p) => p.name), m.n);
      if (name) next.path = { ...request.path, [name]: m.segment };
      note(`path:${name ?? "-"}`);
      break;
    }
    case "query": {
      const names = request.operation.query.map((p) => p.name);
      const name = pick([...names, "__proto__", "constructor", "__proto__[polluted]", "prototype", "unknown"], m.n)!;
      const text = m.value instanceof Ref || m.value instanceof Raw ? String(m.n) : typeof m.value === "string" ? m.value : JSON.stringify(m.value);
      const value = typeof text === "string" ? text : "";
      const entries = request.query.filter(([key]) => key !== name && key !== `${name}[]`);
      next.query = m.n % 3 === 0 ? [...entries, [`${name}[]`, value], [`${name}[]`, "x"]] : [...entries, [name, value]];
      note(`query:${name}`);
      break;
    }
    case "file":
      next.bodyKind = "multipart";
      next.file = pick(hostileFiles, m.n);
      note(`file:${JSON.stringify(next.file?.name.slice(0, 20))}`);
      break;
    case "token":
      next.token = pick<TokenChoice>(["none", "garbage", "admin", "agent", "bot", "platform"], m.n)!;
      note(`token:${next.token}`);
      break;
  }
  return next;
};

const requestArbitrary = (operation: ApiOperation): fc.Arbitrary<FuzzRequest> =>
  fc
    .tuple(
      baseRequest(operation),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<Mutation[]>([]) },
        { weight: 5, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
        { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 2 }) },
      ),
    )
    .map(([base, mutations]) => printable(mutations.reduce(applyMutation, base)));

// ---------------------------------------------------------------------------------------------
// The run.

let fixture: Fixture;
let before: Snapshot;
let dirty = false;
const started = performance.now();
const counts = new Map<Surface, number>();
const statuses = new Map<number, number>();
const standardPrototype = [
  "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "__proto__", "constructor", "hasOwnProperty",
  "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf",
].sort();

/** The MCP endpoint answers in its own protocol: JSON-RPC errors, not the standard body. */
const jsonRpcOperations = new Set(["POST /api/v1/accounts/{account_id}/mcp"]);
const isJsonRpcError = (body: unknown) => {
  const error = (body as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return (body as { jsonrpc?: unknown })?.jsonrpc === "2.0" && Number.isInteger(error?.code) && typeof error?.message === "string";
};

const problemsWith = (response: ApiResponse, refusedWrites: string[], operation: ApiOperation): string[] => {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`answered ${response.status}`);
  if (response.status >= 400 && jsonRpcOperations.has(operation.id)) {
    if (!isJsonRpcError(response.body)) problems.push(`answered ${response.status} without a JSON-RPC error body`);
  } else if (response.status >= 400) {
    const body = response.body as { description?: unknown; errors?: unknown; error?: unknown } | undefined;
    const standard =
      typeof body === "object" &&
      body !== null &&
      typeof body.description === "string" &&
      typeof body.error === "string" &&
      Array.isArray(body.errors) &&
      body.errors.every((e: { field?: unknown; message?: unknown; code?: unknown }) => typeof e?.field === "string" && typeof e?.message === "string" && typeof e?.code === "string");
    if (!standard) problems.push(`answered ${response.status} without the standard error body`);
  }
  // The route layer's answer to a value the database refused (lib/http/route.ts toErrorResponse, SQLSTATE 22xxx):
  // a 422 that names no field, and a validation someone still has to write.
  if (response.status === 422 && (response.body as { description?: unknown } | undefined)?.description === "A value could not be stored") {
    problems.push("sent a value validation let through and the database refused (422 naming no field)");
  }
  if (response.status >= 400 && refusedWrites.length > 0) problems.push(`was refused (${response.status}) but wrote: ${refusedWrites.join("; ")}`);
  return problems;
};

const exercise = async (request: FuzzRequest) => {
  if (dirty) {
    await ensureFixtures(fixture);
    before = await snapshot();
    dirty = false;
  }
  const response = await send(request, fixture);
  const after = await snapshot(before);
  const written = changes(before, after);
  before = after;
  dirty = written.length > 0;
  counts.set(request.operation.surface, (counts.get(request.operation.surface) ?? 0) + 1);
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  const problems = problemsWith(response, written, request.operation);
  if (problems.length === 0) return;
  throw new Error(`${request.operation.id} ${problems.join(", ")}\n  request: ${describeRequest(request)}\n  response: ${shorten(response.text)}`);
};

/** Each operation's own seed, so adding or reordering operations leaves the others' requests unchanged. */
const seedFor = (operation: ApiOperation) => {
  let hash = seed | 0;
  for (const char of operation.id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

beforeAll(async () => {
  fixture = await makeFixture();
  before = await snapshot();
}, 120_000);

afterAll(() => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const bySurface = [...counts].map(([surface, n]) => `${surface} ${n}`).join(", ");
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`).join(" ");
  console.log(`fuzz: seed ${seed}, ${runsPerOperation} runs per operation, ${operations.length} operations, ${total} requests in ${seconds}s (${bySurface}); statuses ${byStatus}`);
});

describe(`fuzzing every operation (seed ${seed}; FUZZ_SEED and FUZZ_RUNS override)`, () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))("%s", async (_, operation) => {
    const operationSeed = seedFor(operation);
    const result = await fc.check(fc.asyncProperty(requestArbitrary(operation), exercise), { seed: operationSeed, numRuns: runsPerOperation, endOnFailure: true });
    if (!result.failed) return;
    const cause = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(
      `${cause}\n  after ${result.numRuns} requests; reproduce with FUZZ_SEED=${seed} FUZZ_RUNS=${runsPerOperation} over the whole file (earlier operations change the ` +
        `records later ones see); operation seed ${operationSeed}, fast-check path "${result.counterexamplePath}"`,
    );
  }, 60_000);

  it("leaves Object.prototype with its standard properties only", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(standardPrototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
