import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeAtLeast } from "@/scripts/node-runtime";
import { makeTeam } from "../helpers/factories";
import { startServer, type TestServer } from "../helpers/http-server";

/*
 * The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against the
 * endpoint over real HTTP. The suite needs Node ≥ 22: it runs on the `node` package from the npm
 * registry (a dev dependency). It cannot send credentials, so the test's server adds the
 * administrator's token to requests that carry none (the endpoint's own auth still runs).
 *
 * Scenarios are those that test the protocol rather than the suite's own fixture server: checks
 * that need the fixture's diagnostic tools are listed in mcp-conformance-baseline.yml (a stale
 * entry there fails the run too).
 */

const suite = path.resolve("node_modules/@modelcontextprotocol/conformance/dist/index.js");
const baseline = path.resolve("tests/api/mcp-conformance-baseline.yml");

const scenarios = [
  "server-initialize",
  "ping",
  "tools-list",
  "prompts-list",
  "resources-list",
  "sep-2164-resource-not-found",
  "server-stateless",
  "http-header-validation",
  "caching",
  "dns-rebinding-protection",
];

let server: TestServer;
let mcpUrl: string;
let output: string;
/** The suite needs Node 22 or newer: this one, or Node 22 from the npm registry (scripts/node-runtime.ts). */
let node22: string;

beforeAll(async () => {
  node22 = nodeAtLeast(22);
  const team = await makeTeam();
  server = await startServer({
    addHeaders: (headers) => {
      if (!headers.has("authorization") && !headers.has("api_access_token")) headers.set("api_access_token", team.admin.token);
    },
  });
  mcpUrl = `${server.url}/api/v1/accounts/${team.account.id}/mcp`;
  output = mkdtempSync(path.join(os.tmpdir(), "mcp-conformance-"));
});

afterAll(async () => {
  await server.close();
  rmSync(output, { recursive: true, force: true });
});

const runScenario = (scenario: string) =>
  new Promise<{ code: number | null; log: string }>((resolve) => {
    const child = spawn(node22, [suite, "server", "--url", mcpUrl, "--scenario", scenario, "--expected-failures", baseline, "-o", path.join(output, scenario)], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    let log = "";
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("close", (code) => resolve({ code, log }));
  });

/** Every check's outcome the suite wrote, for a readable failure. */
const checksOf = (scenario: string) => {
  const dir = path.join(output, scenario);
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith("checks.json"));
  return files.flatMap((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { id: string; status: string; errorMessage?: string }[]);
};

describe("the MCP conformance suite", () => {
  it.concurrent.each(scenarios)("passes %s", { timeout: 120_000 }, async (scenario) => {
    expect(existsSync(node22), "the node@22 dev dependency is installed").toBe(true);
    const { code, log } = await runScenario(scenario);
    const failed = checksOf(scenario).filter((check) => check.status === "FAILURE");
    expect(code, `${scenario} exited ${code}\n${log.slice(-4000)}\n${JSON.stringify(failed, null, 2)}`).toBe(0);
  });
});
