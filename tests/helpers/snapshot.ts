import postgres from "postgres";
import { afterAll } from "vitest";

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

export type Snapshot = { rows: Map<string, string>; horizon: string };

/**
 * Its own connection, where the statement is prepared once and planned once (a generic plan): the
 * app's connections plan every statement for its parameters, and planning this union of every
 * table took longer than running it (the fuzzer takes a snapshot after each of its 5,520 requests).
 */
let reader: Promise<{ client: postgres.Sql; text: string }> | undefined;

afterAll(async () => {
  await (await reader)?.client.end();
  reader = undefined;
});

/** The first transaction id not yet handed out: whatever writes next has this id or a later one. */
const horizonSql = "pg_snapshot_xmax(pg_current_snapshot())::text";

const connect = async () => {
  const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {}, connection: { plan_cache_mode: "force_generic_plan" } });
  const tables = (
    await client<{ table_name: string }[]>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
  )
    .map((row) => row.table_name)
    .filter((table) => !writtenOnRefusal.has(table) && !table.startsWith("__drizzle"));
  // $1: the previous snapshot's horizon (null for none: nothing counts as written).
  const parts = tables.map(
    (table) => `select '${table}' as t, count(*)::text || ' rows, ' || count(*) filter (where xmin::text::bigint >= $1::bigint)::text || ' written' as v from "${table}"`,
  );
  return { client, text: `${parts.join(" union all ")} union all select '', ${horizonSql}` };
};

export const snapshot = async (since?: Snapshot): Promise<Snapshot> => {
  // The promise is kept, so snapshots asked for at once share one connection.
  const { client, text } = await (reader ??= connect());
  const rows = await client.unsafe<{ t: string; v: string }[]>(text, [since?.horizon ?? null], { prepare: true });
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
