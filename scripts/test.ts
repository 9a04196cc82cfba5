// `npm test`: lint, typecheck, unit tests, API tests on real PostgreSQL, a production build,
// then Playwright against it. Every step runs (but e2e needs the build); the exit code and
// the closing "N passed, N failed" line cover them all.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

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

const vitest = (project: string) => {
  const out = path.join(results, `vitest-${project}.json`);
  rmSync(out, { force: true });
  return run(`${project} tests`, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], {}, vitestCounts(out));
};

mkdirSync(results, { recursive: true });
run("lint", bin("eslint"), ["--max-warnings=0", "."]);
run("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
vitest("unit");
vitest("api");
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
