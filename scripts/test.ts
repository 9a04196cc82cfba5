// `npm test`: lint, typecheck, unit tests, API tests on real PostgreSQL (on this Node.js, then
// again on Node 24 from the npm registry), a production build, then Playwright against it.
// Every step runs (but e2e needs the build); the exit code and the closing "N passed, N failed"
// line cover them all.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodeAtLeast, nodeBinary } from "./node-runtime";

type Counts = { passed: number; failed: number; skipped: number };
type Step = { name: string; ok: boolean; seconds: number; counts?: Counts };

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const results = path.join(process.cwd(), "test-results");
const steps: Step[] = [];

const run = (name: string, command: string, args: string[], env: Record<string, string> = {}, counts?: () => Counts | undefined) => {
  console.log(`\n=== ${name}: ${[path.basename(command), ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const step: Step = { name, ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000), counts: counts?.() };
  steps.push(step);
  return step.ok;
};

const vitestCounts = (file: string) => (): Counts | undefined => {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
};

const playwrightCounts = (file: string) => (): Counts | undefined => {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
};

/**
 * API test files wait on PostgreSQL much of the time (each on its own database): three at once
 * keep two cores busy, where vitest's default (cores - 1) left them half idle.
 */
const apiWorkers = ["--maxWorkers=3", "--minWorkers=3"];

/** A vitest project on this Node.js, or on `node` (another release's binary). */
const vitest = (project: string, options: { args?: string[]; node?: { binary: string; label: string } } = {}) => {
  const suffix = options.node ? `-node${options.node.label}` : "";
  const out = path.join(results, `vitest-${project}${suffix}.json`);
  rmSync(out, { force: true });
  const args = ["run", "--project", project, ...(options.args ?? []), "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  const name = `${project} tests${options.node ? ` (Node ${options.node.label})` : ""}`;
  if (!options.node) return run(name, bin("vitest"), args, {}, vitestCounts(out));
  return run(name, options.node.binary, [path.join("node_modules", "vitest", "vitest.mjs"), ...args], {}, vitestCounts(out));
};

/** A Node.js release from the npm registry, or a failed step saying why. */
const runtime = (line: 22 | 24, pick: (line: 22 | 24) => string) => {
  try {
    return pick(line);
  } catch (error) {
    console.error(error);
    steps.push({ name: `install Node ${line}`, ok: false, seconds: 0 });
    return null;
  }
};

mkdirSync(results, { recursive: true });
run("lint", bin("eslint"), ["--max-warnings=0", "."]);
run("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
vitest("unit");
// The MCP conformance suite (an API test) runs on Node 22 or newer: installed before the run, not inside it.
runtime(22, nodeAtLeast);
vitest("api", { args: apiWorkers });
const node24 = runtime(24, nodeBinary);
if (node24) vitest("api", { args: apiWorkers, node: { binary: node24, label: "24" } });
if (run("build", bin("next"), ["build"], { NODE_ENV: "production" })) {
  const out = path.join(results, "playwright.json");
  rmSync(out, { force: true });
  // The server Playwright starts keeps its embedded database here; it goes when the run ends.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "venuedesk-e2e-"));
  run("e2e tests", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, VD_E2E_DATA_DIR: dataDir }, playwrightCounts(out));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log("\n=== Summary");
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const step of steps) {
  const counts = step.counts ? ` (${step.counts.passed} passed, ${step.counts.failed} failed, ${step.counts.skipped} skipped)` : "";
  console.log(`${step.ok ? "ok  " : "FAIL"} ${step.name} ${step.seconds}s${counts}`);
  if (step.counts) {
    total.passed += step.counts.passed;
    total.failed += step.counts.failed;
    total.skipped += step.counts.skipped;
  } else if (!step.ok) {
    total.failed += 1;
  }
}
const failedSteps = steps.filter((s) => !s.ok).length;
if (failedSteps > total.failed) total.failed = failedSteps;
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
