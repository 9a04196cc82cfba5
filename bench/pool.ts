// `npm run bench:pool`: the database pool alone, as the server configures it (postgres.js, 10
// connections, statements prepared), kept busy by more callers than it has connections: each
// caller sends what an API request sends, waves of 1, 3, 2 and 1 statements (`select $1::int`), one
// wave after the other. Prints statements a second and this process's CPU per statement every
// 5 s: flat when the pool's cost per statement does not depend on how long it has been busy
// (postgres.js as published fell from 23,900 to 5,600 statements a second within a minute; README,
// Architecture). BENCH_POOL_CALLERS (32) and BENCH_SECONDS (60) change the load and its length.
import postgres from "postgres";
import { connectionSettings, poolConnections } from "@/db/client";
import { openDatabase } from "./harness";

const CALLERS = Number(process.env.BENCH_POOL_CALLERS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WINDOW_SECONDS = 5;
const waves = [1, 3, 2, 1];

const main = async () => {
  const database = await openDatabase("venuedesk_bench");
  const sql = postgres(database.url, { max: poolConnections, onnotice: () => {}, connection: connectionSettings });
  let statements = 0;
  let stopping = false;
  const statement = (value: number) => sql.unsafe("select $1::int as value", [value], { prepare: true }).then(() => void statements++);
  const caller = async () => {
    for (let value = 0; !stopping; ) for (const width of waves) await Promise.all(Array.from({ length: width }, () => statement(value++)));
  };

  console.log(`postgres.js pool of ${poolConnections}, ${CALLERS} callers, ${SECONDS} s`);
  const started = performance.now();
  const callers = Array.from({ length: CALLERS }, caller);
  const rows: Array<{ at: number; perSecond: number; cpuMicros: number }> = [];
  let counted = 0;
  let cpu = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const sent = statements - counted;
    counted = statements;
    const row = { at: Math.round((performance.now() - started) / 1000), perSecond: sent / WINDOW_SECONDS, cpuMicros: (used.user + used.system) / sent };
    rows.push(row);
    console.log(`${String(row.at).padStart(4)} s: ${row.perSecond.toFixed(0).padStart(6)} statements/s, ${row.cpuMicros.toFixed(1)} µs of this process's CPU a statement`);
  }, WINDOW_SECONDS * 1000);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  stopping = true;
  clearInterval(timer);
  await Promise.all(callers);
  await sql.end();
  await database.stop();
  if (rows.length >= 2) {
    const first = rows[0]!;
    const last = rows.at(-1)!;
    console.log(`last window ÷ first: ${(last.perSecond / first.perSecond).toFixed(2)} of the throughput, ${(last.cpuMicros / first.cpuMicros).toFixed(2)} of the CPU a statement`);
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
