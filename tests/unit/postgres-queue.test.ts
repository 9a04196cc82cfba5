// postgres.js keeps its pool's connections (open, busy, full…) in a small queue
// (node_modules/postgres/*/src/queue.js). As published, a queue that is shifted and pushed without
// ever running empty kept every spent slot, and each remove() scanned them all: under steady load
// the pool's CPU per statement grew with every statement sent (README, Benchmarks). The project
// patches it (patches/postgres+*.patch, applied by `npm install`); these tests read the installed
// module, so they fail if the patch is missing or stops applying.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

type Queue<T> = { readonly length: number; push: (x: T) => T; shift: () => T | undefined; remove: (x: T) => T | null };
type MakeQueue = <T>(initial?: T[]) => Queue<T>;

const packageDir = path.resolve("node_modules", "postgres");
const builds: Array<[string, () => Promise<MakeQueue>]> = [
  ["ES module (what Node imports)", async () => ((await import(pathToFileURL(path.join(packageDir, "src", "queue.js")).href)) as { default: MakeQueue }).default],
  ["CommonJS", async () => createRequire(import.meta.url)(path.join(packageDir, "cjs", "src", "queue.js")) as MakeQueue],
];

/** The arrays searched for one of `wanted` (what remove() does): each one's length and where the search starts. */
const indexOf = Array.prototype.indexOf;
const watchSearches = (wanted: ReadonlySet<unknown>) => {
  const searches: Array<{ length: number; from: number }> = [];
  Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof indexOf>) {
    if (wanted.has(args[0])) searches.push({ length: this.length, from: args[1] ?? 0 });
    return indexOf.apply(this, args);
  };
  return searches;
};
afterEach(() => {
  Array.prototype.indexOf = indexOf;
});

/** A small deterministic generator, so a failing sequence can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe.each(builds)("postgres.js's queue, %s", (_build, load) => {
  it.each([
    ["runs empty often", 1, 0.55],
    ["never runs empty (a pool under steady load)", 2, 0.45],
    ["grows and shrinks", 3, 0.5],
  ])("keeps order, length and remove() as a plain array would when it %s", async (_shape, seed, shiftShare) => {
    const makeQueue = await load();
    const queue = makeQueue<number>();
    const model: number[] = [];
    const next = random(seed);
    let counter = 0;
    for (let step = 0; step < 20_000; step++) {
      const roll = next();
      if (roll < shiftShare && model.length > (seed === 2 ? 3 : 0)) {
        expect(queue.shift()).toBe(model.shift());
      } else if (roll < shiftShare + 0.1 && model.length > 0) {
        const victim = model[Math.floor(next() * model.length)]!;
        model.splice(model.indexOf(victim), 1);
        expect(queue.remove(victim)).toBe(victim);
        expect(queue.remove(victim)).toBeNull();
      } else {
        model.push(queue.push(++counter));
      }
      expect(queue.length).toBe(model.length);
    }
    while (model.length) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
  });

  it("keeps no spent slots when it is shifted and pushed without running empty, so remove() searches only the live entries", async () => {
    const makeQueue = await load();
    // The pool's open connections under load: one taken (shift), looked for where it was (remove), put back (push).
    const connections = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const open = makeQueue(connections);
    const searches = watchSearches(new Set(connections));
    let found = 0;
    for (let round = 0; round < 100_000; round++) {
      const connection = open.shift()!;
      if (open.remove(connection) !== null) found++;
      open.push(connection);
    }
    Array.prototype.indexOf = indexOf;
    expect(found).toBe(0);
    const worst = searches.reduce((most, search) => Math.max(most, search.length - search.from), 0);
    const longest = searches.reduce((most, search) => Math.max(most, search.length), 0);
    expect(searches).toHaveLength(100_000);
    expect(worst).toBeLessThanOrEqual(connections.length);
    // Spent slots are dropped once they are half the array (at least 32 of them).
    expect(longest).toBeLessThanOrEqual(2 * 32 + connections.length);
    expect(open.length).toBe(connections.length);
  });
});
