// `npm run bench`: seeds two accounts of 100,000 conversations / 1,000,000 messages each (once;
// kept in .bench-data), starts the production server on that database and measures the
// conversation list, a three-condition filter and message paging at 1 and 32 clients.
// Needs a build first (`npm run build`). Sizes: BENCH_CONVERSATIONS, BENCH_MESSAGES_PER_CONVERSATION.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { createDb } from "@/db/client";
import { startEmbeddedPostgres } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";
import { seedBenchAccount, type BenchAccount } from "./seed";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const MESSAGES_PER_CONVERSATION = Number(process.env.BENCH_MESSAGES_PER_CONVERSATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const dataDir = path.resolve(".bench-data");
const base = `http://127.0.0.1:${PORT}`;

type Seeded = { conversations: number; messagesPerConversation: number; accounts: BenchAccount[] };
type Sample = { name: string; clients: number; requests: number; p50: number; p99: number; rps: number; errors: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const openDatabase = async () => {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, "postgres") });
  const admin = postgres(server.urlFor("postgres"), { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = 'venuedesk_bench'`;
  if (!exists) await admin.unsafe("create database venuedesk_bench");
  await admin.end();
  return { url: server.urlFor("venuedesk_bench"), stop: () => server.stop() };
};

const seed = async (url: string): Promise<Seeded> => {
  const file = path.join(dataDir, "seed.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Seeded;
    if (saved.conversations === CONVERSATIONS && saved.messagesPerConversation === MESSAGES_PER_CONVERSATION) return saved;
  }
  const db = createDb(url, { max: 2 });
  const started = performance.now();
  console.log(`Seeding 2 accounts x ${CONVERSATIONS} conversations x ${MESSAGES_PER_CONVERSATION} messages…`);
  // The trigram index is rebuilt once after the bulk load rather than maintained row by row.
  await db.execute(sql`drop index if exists messages_content_search_idx`);
  const accounts = [await seedBenchAccount(db, 1, CONVERSATIONS, MESSAGES_PER_CONVERSATION), await seedBenchAccount(db, 2, CONVERSATIONS, MESSAGES_PER_CONVERSATION)];
  await db.execute(sql`create index messages_content_search_idx on messages using gin (content gin_trgm_ops)`);
  await db.execute(sql`vacuum analyze`);
  await db.$client.end();
  console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  const seeded = { conversations: CONVERSATIONS, messagesPerConversation: MESSAGES_PER_CONVERSATION, accounts };
  writeFileSync(file, JSON.stringify(seeded));
  return seeded;
};

const startServer = async (url: string) => {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (!existsSync(path.join(distDir, "BUILD_ID"))) throw new Error("No production build: run `npm run build` first.");
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT)], {
    env: { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: "bench", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("server did not start");
};

const measure = async (name: string, clients: number, requests: number, send: (i: number) => Promise<Response>): Promise<Sample> => {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests) {
        const i = next++;
        const t0 = performance.now();
        const response = await send(i);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, clients, requests, p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: requests / seconds, errors };
};

const main = async () => {
  const database = await openDatabase();
  await runMigrations(database.url);
  const seeded = await seed(database.url);
  const [account] = seeded.accounts;
  const db = createDb(database.url, { max: 2 });
  const cursors = await db.execute<{ display_id: number; before: number }>(sql`
    select c.display_id, (select m.id from messages m where m.conversation_id = c.id order by m.id desc offset 4 limit 1) as before
    from conversations c where c.account_id = ${account!.accountId} order by random() limit 1000`);
  const seqScans = async () =>
    (await db.execute<{ seq_scan: number; idx_scan: number }>(sql`select seq_scan, idx_scan from pg_stat_user_tables where relname = 'messages'`))[0]!;

  const server = await startServer(database.url);
  const headers = { api_access_token: account!.token, "content-type": "application/json" };
  const accountPath = `${base}/api/v1/accounts/${account!.accountId}`;
  const scenarios: [string, (i: number) => Promise<Response>][] = [
    ["conversation list (open, page 1-20)", (i) => fetch(`${accountPath}/conversations?status=open&page=${1 + (i % 20)}`, { headers })],
    [
      "filter: status AND inbox AND label",
      (i) =>
        fetch(`${accountPath}/conversations/filter?page=1`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            payload: [
              { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
              { attribute_key: "inbox_id", filter_operator: "equal_to", values: [account!.inboxIds[i % 3]], query_operator: "AND" },
              { attribute_key: "labels", filter_operator: "equal_to", values: [account!.labels[i % 10]], query_operator: null },
            ],
          }),
        }),
    ],
    [
      "messages: 20 before a cursor",
      (i) => {
        const cursor = cursors[i % cursors.length]!;
        return fetch(`${accountPath}/conversations/${cursor.display_id}/messages?before=${cursor.before}`, { headers });
      },
    ],
  ];
  try {
    for (const [, send] of scenarios) await measure("warm-up", 4, 50, send);
    const before = await seqScans();
    const samples: Sample[] = [];
    for (const [name, send] of scenarios) {
      samples.push(await measure(name, 1, 300, send));
      samples.push(await measure(name, 32, 2000, send));
    }
    const after = await seqScans();
    console.log(`\n${seeded.accounts.length} accounts x ${seeded.conversations} conversations x ${seeded.messagesPerConversation} messages`);
    console.log("| scenario | clients | p50 ms | p99 ms | req/s | errors |\n| - | - | - | - | - | - |");
    for (const s of samples) console.log(`| ${s.name} | ${s.clients} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.rps.toFixed(0)} | ${s.errors} |`);
    console.log(`\nmessages table during the run: ${after.seq_scan - before.seq_scan} sequential scans, ${after.idx_scan - before.idx_scan} index scans`);
  } finally {
    server.kill("SIGTERM");
    await db.$client.end();
    await database.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
