// Shared by the benchmark scripts: the embedded PostgreSQL in .bench-data, the production
// server on a bench database, and a closed-loop load generator.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { startEmbeddedPostgres } from "@/db/embedded";
import { serverNodeFlags } from "../scripts/node-flags";

export const PORT = Number(process.env.BENCH_PORT ?? 3300);
export const dataDir = path.resolve(".bench-data");
export const base = `http://127.0.0.1:${PORT}`;

export type Sample = {
  name: string;
  clients: number;
  requests: number;
  p50: number;
  p99: number;
  /** Server time from the handler's `Server-Timing: app;dur=…` header. */
  server50: number;
  server99: number;
  rps: number;
  errors: number;
};

const serverTime = (response: Response) => Number(/app;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** BENCH_DATABASE_URL's server, or the embedded one in .bench-data with `name` created on it. */
export const openDatabase = async (name: string) => {
  const opened = await openDatabases([name]);
  return { url: opened.urls[0]!, stop: opened.stop };
};

/**
 * Several databases on one server: the embedded one in .bench-data (each created when missing),
 * or BENCH_DATABASE_URL's server with the database name replaced.
 */
export const openDatabases = async (names: readonly string[]) => {
  const configured = process.env.BENCH_DATABASE_URL;
  if (configured) {
    const urlFor = (name: string) => Object.assign(new URL(configured), { pathname: `/${name}` }).toString();
    return { urls: names.length === 1 ? [configured] : names.map(urlFor), stop: async () => {} };
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, "postgres") });
  const admin = postgres(server.urlFor("postgres"), { max: 1, onnotice: () => {} });
  for (const name of names) {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) await admin.unsafe(`create database ${name}`);
  }
  await admin.end();
  return { urls: names.map((name) => server.urlFor(name)), stop: () => server.stop() };
};

export type ServerOptions = {
  /** The checkout whose build and scripts/server.ts run (another worktree, say); this one by default. */
  cwd?: string;
  port?: number;
  /** Set after everything else the server inherits (RATE_LIMITS: "off", say). */
  env?: Record<string, string>;
  /** The Node.js binary to run it on (another release: scripts/node-runtime.ts); this one by default. */
  node?: string;
};

/** Waits (up to a minute) until `url` answers 2xx; kills `child` and throws if it never does. */
export const waitUntilUp = async (child: ChildProcess, url: string) => {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`${url} did not come up`);
};

export const startServer = async (url: string, options: ServerOptions = {}) => {
  const cwd = options.cwd ?? process.cwd();
  const port = options.port ?? PORT;
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  if (!existsSync(path.resolve(cwd, distDir, "BUILD_ID"))) throw new Error(`No production build in ${cwd}: run \`npm run build\` first.`);
  // The server `npm start` runs (headers, forwarded-address rewrite), so its cost is measured too.
  const child = spawn(options.node ?? process.execPath, [...serverNodeFlags(), "--import", "tsx", path.join("scripts", "server.ts")], {
    cwd,
    // Limits stay on (their upsert is part of every request's cost) but out of reach of the load.
    env: {
      RATE_LIMIT_IP: "100000000/60",
      RATE_LIMIT_TOKEN: "100000000/60",
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      NEXTAUTH_SECRET: "bench",
      NODE_ENV: "production",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitUntilUp(child, `http://127.0.0.1:${port}/api/health`);
};

/**
 * SIGTERM, then waits (up to 15 s) for the server to exit, so its database is stopped only after
 * its connections (background jobs' and live listeners' included) are gone.
 */
export const stopServer = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
};

/** A run's sample, with every request's time (ms, sorted) so runs can be pooled. */
export type Measured = Sample & { latencies: number[] };

export const measure = async (name: string, clients: number, requests: number, send: (i: number) => Promise<Response>): Promise<Measured> => {
  const latencies: number[] = [];
  const serverTimes: number[] = [];
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
        serverTimes.push(serverTime(response));
        if (!response.ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  serverTimes.sort((a, b) => a - b);
  return {
    name,
    clients,
    requests,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    server50: percentile(serverTimes, 50),
    server99: percentile(serverTimes, 99),
    rps: requests / seconds,
    errors,
    latencies,
  };
};

/** What the closed-loop client needs of an answer: its body has been read to the end. */
export type Answered = { ok: boolean };

/**
 * Closed-loop load for `seconds`: `clients` loops each sending the next request as soon as the
 * last one is answered. Latencies in ms, sorted.
 */
export const measureFor = async (seconds: number, clients: number, send: (i: number) => Promise<Answered>) => {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const i = next++;
        const t0 = performance.now();
        const answered = await send(i);
        latencies.push(performance.now() - t0);
        if (!answered.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
};

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * The timed runs' client: node:http over kept-alive connections, asking for gzip or deflate as
 * fetch does and reading the compressed body to its end without inflating or keeping it. Measured
 * (README, Benchmarks): a fetch loop reading 68 KB bodies made the load generator itself run an
 * old-space mark-compact every quarter second, and the requests in flight then took 20–30 ms,
 * the one-client p99 of the bare server and the app alike.
 */
export const hit = (port: number, token: string, request: { method: string; path: string; body?: unknown }) =>
  new Promise<Answered>((resolve, reject) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers: Record<string, string | number> = { api_access_token: token, "accept-encoding": "gzip, deflate", "content-type": "application/json" };
    if (body !== undefined) headers["content-length"] = Buffer.byteLength(body);
    const sent = http.request({ host: "127.0.0.1", port, path: request.path, method: request.method, agent: keepAlive, headers }, (response) => {
      const status = response.statusCode ?? 0;
      response.on("end", () => resolve({ ok: status >= 200 && status < 300 }));
      response.on("error", reject);
      response.resume();
    });
    sent.on("error", reject);
    sent.end(body);
  });

/** A process's resident set (MB) from /proc; null where there is no /proc. */
export const residentMb = (pid: number | undefined) => {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
};

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100;

/**
 * CPU time (user + system, ms) a process has used so far, all its threads counted (zlib's and
 * the like run on libuv's pool); null where there is no /proc.
 */
export const cpuMs = (pid: number | undefined) => {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command (which may hold spaces) in its parentheses: utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
};

/** Pages carry no Server-Timing header: their server columns show "-". */
const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));

export const printSamples = (samples: Sample[]) => {
  console.log("| scenario | clients | p50 ms | p99 ms | server p50 ms | server p99 ms | req/s | errors |\n| - | - | - | - | - | - | - | - |");
  for (const s of samples) {
    console.log(
      `| ${s.name} | ${s.clients} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${ms(s.server50)} | ${ms(s.server99)} | ${s.rps.toFixed(0)} | ${s.errors} |`,
    );
  }
};

/** Signs in as the login form does: the CSRF cookie and token, then the credentials callback. Returns the Cookie header. */
export const signIn = async (base: string, email: string, password: string) => {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0]!;
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(callback);
  await callback.arrayBuffer();
  if (![...jar.keys()].some((name) => name.endsWith("session-token"))) throw new Error(`sign-in at ${base} failed: ${callback.status}`);
  return header();
};
