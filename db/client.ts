import { appendFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * VD_SQL_LOG=<file>: every statement the pool sends, one JSON line each ({at, connection, query,
 * parameters}; `at` in ms from the process's start), for the side-by-side benchmark
 * (bench/compare.ts), which replays what a request sent. Off unless set; never in production.
 */
const statementLog = (file: string) => (connection: number, query: string, parameters: unknown[]) =>
  appendFileSync(file, `${JSON.stringify({ at: performance.now(), connection, query, parameters })}\n`);

export const createDb = (url: string, options: { max?: number } = {}) => {
  const log = process.env.VD_SQL_LOG;
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {}, ...(log ? { debug: statementLog(log) } : {}) });
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
