import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

/**
 * What a refused request must not change, read in one statement: the row count of every table,
 * and how many of its rows were written (inserted or updated: a new row version) by
 * transactions that began since the previous snapshot. A row version's `xmin` is the id of the
 * transaction that wrote it, and transaction ids only grow, so this sees every committed write,
 * `updated_at` or not; writes rolled back leave no visible version and are rightly not seen.
 * (Other test files write to other databases of the same server: their rows are not in ours.)
 *
 * Left out: tables written by design whatever the answer (rate limit windows, failed sign-ins).
 */
const writtenOnRefusal = new Set(["rate_limit_counters", "sign_in_failures"]);

let tables: string[] | undefined;

export type Snapshot = { rows: Map<string, string>; horizon: string };

/** The first transaction id not yet handed out: whatever writes next has this id or a later one. */
const horizonSql = "pg_snapshot_xmax(pg_current_snapshot())::text";

export const snapshot = async (since?: Snapshot): Promise<Snapshot> => {
  tables ??= (
    await getDb().execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !writtenOnRefusal.has(table) && !table.startsWith("__drizzle"));
  const from = since ? BigInt(since.horizon) : null;
  const parts = tables.map(
    (table) =>
      `select '${table}' as t, count(*)::text || ' rows' || ${from === null ? "''" : `', ' || count(*) filter (where xmin::text::bigint >= ${from})::text || ' written'`} as v from "${table}"`,
  );
  const rows = await getDb().execute<{ t: string; v: string }>(sql.raw(`${parts.join(" union all ")} union all select '', ${horizonSql}`));
  const horizon = rows.find((row) => row.t === "")!.v;
  return { rows: new Map(rows.filter((row) => row.t !== "").map((row) => [row.t, row.v])), horizon };
};

/** The tables with rows added, removed or written between the two snapshots (`after` taken with `since: before`). */
export const changes = (before: Snapshot, after: Snapshot): string[] =>
  [...after.rows].flatMap(([table, value]) => {
    const [count, written = "0 written"] = value.split(", ");
    const [countBefore] = (before.rows.get(table) ?? "").split(", ");
    return count !== countBefore || written !== "0 written" ? [`${table}: ${countBefore} -> ${value}`] : [];
  });
