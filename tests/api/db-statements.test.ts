import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { anyOf } from "@/db/any";
import { createDb, preparedTextLimit } from "@/db/client";

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
    } finally {
      await db.$client.end();
    }
  });
});
