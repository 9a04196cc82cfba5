import { Column, SQL, Subquery, fillPlaceholders, getTableName, is } from "drizzle-orm";
import { PgTimestamp, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { timestampFromText } from "./time";

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type Field = { path: string[]; field: unknown };

/** What drizzle's postgres.js prepared query keeps (drizzle-orm/postgres-js/session.js), read once. */
type Internals = {
  client: postgres.Sql;
  queryString: string;
  params: unknown[];
  prepare: boolean;
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  logger: { logQuery: (query: string, params: unknown[]) => void };
};

const identity = Column.prototype.mapFromDriverValue;

/** The decoder drizzle's mapResultRow picks for a selected field: a column, or an SQL expression's `mapWith`. */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
};

/** How one value is read: as it came (text, booleans, JSON postgres.js parsed), a timestamp's Date, or a decoder's. */
const readerOf = (field: unknown, index: number): { source: string; decoder?: Decoder } => {
  const value = `v[${index}]`;
  if (is(field, PgTimestamp)) return { source: `(${value} === null ? null : timestamp(${value}, ${field.withTimezone}))` };
  const decoder = decoderOf(field);
  if (decoder.mapFromDriverValue === identity) return { source: value };
  return { source: `(${value} === null ? null : d[${index}].mapFromDriverValue(${value}))`, decoder };
};

/**
 * A table nested under a key turns into null, as drizzle's mapResultRow decides: when it comes
 * from a join that may find nothing (`joinsNotNullableMap`) and its first column is null — unless
 * its columns are of more than one table.
 */
const nullWhen = (fields: Field[], outer: string, joinsNotNullableMap: Record<string, boolean> | undefined): number | null => {
  if (!joinsNotNullableMap) return null;
  const columns = fields.flatMap(({ path, field }, index) => (path.length === 2 && path[0] === outer && is(field, Column) ? [{ index, table: getTableName(field.table) }] : []));
  const first = columns[0];
  if (!first || columns.some((column) => column.table !== first.table) || joinsNotNullableMap[first.table]) return null;
  return first.index;
};

/**
 * Maps a row of values (in selection order) to the object drizzle would make, with a function
 * written once per statement: an object literal whose keys and decoders are worked out here, not
 * looked up per value as drizzle's mapResultRow does (it checks each field's kind and walks its
 * path for every value of every row). Objects of one statement share one shape; timestamps are
 * counted out of their text (db/time.ts). One level of nesting (a table selected under a key),
 * outer joins included, is kept as drizzle keeps it. Null for selections it does not take
 * (deeper nesting), which stay drizzle's.
 */
const rowMapper = (fields: Field[], joinsNotNullableMap: Record<string, boolean> | undefined): ((values: unknown[]) => Record<string, unknown>) | null => {
  if (fields.some(({ path }) => path.length > 2 || path.includes("__proto__"))) return null;
  const decoders: (Decoder | undefined)[] = [];
  // Top-level keys in the order drizzle makes them; a nested table where its first field is.
  const keys: { key: string; values: string[] }[] = [];
  const nested = new Map<string, string[]>();
  fields.forEach(({ path, field }, index) => {
    const { source, decoder } = readerOf(field, index);
    decoders[index] = decoder;
    const entry = `${JSON.stringify(path.at(-1))}: ${source}`;
    if (path.length === 1) {
      keys.push({ key: path[0]!, values: [entry] });
      return;
    }
    const outer = path[0]!;
    let values = nested.get(outer);
    if (!values) {
      nested.set(outer, (values = []));
      keys.push({ key: outer, values });
    }
    values.push(entry);
  });
  const body = keys.map(({ key, values }) => {
    if (!nested.has(key)) return values[0]!;
    const object = `{ ${values.join(", ")} }`;
    const nullIndex = nullWhen(fields, key, joinsNotNullableMap);
    return `${JSON.stringify(key)}: ${nullIndex === null ? object : `v[${nullIndex}] === null ? null : ${object}`}`;
  });
  // Keys come from the code's own selections (column keys and selection names), quoted as JSON.
  const make = new Function("d", "timestamp", `"use strict"; return (v) => ({ ${body.join(", ")} });`) as (
    d: (Decoder | undefined)[],
    timestamp: typeof timestampFromText,
  ) => (values: unknown[]) => Record<string, unknown>;
  return make(decoders, timestampFromText);
};

/**
 * A prepared select whose rows are mapped by rowMapper instead of drizzle's per-value walk: the
 * same objects (tests compare them with drizzle's own), a fraction of the work on hot lists. Left
 * to drizzle when it is anything else: a relational query or deeper nesting.
 */
export const plainRows = <T extends PreparedQueryConfig>(query: PgPreparedQuery<T>): PgPreparedQuery<T> => {
  const internals = query as unknown as Internals;
  const { fields, joinsNotNullableMap } = internals;
  if (!fields || internals.customResultMapper || typeof internals.client?.unsafe !== "function") return query;
  const map = rowMapper(fields, joinsNotNullableMap);
  if (!map) return query;
  const execute = async (placeholderValues: Record<string, unknown> = {}) => {
    const params = fillPlaceholders(internals.params, placeholderValues);
    internals.logger.logQuery(internals.queryString, params);
    const rows = await internals.client.unsafe(internals.queryString, params as postgres.ParameterOrJSON<never>[], { prepare: internals.prepare }).values();
    return rows.map(map);
  };
  return Object.assign(query, { execute }) as PgPreparedQuery<T>;
};
