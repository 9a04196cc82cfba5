// How the production server's Node.js runs: scripts/start.ts starts it so, and the benchmarks
// start it (and their reference servers) the same way.

/**
 * A young generation of 32 MB a semi-space. A request makes a few megabytes of short-lived
 * objects (rows, the answer's JSON, its gzip buffers); with V8's default sizing on Node 24 a busy
 * server promoted them into the old generation, which then filled in a few hundred milliseconds
 * and was compacted again and again: for tens of seconds at a time every request cost 1.5–2×
 * the CPU and the slowest took twice as long (measured: README, Benchmarks). With room to die
 * young they never reach the old generation.
 */
const youngGeneration = "--max-semi-space-size=32";

/**
 * No memory reducer. After a few seconds without work V8 collects twice to give memory back,
 * and from then on grows the old generation slowly (by about a third of what is live) until its
 * committed size passes the reducer's last figure by 10 MB. On Node 24 a server whose answers are
 * large (the allocation list's 210 KB) never gets past it: the first load after a pause compacted
 * the old generation every 150–300 ms for as long as it lasted, 10–11 ms of CPU a request against
 * 6.2–7 and a p99 of 47–53 ms against 16–19 (README, Benchmarks). The cost of going without: a
 * server that falls idle keeps the memory its last load grew to.
 */
const noMemoryReducer = "--no-memory-reducer";

/** The flags the server runs with; an operator's own choice of either in NODE_OPTIONS wins. */
export const serverNodeFlags = (nodeOptions = process.env.NODE_OPTIONS ?? ""): string[] => [
  ...(nodeOptions.includes("--max-semi-space-size") ? [] : [youngGeneration]),
  ...(nodeOptions.includes("memory-reducer") ? [] : [noMemoryReducer]),
];
