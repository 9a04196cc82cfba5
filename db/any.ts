import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** Values as one PostgreSQL array literal: `{1,2}`, `{"a","b \"c\""}`. */
export const arrayLiteral = (values: readonly (number | string)[]) =>
  `{${values.map((value) => (typeof value === "number" ? String(value) : `"${value.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;

/**
 * `column = any($1)`: the values travel as one array parameter (typed as the column's array), so
 * the statement's text is the same however many there are — it is prepared once, where an IN list
 * would be a new statement for every length. No values: false, as `inArray` answers.
 */
export const anyOf = (column: AnyColumn | SQL, values: readonly (number | string)[]): SQL =>
  values.length === 0 ? sql`false` : sql`${column} = any(${arrayLiteral(values)})`;

/** `column = any($name)` in a query built once: run it with `arrayLiteral(values)` as `name`. */
export const anyOfPlaceholder = (column: AnyColumn | SQL, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;
