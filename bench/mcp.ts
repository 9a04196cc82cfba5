// `npm run bench:mcp`: the MCP endpoint's own cost, against the API routes the tools mirror, on
// the planning benchmark's data (200 spaces, 19,980 allocations; seeded once into .bench-data by
// `npm run bench:planning`, or here if missing). Measures server time (the handler's
// Server-Timing) of tools/list in both protocol eras, and of three tools next to their routes:
// list_spaces vs GET spaces, get_space vs GET spaces/{id}, list_allocations vs GET allocations
// (one week). Needs a build first (`npm run build`).
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { base, measure, openDatabase, printSamples, startServer, stopServer, type Sample } from "./harness";
import { planningBench } from "./seed";

const day = 86_400_000;

const main = async () => {
  const database = await openDatabase("venuedesk_bench_planning");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  const seeded = await planningBench(db);
  const server = await startServer(database.url);
  const headers = { api_access_token: seeded.token, "content-type": "application/json", accept: "application/json" };
  const accountPath = `${base}/api/v1/accounts/${seeded.accountId}`;
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
  };
  const legacy = (method: string, params: Record<string, unknown>) =>
    fetch(`${accountPath}/mcp`, { method: "POST", headers: { ...headers, "mcp-protocol-version": "2025-06-18" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const modern = (method: string, params: Record<string, unknown>, name?: string) =>
    fetch(`${accountPath}/mcp`, {
      method: "POST",
      headers: { ...headers, accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...(name ? { "mcp-name": name } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }),
    });
  const tool = (name: string, args: Record<string, unknown>) => legacy("tools/call", { name, arguments: args });
  const week = (i: number) => {
    const from = new Date(Date.parse(seeded.yearStart) + ((i * 7) % 300) * day);
    return { start_at: from.toISOString(), end_at: new Date(from.getTime() + 7 * day).toISOString() };
  };
  const space = (i: number) => seeded.spaceIds[i % seeded.spaceIds.length]!;
  const scenarios: [string, (i: number) => Promise<Response>][] = [
    ["MCP tools/list (2025-06-18)", () => legacy("tools/list", {})],
    ["MCP tools/list (2026-07-28)", () => modern("tools/list", {})],
    ["API GET spaces", () => fetch(`${accountPath}/spaces`, { headers })],
    ["MCP list_spaces", () => tool("list_spaces", {})],
    ["API GET spaces/{id}", (i) => fetch(`${accountPath}/spaces/${space(i)}`, { headers })],
    ["MCP get_space", (i) => tool("get_space", { space_id: space(i) })],
    ["API GET allocations (one week)", (i) => fetch(`${accountPath}/planning/allocations?${new URLSearchParams(week(i))}`, { headers })],
    ["MCP list_allocations (one week)", (i) => tool("list_allocations", week(i))],
  ];
  try {
    const probe = await (await tool("list_allocations", week(0))).json();
    if (probe.result?.isError || probe.error) throw new Error(`list_allocations refused: ${JSON.stringify(probe).slice(0, 300)}`);
    for (const [, send] of scenarios) await measure("warm-up", 2, 100, send);
    const samples: Sample[] = [];
    for (const [name, send] of scenarios) samples.push(await measure(name, 1, 400, send));
    printSamples(samples);
    const byName = new Map(samples.map((s) => [s.name, s]));
    const over = (mcp: string, api: string) => (byName.get(mcp)!.server50 - byName.get(api)!.server50).toFixed(1);
    console.log(
      `\ntools/list server p99: ${byName.get("MCP tools/list (2025-06-18)")!.server99.toFixed(1)} ms (2025-06-18), ${byName.get("MCP tools/list (2026-07-28)")!.server99.toFixed(1)} ms (2026-07-28)` +
        `\ntool call over its route (server p50): list_spaces +${over("MCP list_spaces", "API GET spaces")} ms, get_space +${over("MCP get_space", "API GET spaces/{id}")} ms, ` +
        `list_allocations +${over("MCP list_allocations (one week)", "API GET allocations (one week)")} ms`,
    );
  } finally {
    await stopServer(server);
    await db.$client.end();
    await database.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
