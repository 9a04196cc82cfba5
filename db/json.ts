import { sql, type AnyColumn } from "drizzle-orm";

/** Merges keys into a jsonb column in the UPDATE itself, so concurrent patches lose nothing. */
export const mergeJson = (column: AnyColumn, patch: Record<string, unknown> | undefined) =>
  patch === undefined || Object.keys(patch).length === 0 ? undefined : sql`${column} || ${JSON.stringify(patch)}::jsonb`;
