// `npm run bench:compare` (after `npm run build`): the hot API routes served by the app and by a
// bare Node.js server (bench/bare-server.ts) that sends the same statements with the same
// parameters — captured from the app's own pool (VD_SQL_LOG), not retyped — and answers the same
// bytes; and by the Next.js floor (bench/next-floor: the same replay in a Next.js route handler,
// BENCH_FLOOR=off leaves it out). Alternating runs (BENCH_SECONDS each, BENCH_PAIRS rounds per
// route and concurrency), medians, ratios to the bare server (the median of each round's ratio),
// each server's CPU time per request; sequential scans of messages and conversations during the
// run and each server's resident memory under the high-concurrency load. On this Node.js and on
// Node 24 (BENCH_NODE=current|24|both, default both). BENCH_RECORDING_DIR=<dir> keeps the
// recordings; BENCH_ROUTES=<words,…> measures only the routes whose names contain one of them;
// BENCH_WARM_SECONDS (15) warms each server up before a route's rounds.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connectionSettings, createDb, planOnceSettings, type PoolName } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { serverNodeFlags } from "../scripts/node-flags";
import { nodeBinary } from "../scripts/node-runtime";
import { requestKey, type RecordedStatement, type Recording } from "./replay";
import { cpuMs, hit, measureFor, openDatabases, PORT, residentMb, startServer, stopServer, waitUntilUp } from "./harness";
import { conversationScenarios, messageCursors, planningScenarios, send, type BenchRequest, type Scenario } from "./scenarios";
import { conversationBench, planningBench } from "./seed";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
/** Rounds per route and concurrency: each server measured once a round (BENCH_PAIRS, named when there were two). */
const ROUNDS = Number(process.env.BENCH_PAIRS ?? 3);
/**
 * Each server's warm-up per route and concurrency (BENCH_WARM_SECONDS): long enough for V8 to have
 * compiled a route's code, whose work (counted in the server's CPU) otherwise lands in the first
 * rounds — the app's code is many times the references'.
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 15);
const BARE_PORT = PORT + 1;
const FLOOR_PORT = PORT + 2;
const withFloor = process.env.BENCH_FLOOR !== "off";
const nextBin = path.join("node_modules", "next", "dist", "bin", "next");

const driverStatement = /^\s*select b\.oid, b\.typarray from pg_catalog\.pg_type/;

/** A scenario on one database and token, its requests cycling through `period` distinct ones (each recorded). */
type Route = Scenario & { period: number };
type Phase = { label: string; url: string; token: string; routes: Route[] };

const cycled = (route: Route) => (i: number) => route.request(i % route.period);
const bodyText = (request: BenchRequest) => (request.body === undefined ? "" : JSON.stringify(request.body));

/** A line of the app's statement log: a statement sent, or a result handed back (db/client.ts). */
type Logged = (Omit<RecordedStatement, "planOnce"> & { at: number; pool: PoolName; connection: number }) | { done: number };

/**
 * Statements sent before any result came back went out together (one wave: the app's
 * `Promise.all`s); a result handed back ends the wave, since what follows may depend on it.
 */
const waves = (log: Logged[]): RecordedStatement[][] => {
  const grouped: RecordedStatement[][] = [];
  let open = false;
  for (const line of log) {
    if ("done" in line) {
      open = false;
      continue;
    }
    // postgres.js's own look-up of array types, once per connection: not the request's.
    if (driverStatement.test(line.query)) continue;
    if (!open) grouped.push([]);
    grouped.at(-1)!.push({ query: line.query, parameters: line.parameters, ...(line.pool === "plan-once" ? { planOnce: true } : {}) });
    open = true;
  }
  return grouped;
};

/** Every distinct request of the phase sent once to the app with its statement log on: what it sent, what it answered. */
const record = async (phase: Phase, node: string): Promise<Recording> => {
  const log = path.join(os.tmpdir(), `venuedesk-sql-${process.pid}.jsonl`);
  writeFileSync(log, "");
  // Background jobs stay out of the process, so its statements are the requests' alone.
  const app = await startServer(phase.url, { node, env: { VD_SQL_LOG: log, BACKGROUND_JOBS: "worker" } });
  const recording: Recording = {};
  try {
    for (const route of phase.routes) {
      // Each route once first: whatever a first request does once (caches) is not recorded.
      await (await send(`http://127.0.0.1:${PORT}`, phase.token, route.request(0))).arrayBuffer();
      for (let i = 0; i < route.period; i++) {
        const request = route.request(i);
        writeFileSync(log, "");
        const response = await send(`http://127.0.0.1:${PORT}`, phase.token, request);
        const body = await response.text();
        if (!response.ok) throw new Error(`${route.name} #${i}: the app answered ${response.status}: ${body.slice(0, 300)}`);
        const statements = readFileSync(log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Logged);
        recording[requestKey(request.method, request.path, bodyText(request))] = {
          status: response.status,
          contentType: response.headers.get("content-type") ?? "application/json",
          contentEncoding: response.headers.get("content-encoding"),
          body,
          waves: waves(statements),
        };
      }
    }
  } finally {
    await stopServer(app);
    rmSync(log, { force: true });
  }
  return recording;
};

/** The references' connections take the app's session settings, each kind its own (bench/replay.ts). */
const replayEnv = { BARE_CONNECTION: JSON.stringify(connectionSettings), BARE_PLAN_ONCE_CONNECTION: JSON.stringify(planOnceSettings) };

const startBare = async (url: string, file: string, node: string) => {
  // The references run with the server's V8 flags too: the runtime is the same, only the code differs.
  const child = spawn(node, [...serverNodeFlags(), "--import", "tsx", path.join("bench", "bare-server.ts"), file, String(BARE_PORT)], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", ...replayEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitUntilUp(child, `http://127.0.0.1:${BARE_PORT}/health`);
};

const buildFloor = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, "build", path.join("bench", "next-floor")], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build bench/next-floor exited with ${code}`))));
  });

/** Next.js's own production server (`next start`) around the floor's one route handler. */
const startFloor = async (url: string, file: string, node: string) => {
  const child = spawn(node, [...serverNodeFlags(), nextBin, "start", path.join("bench", "next-floor"), "-p", String(FLOOR_PORT), "-H", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", FLOOR_RECORDING: file, ...replayEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitUntilUp(child, `http://127.0.0.1:${FLOOR_PORT}/health`);
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A server's runs of one route and concurrency; `cpu` is its CPU time per request (ms) in each run. */
type Side = { rps: number[]; p50: number[]; p99: number[]; rss: number[]; cpu: number[]; errors: number };
const side = (): Side => ({ rps: [], p50: [], p99: [], rss: [], cpu: [], errors: 0 });

/**
 * One timed run against `port`, sampling the server's resident memory while it lasts and taking
 * the CPU time it used: per request, a figure the machine's other work disturbs less than throughput.
 */
const loaded = async (port: number, pid: number | undefined, token: string, route: Route, clients: number, seconds: number, into?: Side) => {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid) ?? 0)), 500);
  const cpuBefore = cpuMs(pid);
  const result = await measureFor(seconds, clients, (i) => hit(port, token, cycled(route)(i)));
  const cpuAfter = cpuMs(pid);
  clearInterval(sampler);
  if (into) {
    if (cpuBefore !== null && cpuAfter !== null && result.requests > 0) into.cpu.push((cpuAfter - cpuBefore) / result.requests);
    into.rps.push(result.rps);
    into.p50.push(result.p50);
    into.p99.push(result.p99);
    into.rss.push(peak);
    into.errors += result.errors;
  }
};

type Row = { route: string; clients: number; app: Side; bare: Side; floor: Side };

/**
 * Throughput of `which` over `of`: the median of the rounds' ratios. Each round runs the servers
 * back to back, so a round's ratio is taken on one state of this machine, whose speed drifts over
 * minutes; pairing the rounds cancels that drift where a ratio of medians would not.
 */
const pairedRatio = (which: Side, of: Side) => median(which.rps.map((rps, round) => rps / of.rps[round]!));

/** Before anything is measured: a reference answers every recorded request with the app's status and bytes. */
const verify = async (recording: Recording, port: number, label: string) => {
  for (const [key, route] of Object.entries(recording)) {
    const [method, requestPath, ...body] = key.split(" ");
    const response = await fetch(`http://127.0.0.1:${port}${requestPath}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body.join(" ") ? { body: body.join(" ") } : {}),
    });
    const text = await response.text();
    if (response.headers.get("content-encoding") !== route.contentEncoding) throw new Error(`the ${label} compressed ${method} ${requestPath} differently from the app`);
    if (response.status !== route.status || text !== route.body) throw new Error(`the ${label}'s answer to ${method} ${requestPath} differs from the app's`);
  }
};

const measurePhase = async (phase: Phase, node: string): Promise<Row[]> => {
  const recording = await record(phase, node);
  // BENCH_RECORDING_DIR keeps each phase's recording (what the app sent and answered) for reading.
  const keep = process.env.BENCH_RECORDING_DIR;
  if (keep) mkdirSync(keep, { recursive: true });
  const file = keep ? path.join(keep, `recording-${phase.label}.json`) : path.join(os.tmpdir(), `venuedesk-recording-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(recording));
  console.log(`${phase.label}: recorded ${Object.keys(recording).length} requests`);
  for (const route of phase.routes) {
    const recorded = Array.from({ length: route.period }, (_, i) => recording[requestKey(route.request(i).method, route.request(i).path, bodyText(route.request(i)))]!);
    const per = (count: (r: (typeof recorded)[number]) => number) => (recorded.reduce((sum, r) => sum + count(r), 0) / recorded.length).toFixed(1);
    console.log(`  ${route.name}: ${per((r) => r.waves.flat().length)} statements in ${per((r) => r.waves.length)} waves a request, ${per((r) => r.body.length)} bytes`);
  }
  let app: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let floor: ChildProcess | undefined;
  const rows: Row[] = [];
  try {
    app = await startServer(phase.url, { node, env: { BACKGROUND_JOBS: "worker" } });
    bare = await startBare(phase.url, file, node);
    await verify(recording, BARE_PORT, "bare server");
    if (withFloor) {
      floor = await startFloor(phase.url, file, node);
      await verify(recording, FLOOR_PORT, "Next.js floor");
    }
    const servers: { which: "app" | "bare" | "floor"; port: number; pid: number | undefined }[] = [
      { which: "app", port: PORT, pid: app.pid },
      { which: "bare", port: BARE_PORT, pid: bare.pid },
      ...(floor ? [{ which: "floor" as const, port: FLOOR_PORT, pid: floor.pid }] : []),
    ];
    for (const route of phase.routes) {
      for (const clients of [1, route.clients]) {
        const row: Row = { route: route.name, clients, app: side(), bare: side(), floor: side() };
        for (const server of servers) await loaded(server.port, server.pid, phase.token, route, clients, WARM_SECONDS);
        for (let round = 0; round < ROUNDS; round++) {
          // A different server first each round, so none always follows another's load.
          const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
          for (const server of order) await loaded(server.port, server.pid, phase.token, route, clients, SECONDS, row[server.which]);
        }
        rows.push(row);
        const rps = (which: Side) => median(which.rps).toFixed(0);
        const ratio = (which: Side) => pairedRatio(which, row.bare).toFixed(2);
        const cpu = (which: Side) => (which.cpu.length ? `${median(which.cpu).toFixed(2)} ms` : "?");
        const floorText = floor ? `, Next.js floor ${rps(row.floor)} req/s (${ratio(row.floor)})` : "";
        const cpuText = `; CPU a request: app ${cpu(row.app)}, bare ${cpu(row.bare)}${floor ? `, floor ${cpu(row.floor)}` : ""}`;
        console.log(`  ${route.name}, ${clients} client(s): bare ${rps(row.bare)} req/s, app ${rps(row.app)} req/s (${ratio(row.app)})${floorText}${cpuText}`);
      }
    }
  } finally {
    await stopServer(app);
    await stopServer(bare);
    await stopServer(floor);
    if (!keep) rmSync(file, { force: true });
  }
  return rows;
};

const printRows = (label: string, rows: Row[]) => {
  console.log(`\n### ${label}\n`);
  const columns = [
    "route",
    "clients",
    "app req/s",
    "bare req/s",
    "app ÷ bare req/s",
    ...(withFloor ? ["floor req/s", "floor ÷ bare req/s", "app ÷ floor req/s"] : []),
    "app p50 ms",
    "bare p50 ms",
    ...(withFloor ? ["floor p50 ms"] : []),
    "app p99 ms",
    "bare p99 ms",
    ...(withFloor ? ["floor p99 ms"] : []),
    `CPU ms a request, app / bare${withFloor ? " / floor" : ""}`,
    `RSS app / bare${withFloor ? " / floor" : ""} MB`,
    "errors",
  ];
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`| ${columns.map(() => "-").join(" | ")} |`);
  for (const { route, clients, app, bare, floor } of rows) {
    const rps = (which: Side) => median(which.rps);
    const sides = withFloor ? [app, bare, floor] : [app, bare];
    const cells = [
      route,
      clients,
      rps(app).toFixed(0),
      rps(bare).toFixed(0),
      pairedRatio(app, bare).toFixed(2),
      ...(withFloor ? [rps(floor).toFixed(0), pairedRatio(floor, bare).toFixed(2), pairedRatio(app, floor).toFixed(2)] : []),
      ...sides.map((which) => median(which.p50).toFixed(1)),
      ...sides.map((which) => median(which.p99).toFixed(1)),
      sides.map((which) => (which.cpu.length ? median(which.cpu).toFixed(2) : "?")).join(" / "),
      sides.map((which) => Math.max(...which.rss).toFixed(0)).join(" / "),
      sides.reduce((sum, which) => sum + which.errors, 0),
    ];
    console.log(`| ${cells.join(" | ")} |`);
  }
};

const main = async () => {
  const databases = await openDatabases(["venuedesk_bench", "venuedesk_bench_planning"]);
  const [conversationUrl, planningUrl] = databases.urls as [string, string];
  await runMigrations(conversationUrl);
  await runMigrations(planningUrl);
  const seeded = await conversationBench(conversationUrl);
  const account = seeded.accounts[0]!;
  const conversationDb = createDb(conversationUrl, { max: 2 });
  const planningDb = createDb(planningUrl, { max: 2 });
  const planning = await planningBench(planningDb);
  const cursors = await messageCursors(conversationDb, account.accountId, 60);
  const [list, filter, messages] = conversationScenarios(account, cursors) as [Scenario, Scenario, Scenario];
  const [slots, allocationList] = planningScenarios(planning) as [Scenario, Scenario];
  const phases: Phase[] = [
    {
      label: "conversations",
      url: conversationUrl,
      token: account.token,
      routes: [
        { ...list, period: 20 },
        { ...filter, period: 30 },
        { ...messages, period: cursors.length },
      ],
    },
    {
      label: "planning",
      url: planningUrl,
      token: planning.token,
      routes: [
        { ...slots, period: 30 },
        { ...allocationList, period: 30 },
      ],
    },
  ];
  const only = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
  if (only) for (const phase of phases) phase.routes = phase.routes.filter((route) => only.some((word) => route.name.includes(word)));
  const which = process.env.BENCH_NODE ?? "both";
  const runtimes = [
    ...(which === "24" ? [] : [{ label: `Node ${process.versions.node}`, node: process.execPath }]),
    ...(which === "current" ? [] : [{ label: "Node 24", node: nodeBinary(24) }]),
  ];
  const seqScans = async () =>
    conversationDb.execute<{ relname: string; seq_scan: number }>(
      sql`select relname, seq_scan::int from pg_stat_user_tables where relname in ('messages', 'conversations') order by relname`,
    );
  if (withFloor) await buildFloor();
  const before = await seqScans();
  try {
    const results: [string, Row[]][] = [];
    for (const runtime of runtimes) {
      console.log(`\n${runtime.label}: ${SECONDS} s runs, ${ROUNDS} rounds`);
      const rows: Row[] = [];
      for (const phase of phases) if (phase.routes.length) rows.push(...(await measurePhase(phase, runtime.node)));
      results.push([runtime.label, rows]);
    }
    const after = await seqScans();
    console.log(`\n${seeded.accounts.length} accounts x ${seeded.conversations} conversations x ${seeded.messagesPerConversation} messages; 200 spaces`);
    for (const [label, rows] of results) printRows(label, rows);
    const scans = after.map((row) => `${row.relname} ${row.seq_scan - (before.find((b) => b.relname === row.relname)?.seq_scan ?? 0)}`);
    console.log(`\nsequential scans during the run (both servers): ${scans.join(", ")}`);
  } finally {
    await conversationDb.$client.end();
    await planningDb.$client.end();
    await databases.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
