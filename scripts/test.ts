// `npm test`: lint, typecheck, unit tests, API tests on real PostgreSQL (on this Node.js, then
// again on Node 24 from the npm registry), a production build, then Playwright against it.
// Every step runs (but e2e needs the build); the exit code and the closing "N passed, N failed"
// line cover them all.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodeAtLeast, nodeBinary } from "./node-runtime";

/** A failed test: where it is and the start of what it said (the log's tail may be all a reader gets). */
type Failure = { title: string; message: string };
type Counts = { passed: number; failed: number; skipped: number; failures?: Failure[] };
type Step = { name: string; ok: boolean; seconds: number; counts?: Counts };

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const results = path.join(process.cwd(), "test-results");
const steps: Step[] = [];

/** A step's heading in the log, and its time in whole seconds. */
const heading = (name: string, command: string, args: string[]) => console.log(`\n=== ${name}: ${[path.basename(command), ...args].join(" ")}`);
const secondsSince = (started: number) => Math.round((Date.now() - started) / 1000);

const run = (name: string, command: string, args: string[], env: Record<string, string> = {}, counts?: () => Counts | undefined) => {
  heading(name, command, args);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const step: Step = { name, ok: result.status === 0, seconds: secondsSince(started), counts: counts?.() };
  steps.push(step);
  return step.ok;
};

/**
 * Steps that need no database and little memory, run side by side (two cores): each one's output
 * is held and printed whole when it ends, so the log reads as if they had run in turn.
 */
const together = (...commands: { name: string; command: string; args: string[] }[]) =>
  Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise<Step>((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          const done = (ok: boolean) => {
            heading(name, command, args);
            process.stdout.write(Buffer.concat(output));
            resolve({ name, ok, seconds: secondsSince(started) });
          };
          child.on("error", (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            done(false);
          });
          child.on("close", (code) => done(code === 0));
        }),
    ),
  ).then((done) => {
    steps.push(...done);
    return done;
  });

/** The first lines of a failure's message, without colours or the test runner's own stack frames. */
const firstLines = (text: string | undefined) =>
  (text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.includes("node_modules/"))
    .slice(0, 8)
    .join("\n");

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }[];
};

const vitestCounts = (file: string) => (): Counts | undefined => {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  const failures = report.testResults.flatMap((suite) => {
    const where = path.relative(process.cwd(), suite.name);
    const tests = suite.assertionResults
      .filter((test) => test.status === "failed")
      .map((test) => ({ title: `${where} › ${test.fullName}`, message: firstLines(test.failureMessages[0]) }));
    // A file that failed to load has no tests to blame, only its own message.
    return tests.length === 0 && suite.message ? [{ title: where, message: firstLines(suite.message) }] : tests;
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failures };
};

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: "expected" | "unexpected" | "flaky" | "skipped"; results: { error?: { message?: string; location?: { file: string; line: number } } }[] }[];
  }[];
};

/** A Playwright error's message, and the line of the test it stopped at. */
const playwrightMessage = (error: { message?: string; location?: { file: string; line: number } } | undefined) =>
  [firstLines(error?.message), error?.location ? `(at ${path.relative(process.cwd(), error.location.file)}:${error.location.line})` : ""].filter(Boolean).join("\n");

/** Tests that failed, or failed once and passed when run again (flaky: the run fails for them too). */
const playwrightFailures = (suite: PlaywrightSuite): Failure[] => [
  ...(suite.specs ?? [])
    .filter((spec) => spec.tests.some((test) => test.status === "unexpected" || test.status === "flaky"))
    .map((spec) => ({
      title: `${spec.file}:${spec.line} › ${spec.title}${spec.tests.some((test) => test.status === "flaky") ? " (failed, then passed when run again)" : ""}`,
      message: playwrightMessage(spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error),
    })),
  ...(suite.suites ?? []).flatMap(playwrightFailures),
];

const playwrightCounts = (file: string) => (): Counts | undefined => {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8")) as PlaywrightSuite & { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, skipped: report.stats.skipped, failures: playwrightFailures(report) };
};

/**
 * API test files wait on PostgreSQL much of the time (each on its own database): three at once
 * keep two cores busy, where vitest's default (cores - 1) left them half idle.
 */
const apiWorkers = ["--maxWorkers=3", "--minWorkers=3"];

/**
 * Unit test files only compute: one per core. Vitest's default (cores - 1) ran them one at a time
 * here (33 s; 22 s two at a time).
 */
const cores = os.availableParallelism();
const unitWorkers = [`--maxWorkers=${cores}`, `--minWorkers=${cores}`];

/** A vitest project on this Node.js, or on `node` (another release's binary). */
const vitest = (project: string, options: { args?: string[]; env?: Record<string, string>; node?: { binary: string; label: string } } = {}) => {
  const suffix = options.node ? `-node${options.node.label}` : "";
  const out = path.join(results, `vitest-${project}${suffix}.json`);
  rmSync(out, { force: true });
  const args = ["run", "--project", project, ...(options.args ?? []), "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
  const name = `${project} tests${options.node ? ` (Node ${options.node.label})` : ""}`;
  if (!options.node) return run(name, bin("vitest"), args, options.env, vitestCounts(out));
  return run(name, options.node.binary, [path.join("node_modules", "vitest", "vitest.mjs"), ...args], options.env, vitestCounts(out));
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

const main = async () => {
  mkdirSync(results, { recursive: true });
  // Next's route types first (a second's work), so the typecheck covers what `next build` would
  // check: the build then skips its own pass (VD_TYPECHECKED) rather than repeat it.
  run("route types", bin("next"), ["typegen"]);
  const [, typecheck] = await together(
    { name: "lint", command: bin("eslint"), args: ["--max-warnings=0", "."] },
    { name: "typecheck", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
  );
  const typechecked = typecheck?.ok === true;
  vitest("unit", { args: unitWorkers });
  // The MCP conformance suite (an API test) runs on Node 22 or newer: installed before the run, not inside it.
  runtime(22, nodeAtLeast);
  vitest("api", { args: apiWorkers });
  const node24 = runtime(24, nodeBinary);
  // Again on Node 24, to show the suite passes there: the fuzzer sends every operation 5 requests
  // instead of 20 (the same seeds' first 5), having explored the inputs on the first pass.
  if (node24) vitest("api", { args: apiWorkers, env: { FUZZ_RUNS: process.env.FUZZ_RUNS ?? "5" }, node: { binary: node24, label: "24" } });
  if (run("build", bin("next"), ["build"], { NODE_ENV: "production", ...(typechecked ? { VD_TYPECHECKED: "1" } : {}) })) {
    const out = path.join(results, "playwright.json");
    rmSync(out, { force: true });
    // The server Playwright starts keeps its embedded database here; it goes when the run ends.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "venuedesk-e2e-"));
    run("e2e tests", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, VD_E2E_DATA_DIR: dataDir }, playwrightCounts(out));
    rmSync(dataDir, { recursive: true, force: true });
  }

  // What failed, again just before the summary: a log's tail should be enough to start on it.
  const failures = steps.flatMap((step) => (step.counts?.failures ?? []).map((failure) => ({ step: step.name, ...failure })));
  if (failures.length > 0) console.log(`\n=== Failed (${failures.length})`);
  for (const failure of failures.slice(0, 10)) console.log(`\n${failure.step}: ${failure.title}\n${failure.message}`);
  if (failures.length > 10) console.log(`\n…and ${failures.length - 10} more, above.`);

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
};

void main();
