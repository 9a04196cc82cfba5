import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anyOf } from "@/db/any";
import { createDb, planOnce, preparedTextLimit } from "@/db/client";
import { accountCallerFromToken, type UserCaller } from "@/lib/auth/caller";
import { takeHits } from "@/lib/http/rate-limit";
import { makeAccount, makeMember } from "../helpers/factories";

/*
 * db/any.ts and db/client.ts: id lists travel as one array parameter, and the pool prepares
 * statements (bounded by text). Checked against PostgreSQL itself.
 */

const texts = ["plain", 'a "quoted" word', "back\\slash", "comma, and {braces}", "", "NULL", "ünïcödé ✓", "  spaced  "];

describe("anyOf", () => {
  const db = createDb(process.env.DATABASE_URL!, { max: 2 });

  it.each([
    ["integers", [3, 1, 2], sql`unnest(array[1, 2, 3, 4])`, [1, 2, 3]],
    ["one integer", [4], sql`unnest(array[1, 2, 3, 4])`, [4]],
    ["no values", [], sql`unnest(array[1, 2, 3, 4])`, []],
    ["texts that need quoting", texts, sql`unnest(${`{${texts.map((t) => JSON.stringify(t)).join(",")},"other"}`}::text[])`, [...texts].sort()],
  ] as const)("finds exactly the listed values: %s", async (_, values, source, expected) => {
    const rows = await db.execute<{ v: number | string }>(sql`select v from ${source} as t(v) where ${anyOf(sql`v`, values)} order by v`);
    expect(rows.map((row) => row.v)).toEqual(expected);
  });

  it("is one statement text whatever the number of values", () => {
    const text = (values: number[]) => db.select({ one: sql`1` }).from(sql`(select 1 as id) t`).where(anyOf(sql`id`, values)).toSQL().sql;
    expect(text([1])).toBe(text([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
  });
});

describe("prepared statements", () => {
  it("answers the same after the limit of prepared texts, unprepared", async () => {
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    try {
      for (let i = 0; i <= preparedTextLimit + 5; i++) {
        // A text of its own each time, with a parameter (parameterless ones go by the simple protocol).
        const [row] = await db.execute<{ n: number }>(sql`select ${i}::int + ${sql.raw(String(i))} as n`);
        expect(row!.n).toBe(2 * i);
      }
      const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from pg_prepared_statements`)) as unknown as [{ count: number }];
      // The limit's texts, and postgres.js's own look-up of array types.
      expect(count).toBe(preparedTextLimit + 1);
    } finally {
      await db.$client.end();
    }
  });

  it("plans for each execution's parameters", async () => {
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    try {
      const [row] = await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
      expect(row!.plan_cache_mode).toBe("force_custom_plan");
    } finally {
      await db.$client.end();
    }
  });

  it("plans a plan-once statement once per connection, and every other statement for each execution", async () => {
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    const plans = async (on: typeof db, text: string) => {
      const rows = await on.execute<{ generic_plans: string; custom_plans: string }>(
        sql`select generic_plans, custom_plans from pg_prepared_statements where statement = ${text}`,
      );
      return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
    };
    try {
      // Run one after another, each pool's statements go over one connection: the one asked about after.
      const byKey = (id: number) => sql`select id from accounts where id = ${id}`;
      for (let id = 1; id <= 8; id++) await planOnce(db).execute(byKey(id));
      for (let id = 1; id <= 8; id++) await db.execute(byKey(id));
      const text = "select id from accounts where id = $1";
      expect(await plans(planOnce(db), text)).toEqual([{ generic: 8, custom: 0 }]);
      expect(await plans(db, text)).toEqual([{ generic: 0, custom: 8 }]);
      const [setting] = await planOnce(db).execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
      expect(setting!.plan_cache_mode).toBe("force_generic_plan");
    } finally {
      await db.$client.end();
    }
  });

  it("plans who is calling and the rate limits once per connection: the statements before every API request's work", async () => {
    const account = await makeAccount();
    const { user, token } = await makeMember(account.id);
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    const prepared = (on: typeof db) =>
      on.execute<{ statement: string; generic_plans: string; custom_plans: string }>(sql`select statement, generic_plans, custom_plans from pg_prepared_statements`);
    try {
      for (let i = 0; i < 6; i++) {
        const ctx = await accountCallerFromToken(db, token, account.id, (caller) => caller as UserCaller);
        expect(ctx.caller.user.id).toBe(user.id);
        await takeHits(db, [{ rule: "token", key: `plan-once-${user.id}` }], null);
      }
      const once = (await prepared(planOnce(db))).filter((row) => /token_digest|rate_limit_counters/.test(row.statement));
      expect(once.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([
        [6, 0],
        [6, 0],
      ]);
      expect((await prepared(db)).filter((row) => /token_digest|rate_limit_counters/.test(row.statement))).toEqual([]);
    } finally {
      await db.$client.end();
    }
  });

  it("closes the plan-once connections with the pool", async () => {
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    const pidOf = async (on: typeof db) => ((await on.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`))[0]!).pid;
    const pids = [await pidOf(db), await pidOf(planOnce(db))];
    expect(pids[0]).not.toBe(pids[1]);
    await db.$client.end();
    const observer = createDb(process.env.DATABASE_URL!, { max: 1 });
    try {
      const [row] = await observer.execute<{ open: number }>(sql`select count(*)::int as open from pg_stat_activity where pid = any(${`{${pids.join(",")}}`}::int[])`);
      expect(row!.open).toBe(0);
    } finally {
      await observer.$client.end();
    }
  });

  it("prepares nothing and sets nothing with DATABASE_PREPARE=off (for a pooler that keeps neither)", async () => {
    process.env.DATABASE_PREPARE = "off";
    const db = createDb(process.env.DATABASE_URL!, { max: 1 });
    delete process.env.DATABASE_PREPARE;
    try {
      for (let i = 0; i < 5; i++) expect((await db.execute<{ n: number }>(sql`select ${i}::int + ${sql.raw(String(i))} as n`))[0]!.n).toBe(2 * i);
      const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from pg_prepared_statements`)) as unknown as [{ count: number }];
      // Only postgres.js's own look-up of array types.
      expect(count).toBeLessThanOrEqual(1);
      const [row] = await db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
      expect(row!.plan_cache_mode).toBe("auto");
      // Nothing is planned once either: such statements run on the pool itself.
      expect(planOnce(db)).toBe(db);
    } finally {
      await db.$client.end();
    }
  });
});
