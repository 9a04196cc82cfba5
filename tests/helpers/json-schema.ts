import fc from "fast-check";

/**
 * The subset of JSON Schema (OpenAPI 3.1) our document uses for requests, turned into
 * fast-check arbitraries (fuzzing) or into one plain valid value (isolation sweeps):
 * object/properties/required/additionalProperties, array/items/minItems/maxItems,
 * string/enum/const/format (uuid, date, date-time, email, uri)/pattern/min- and maxLength,
 * integer/number with bounds, boolean, null, anyOf/oneOf/allOf and $ref into components.
 */
export type Schema = { [key: string]: any };
export type Document = { components?: { schemas?: Record<string, Schema> } };

/** A property's name and the schema it has: hints replace or join what the schema alone would give. */
export type Hints = (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, "");

export const resolve = (document: Document, schema: Schema | undefined): Schema => {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
    const target = document.components?.schemas?.[refName(current.$ref)];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    // Sibling keywords (description…) beside a $ref describe the same value.
    const siblings = Object.fromEntries(Object.entries(current).filter(([key]) => key !== "$ref"));
    current = { ...target, ...siblings };
  }
  return current;
};

const typesOf = (schema: Schema): string[] => {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  return [];
};

/** Stand-ins where a pattern is too costly for fast-check to generate (calendar-aware dates). */
const isoDate = fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2028-12-31T00:00:00Z"), noInvalidDate: true });
const formatArbitrary = (format: string | undefined): fc.Arbitrary<string> | undefined => {
  switch (format) {
    case "uuid":
      return fc.uuid();
    case "date":
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return isoDate.map((d) => d.toISOString().replace(/\.\d{3}Z$/, "Z"));
    case "email":
      return fc.stringMatching(/^[a-z]{1,8}@[a-z]{1,8}\.test$/);
    case "uri":
      return fc.constantFrom("https://example.test/", "https://example.test/a/b?c=d", "http://localhost:1/x");
    default:
      return undefined;
  }
};

const lengthBounded = (arbitrary: fc.Arbitrary<string>, schema: Schema) =>
  arbitrary.filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));

const stringArbitrary = (schema: Schema): fc.Arbitrary<string> => {
  const formatted = formatArbitrary(schema.format);
  if (formatted) return formatted;
  const patterns = [schema.pattern, ...((schema.allOf ?? []) as Schema[]).map((s) => s.pattern)].filter((p): p is string => typeof p === "string");
  if (patterns.length === 1) {
    try {
      return lengthBounded(fc.stringMatching(new RegExp(patterns[0]!, "u")), schema);
    } catch {
      // A pattern fast-check cannot generate from: fall through to plain strings.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  return fc.string({ minLength, maxLength, unit: "grapheme" });
};

const numberArbitrary = (schema: Schema, integer: boolean): fc.Arbitrary<number> => {
  const exclusiveMin = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : undefined;
  if (integer) {
    const min = Math.max(schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -(2 ** 31)), Number.MIN_SAFE_INTEGER);
    const max = Math.min(schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - 1 : 2 ** 31), Number.MAX_SAFE_INTEGER);
    // Small values more often: they name real records and fit business rules.
    return fc.oneof({ arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, 50) }).filter((n) => n >= min), weight: 2 }, fc.integer({ min, max }));
  }
  const min = schema.minimum ?? exclusiveMin ?? -1e9;
  const max = schema.maximum ?? exclusiveMax ?? 1e9;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => (exclusiveMin === undefined || n > exclusiveMin) && (exclusiveMax === undefined || n < exclusiveMax));
};

/** Small free-form JSON (custom_attributes and the like). */
const freeJson = fc.jsonValue({ maxDepth: 2 });

export const arbitraryFor = (document: Document, input: Schema | undefined, hints: Hints = () => undefined, depth = 0): fc.Arbitrary<unknown> => {
  const schema = resolve(document, input);
  if (depth > 12) return fc.constant(null);
  const next = (child: Schema | undefined) => arbitraryFor(document, child, hints, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map(next));
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => next({ ...schema, type })));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "string":
      return stringArbitrary(schema);
    case "array": {
      const minLength = schema.minItems ?? 0;
      return fc.array(next(schema.items), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case "object":
      return objectArbitrary(document, schema, hints, depth);
    default:
      return freeJson;
  }
};

const objectArbitrary = (document: Document, schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> => {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (names.length === 0) {
    // A free-form object (custom_attributes, metadata…).
    return fc.dictionary(fc.string({ maxLength: 8 }), freeJson, { maxKeys: 3 });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const property = resolve(document, properties[name]);
    if (property.format === "binary") continue;
    const hinted = hints(name, property);
    const plain = arbitraryFor(document, property, hints, depth + 1);
    model[name] = hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: plain, weight: 1 }) : plain;
  }
  const required = ((schema.required ?? []) as string[]).filter((name) => name in model);
  const optional = Object.keys(model).filter((name) => !required.includes(name));
  // A few optional properties at a time: each one more is one more chance to be refused early.
  return fc.tuple(fc.record(model), fc.subarray(optional, { maxLength: Math.min(4, optional.length) })).map(([value, chosen]) =>
    Object.fromEntries(Object.entries(value).filter(([name]) => required.includes(name) || chosen.includes(name))),
  );
};

/**
 * One valid-looking value, the same every time: required properties (and `extra` ones) only,
 * the first alternative that is not null, the smallest allowed number. `pick` supplies values by
 * property name (ids of real records, unique names), `undefined` meaning "no opinion".
 */
export const plainValueFor = (
  document: Document,
  input: Schema | undefined,
  pick: (name: string, schema: Schema) => unknown,
  options: { include?: (name: string) => boolean } = {},
  name = "",
  depth = 0,
): unknown => {
  const schema = resolve(document, input);
  const picked = name ? pick(name, schema) : undefined;
  if (picked !== undefined) return picked;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("default" in schema && depth > 0) return schema.default;
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const chosen = alternatives.find((alternative) => !typesOf(resolve(document, alternative)).includes("null")) ?? alternatives[0];
    return plainValueFor(document, chosen, pick, options, name, depth + 1);
  }
  const type = typesOf(schema).find((t) => t !== "null") ?? typesOf(schema)[0];
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return true;
    case "integer":
    case "number": {
      const min = schema.minimum ?? (typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case "string":
      return plainString(schema);
    case "array": {
      const item = plainValueFor(document, schema.items, pick, options, name.replace(/s$/, ""), depth + 1);
      return Array.from({ length: Math.max(schema.minItems ?? 0, 0) }, () => item);
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (!required.has(key) && !options.include?.(key)) continue;
        value[key] = plainValueFor(document, property, pick, options, key, depth + 1);
      }
      return value;
    }
    default:
      return {};
  }
};

const plainString = (schema: Schema): string => {
  switch (schema.format) {
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
    case "date":
      return "2027-06-01";
    case "date-time":
      return "2027-06-01T10:00:00Z";
    case "email":
      return "someone@example.test";
    case "uri":
      return "https://example.test/";
  }
  if (typeof schema.pattern === "string") {
    // The first value fast-check generates for a fixed seed: valid by construction.
    const [sample] = fc.sample(lengthBounded(fc.stringMatching(new RegExp(schema.pattern, "u")), schema), { numRuns: 1, seed: 1 });
    return sample!;
  }
  return "x".repeat(Math.max(schema.minLength ?? 1, 1));
};
