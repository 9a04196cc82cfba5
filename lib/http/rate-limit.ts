import { sql } from "drizzle-orm";
import { planOnce, type Db, type DbOrTx } from "@/db/client";
import { tokenDigest } from "@/lib/auth/tokens";
import { addressKey } from "./client-ip";
import { ApiError } from "./errors";
import type { Operation } from "./operation";

/**
 * Rate limits in the manner of Chatwoot's rack-attack rules: fixed windows counted in
 * PostgreSQL (`rate_limit_counters`), so every app instance on the database shares them.
 * Each rule is `limit/period-seconds`, overridable by `RATE_LIMIT_<RULE>` (e.g.
 * `RATE_LIMIT_CONTACT_SEARCH=200/60`); `RATE_LIMITS=off` turns them all off, and addresses in
 * `RATE_LIMIT_ALLOWED_IPS` are never limited.
 */
export const rateRules = {
  /** Every API request from one client address (rack-attack's `req/ip`). */
  ip: { limit: 3000, period: 60 },
  /** Every request made with one API token. */
  token: { limit: 3000, period: 60 },
  /** Contact search, per account (Chatwoot: 100 a minute). */
  contact_search: { limit: 100, period: 60 },
  /** Reports, per token and account, and per account (Chatwoot: 100 and 1000 a minute). */
  reports_user: { limit: 100, period: 60 },
  reports_account: { limit: 1000, period: 60 },
  /** Client API writes (contacts, conversations, messages), per inbox and client address. */
  client_api: { limit: 60, period: 60 },
  /** Sign-in attempts (password and one-time login links) per client address. */
  sign_in: { limit: 100, period: 300 },
  /** The public quote page's accept and decline, per client address. */
  public_quote: { limit: 30, period: 600 },
  /** The public quote page pricing a choice of optional lines (each tick of a box), per client address. */
  public_quote_pricing: { limit: 300, period: 600 },
  /** The portal's server actions (saves, searches, the inbox's reads), per signed-in user. */
  portal_action: { limit: 600, period: 60 },
  /** Opening a live stream (/app/live per signed-in user, /public/api/v1/live per client address): EventSource reconnects every 2 s at most. */
  live_connect: { limit: 60, period: 60 },
  /** OAuth dynamic client registrations, per client address. */
  oauth_register: { limit: 20, period: 3600 },
  /** OAuth token and revocation requests, per client address. */
  oauth_token: { limit: 300, period: 60 },
} as const;
export type RateRule = keyof typeof rateRules;

export type RateLimit = { limit: number; period: number };

/**
 * A setting read from the environment on every call (tests and operators change it while the
 * process runs) but parsed only when its text changes: limits are checked on every request.
 */
const parsedSetting = <T>(name: string, parse: (text: string | undefined) => T) => {
  let last: { text: string | undefined; value: T } | undefined;
  return () => {
    const text = process.env[name];
    if (last === undefined || last.text !== text) last = { text, value: parse(text) };
    return last.value;
  };
};

const configuredLimits = Object.fromEntries(
  (Object.keys(rateRules) as RateRule[]).map((rule) => {
    const name = `RATE_LIMIT_${rule.toUpperCase()}`;
    return [
      rule,
      parsedSetting(name, (text): RateLimit => {
        const configured = text?.trim();
        const match = configured ? /^(\d+)\s*\/\s*(\d+)$/.exec(configured) : null;
        if (configured && !match) throw new Error(`${name} must look like 100/60 (requests per seconds), not ${configured}`);
        return match ? { limit: Number(match[1]), period: Math.max(1, Number(match[2])) } : rateRules[rule];
      }),
    ];
  }),
) as Record<RateRule, () => RateLimit>;

/** The rule as configured now: its default, or `RATE_LIMIT_<RULE>=limit/seconds`. */
export const ruleLimit = (rule: RateRule): RateLimit => configuredLimits[rule]();

const limitsEnabled = parsedSetting("RATE_LIMITS", (text) => !["off", "false", "0"].includes((text ?? "on").trim().toLowerCase()));
export const rateLimitsEnabled = () => limitsEnabled();

const allowedIps = parsedSetting(
  "RATE_LIMIT_ALLOWED_IPS",
  (text) =>
    new Set(
      (text ?? "")
        .split(",")
        .map((ip) => ip.trim().toLowerCase())
        .filter(Boolean),
    ),
);

/** One count to take: a rule and what it is counted by (an address, a token digest, an account). */
export type Hit = { rule: RateRule; key: string };

/** The fixed window the instant `atMs` (epoch milliseconds) falls in, in epoch seconds, and the seconds until it ends (Retry-After). */
export const windowOf = (atMs: number, period: number) => {
  const seconds = Math.floor(atMs / 1000);
  const start = seconds - (seconds % period);
  return { start, end: start + period, retryAfter: Math.max(1, start + period - seconds) };
};

/** The 429 every limit answers: Retry-After, and a message in the standard body. */
export const rateLimited = (retryAfter: number, message = `Too many requests; retry in ${retryAfter} seconds`) =>
  new ApiError("rate_limited", message, { headers: { "Retry-After": String(retryAfter) } });

/** Keys come from requests (a path's inbox identifier): anything unusual is stored as its digest. */
const storableKey = (key: string) => (/^[\w.:@/-]{1,200}$/.test(key) ? key : `#${tokenDigest(key)}`);

/**
 * Counts each hit in its window and hands back the counts: one statement, always the same text
 * (prepared once per connection), the windows as epoch seconds in one JSON parameter.
 */
const countHits = `
  insert into rate_limit_counters (key, window_start, hits, expires_at)
  select key, to_timestamp(window_start), 1, to_timestamp(expires_at)
  from jsonb_to_recordset($1::jsonb) as t(key text, window_start bigint, expires_at bigint)
  on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
  returning key, hits`;

/**
 * Counts one request against each hit's rule and refuses it (429 with Retry-After) when any
 * window is over its limit. One statement for all hits, on the pool rather than in a transaction
 * (a rolled-back request still counts); counters of refused requests grow too, so hammering does
 * not reopen the window early.
 */
export const takeHits = async (db: Db, hits: Hit[], ip: string | null, now?: Date) => {
  if (hits.length === 0 || !rateLimitsEnabled()) return;
  if (ip && allowedIps().has(ip.toLowerCase())) return;
  const atMs = now ? now.getTime() : Date.now();
  const windows: { key: string; window_start: number; expires_at: number }[] = [];
  const limits = new Map<string, { limit: number; retryAfter: number }>();
  for (const hit of hits) {
    const key = `${hit.rule}:${storableKey(hit.key)}`;
    if (limits.has(key)) continue;
    const limit = ruleLimit(hit.rule);
    const window = windowOf(atMs, limit.period);
    limits.set(key, { limit: limit.limit, retryAfter: window.retryAfter });
    windows.push({ key, window_start: window.start, expires_at: window.end });
  }
  const counted = await planOnce(db).$client.unsafe<{ key: string; hits: number }[]>(countHits, [JSON.stringify(windows)]);
  let retryAfter = 0;
  for (const { key, hits: count } of counted) {
    const window = limits.get(key);
    if (window && count > window.limit) retryAfter = Math.max(retryAfter, window.retryAfter);
  }
  if (retryAfter > 0) throw rateLimited(retryAfter);
};

/** Drops counters of windows that have ended (the planning job runner calls this every minute). */
export const pruneRateLimitCounters = (db: DbOrTx, now = new Date()) =>
  db.execute(sql`delete from rate_limit_counters where expires_at < ${now.toISOString()}::timestamptz`);

/** What one API request is counted by, from its operation and what the path names. */
export const requestHits = (
  operation: Pick<Operation, "method" | "path">,
  on: { ip: string | null; token?: string | null; accountId?: number; inbox?: string },
): Hit[] => {
  const hits: Hit[] = [];
  const digest = on.token ? tokenDigest(on.token) : null;
  if (on.ip) hits.push({ rule: "ip", key: addressKey(on.ip) });
  if (digest) hits.push({ rule: "token", key: digest });
  if (on.accountId !== undefined && operation.path.startsWith("/api/v2/accounts/{account_id}/")) {
    if (digest) hits.push({ rule: "reports_user", key: `${on.accountId}:${digest}` });
    hits.push({ rule: "reports_account", key: String(on.accountId) });
  }
  if (on.accountId !== undefined && operation.path === "/api/v1/accounts/{account_id}/contacts/search") {
    hits.push({ rule: "contact_search", key: String(on.accountId) });
  }
  if (operation.path === "/public/api/v1/live" && on.ip) hits.push({ rule: "live_connect", key: addressKey(on.ip) });
  if (on.inbox !== undefined && on.ip && operation.method !== "GET") hits.push({ rule: "client_api", key: `${on.inbox}:${addressKey(on.ip)}` });
  return hits;
};
