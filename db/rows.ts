import { Column, SQL, Subquery, fillPlaceholders, is } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type postgres from "postgres";

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
const decoderOf = (field: unknown): Decoder | null => {
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as { decoder: Decoder }).decoder
      : is(field, Subquery)
        ? ((field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder)
        : (field as { sql: { decoder: Decoder } }).sql.decoder;
  // Text, booleans, JSON (postgres.js parses it) and the like come back as they are stored.
  return decoder.mapFromDriverValue === identity ? null : decoder;
};

/**
 * Maps a row of values (in selection order) to the object drizzle would make: keys and decoders
 * worked out once per statement rather than per value (drizzle's mapResultRow checks each
 * field's kind and walks its path for every value of every row). One level of nesting (a table
 * selected under a key) is kept as drizzle keeps it.
 */
const rowMapper = (fields: Field[]) => {
  const plan = fields.map(({ path, field }) => ({ outer: path.length === 2 ? path[0]! : null, key: path.at(-1)!, decoder: decoderOf(field) }));
  const nested = [...new Set(plan.flatMap((step) => (step.outer === null ? [] : [step.outer])))];
  return (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (const outer of nested) row[outer] = {};
    for (let i = 0; i < plan.length; i++) {
      const { outer, key, decoder } = plan[i]!;
      const raw = values[i];
      const value = raw === null || decoder === null ? raw : decoder.mapFromDriverValue(raw);
      if (outer === null) row[key] = value;
      else (row[outer] as Record<string, unknown>)[key] = value;
    }
    return row;
  };
};

/**
 * A prepared select whose rows are mapped by rowMapper instead of drizzle's per-value walk: the
 * same objects (tests compare them with drizzle's own), a fraction of the work on hot lists. Left
 * to drizzle when it is anything else: a relational query, deeper nesting, or an outer join that
 * may turn a nested table into null.
 */
export const plainRows = <T extends PreparedQueryConfig>(query: PgPreparedQuery<T>): PgPreparedQuery<T> => {
  const internals = query as unknown as Internals;
  const { fields, joinsNotNullableMap } = internals;
  if (!fields || internals.customResultMapper || typeof internals.client?.unsafe !== "function") return query;
  if (fields.some(({ path }) => path.length > 2)) return query;
  const outerJoined = joinsNotNullableMap !== undefined && Object.values(joinsNotNullableMap).some((notNull) => !notNull);
  if (outerJoined && fields.some(({ path }) => path.length === 2)) return query;
  const map = rowMapper(fields);
  const execute = async (placeholderValues: Record<string, unknown> = {}) => {
    const params = fillPlaceholders(internals.params, placeholderValues);
    internals.logger.logQuery(internals.queryString, params);
    const rows = await internals.client.unsafe(internals.queryString, params as postgres.ParameterOrJSON<never>[], { prepare: internals.prepare }).values();
    return rows.map(map);
  };
  return Object.assign(query, { execute }) as PgPreparedQuery<T>;
};
