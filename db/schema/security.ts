import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tz } from "./columns";

/**
 * Request counters of the rate limiter: one row per rule key and fixed window, shared by every
 * app instance on the database. UNLOGGED (custom migration): counters are worth nothing after
 * a crash, and skipping the WAL keeps the per-request upsert cheap.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().notNull(),
    windowStart: tz().notNull(),
    hits: integer().notNull(),
    expiresAt: tz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_counters_expiry_idx").on(t.expiresAt)],
);

/** Failed sign-ins per email and per client address: the backoff and lockout state. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    key: text().primaryKey(),
    failures: integer().notNull(),
    firstFailureAt: tz().notNull(),
    lastFailureAt: tz().notNull(),
  },
  (t) => [index("sign_in_failures_last_idx").on(t.lastFailureAt)],
);
