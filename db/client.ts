import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export const createDb = (url: string, options: { max?: number } = {}) => {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return drizzle({ client, schema, casing: "snake_case" });
};

export type Db = ReturnType<typeof createDb>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What services run their queries on: the pool, or the transaction they were handed. */
export type DbOrTx = Db | Tx;

const globalForDb = globalThis as unknown as { venuedeskDb?: Db };

/**
 * The process-wide connection pool. The launcher (scripts/start.ts) always sets DATABASE_URL:
 * to the operator's server, or to the embedded PostgreSQL it started.
 */
export const getDb = (): Db => {
  if (!globalForDb.venuedeskDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start Venuedesk with `npm start`, which starts an embedded PostgreSQL when it is unset.");
    globalForDb.venuedeskDb = createDb(url);
  }
  return globalForDb.venuedeskDb;
};
