import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { createDb } from "./client";

const MIGRATION_LOCK = 7_231_001;

/** Applies db/migrations. An advisory lock keeps two starting instances from racing. */
export const runMigrations = async (url: string) => {
  const db = createDb(url, { max: 1 });
  try {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrate(db, { migrationsFolder: path.join(process.cwd(), "db/migrations") });
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await db.$client.end();
  }
};
