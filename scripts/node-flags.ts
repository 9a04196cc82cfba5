// How the production server's Node.js runs: scripts/start.ts starts it so, and the benchmarks
// start it (and their reference servers) the same way.

/**
 * A young generation of 32 MB a semi-space. A request makes a few megabytes of short-lived
 * objects (rows, the answer's JSON, its gzip buffers); with V8's default sizing on Node 24 a busy
 * server promoted them into the old generation, which then filled in a few hundred milliseconds
 * and was compacted again and again: for tens of seconds at a time every request cost 1.5–2×
 * the CPU and the slowest took twice as long (measured: README, Benchmarks). With room to die
 * young they never reach the old generation. An operator's own `--max-semi-space-size` in
 * NODE_OPTIONS wins.
 */
export const serverNodeFlags = (nodeOptions = process.env.NODE_OPTIONS ?? ""): string[] =>
  nodeOptions.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=32"];
