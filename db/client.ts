import { appendFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * VD_SQL_LOG=<file>: every statement the pool sends, one JSON line each ({at, connection, query,
 * parameters}; `at` in ms from the process's start), and a line ({done}) whenever a statement's
 * result reaches the code that awaited it — so a reader knows which statements went out together
 * (sent before any earlier one's result came back) — for the side-by-side benchmark
 * (bench/compare.ts), which replays what a request sent. Off unless set; never in production.
 */
const statementLog = (file: string, pool: PoolName) => (connection: number, query: string, parameters: unknown[]) =>
  appendFileSync(file, `${JSON.stringify({ at: performance.now(), pool, connection, query, parameters })}\n`);

/** With VD_SQL_LOG: a `{done}` line when the statement's result is handed to its caller. */
const loggingDone = <Q extends PromiseLike<unknown>>(query: Q, file: string): Q => {
  const then = query.then.bind(query);
  // The query runs when awaited (postgres.js is lazy); only what it hands back is observed.
  Object.defineProperty(query, "then", {
    value: (resolved?: (value: unknown) => unknown, rejected?: (reason: unknown) => unknown) =>
      then((value) => {
        appendFileSync(file, `${JSON.stringify({ done: performance.now() })}\n`);
        return resolved ? resolved(value) : value;
      }, rejected),
  });
  return query;
};

/**
 * Session settings of every pooled connection. Statements are prepared (below) but still planned
 * for their parameters on every execution, as unnamed statements were: a generic plan chosen after
 * five executions could suit one tenant's data and not another's.
 */
export const connectionSettings = { plan_cache_mode: "force_custom_plan" } as const;

/**
 * Session settings of a pool's plan-once connections (`planOnce`): what runs there is planned once
 * per connection, and the plan kept.
 */
export const planOnceSettings = { plan_cache_mode: "force_generic_plan" } as const;

/** How many connections a pool keeps for its work (the server's pool; tests and scripts may ask for fewer). */
export const poolConnections = 10;

/** How many plan-once connections a pool keeps beside its own. */
const planOnceConnections = 2;

/** Which of a pool's connections sent a statement, in the statement log. */
export type PoolName = "main" | "plan-once";

/**
 * How many distinct statement texts a process prepares. Each is kept on every connection (by
 * postgres.js and by PostgreSQL) for the connection's life, so the set is bounded: texts past it —
 * a filter shaped like no other, say — run unprepared, as every statement once did.
 */
export const preparedTextLimit = 500;

/**
 * drizzle runs every statement it did not name with `prepare: false`, so postgres.js describes it
 * first (two round trips) and PostgreSQL parses it every time. This client prepares them: the
 * first run of a text on a connection describes it; every later one is a single round trip.
 */
const preparing = (client: postgres.Sql, texts: Set<string>, limit: number, log: string | undefined, companions: postgres.Sql[] = []): postgres.Sql => {
  const prepare = (query: string) => {
    if (texts.has(query)) return true;
    if (texts.size >= limit) return false;
    texts.add(query);
    return true;
  };
  // Transactions and savepoints hand their callback another client: it prepares too.
  const scoped = (method: "begin" | "savepoint", target: postgres.Sql) =>
    (...args: unknown[]) => {
      const callback = args.at(-1) as (inner: postgres.Sql) => unknown;
      return (target as unknown as Record<typeof method, (...a: unknown[]) => unknown>)[method](...args.slice(0, -1), (inner: postgres.Sql) => callback(preparing(inner, texts, limit, log)));
    };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (query: string, parameters?: unknown[], options?: postgres.UnsafeQueryOptions) => {
          const pending = target.unsafe(query, parameters as postgres.ParameterOrJSON<never>[], { ...options, prepare: prepare(query) });
          return log ? loggingDone(pending, log) : pending;
        };
      if (property === "begin" || property === "savepoint") return scoped(property, target);
      // Ending the pool ends its plan-once connections too.
      if (property === "end" && companions.length > 0)
        return async (options?: { timeout?: number }) => {
          await Promise.all([target, ...companions].map((client) => client.end(options)));
        };
      return Reflect.get(target, property, receiver);
    },
  });
};

/**
 * DATABASE_PREPARE=off: nothing prepared and no session settings, as drizzle sends statements on
 * its own — for a connection pooler that can keep neither (PgBouncer in transaction mode before 1.21).
 */
const preparedStatements = () => process.env.DATABASE_PREPARE !== "off";

const connect = (url: string, max: number, connection: Record<string, string> | undefined, pool: PoolName, log: string | undefined) =>
  postgres(url, {
    max,
    onnotice: () => {},
    ...(connection ? { connection } : {}),
    ...(log ? { debug: statementLog(log, pool) } : {}),
  });

const planOncePools = new WeakMap<object, DbOrTx>();

export const createDb = (url: string, options: { max?: number } = {}) => {
  const log = process.env.VD_SQL_LOG;
  const max = options.max ?? poolConnections;
  const asDb = (client: postgres.Sql) => drizzle({ client, schema, casing: "snake_case" });
  if (!preparedStatements()) return asDb(preparing(connect(url, max, undefined, "main", log), new Set(), 0, log));
  // Connections open when first needed: a pool that never runs a plan-once statement opens none of them.
  const planOnceClient = connect(url, planOnceConnections, planOnceSettings, "plan-once", log);
  const db = asDb(preparing(connect(url, max, connectionSettings, "main", log), new Set(), preparedTextLimit, log, [planOnceClient]));
  planOncePools.set(db, asDb(preparing(planOnceClient, new Set(), preparedTextLimit, log)));
  return db;
};

/**
 * Where a statement whose best plan is the same whatever the tenant and the values runs: a row by
 * its unique key, such as the token lookup on every API request (a join of six tables PostgreSQL
 * otherwise plans again each time, 0.3 ms of its CPU a request) and the rate-limit counters. On a
 * pool: its plan-once connections (planOnceSettings); in a transaction, or with DATABASE_PREPARE=off,
 * where it is.
 */
export const planOnce = <D extends DbOrTx>(db: D): D => (planOncePools.get(db) as D | undefined) ?? db;

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
