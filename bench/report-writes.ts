// `npm run bench:report-writes`: what the report rollups' triggers (migrations 0016, 0017) cost
// the writes that feed them, on the conversation benchmark's data in .bench-data. Each scenario
// runs its transactions with the triggers and without them, in alternating rounds so the
// machine's drift falls on both sides, and prints the per-transaction times:
// - a message as postMessage writes it: the message inserted, its conversation's activity touched;
// - a conversation's labels and team changed (its messages' and events' figures move with them).
// Rows written without the triggers are removed without them, so the rollups stay exact.
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { runMigrations } from "@/db/migrate";
import { openDatabase, percentile } from "./harness";
import { conversationBench } from "./seed";

const ROUNDS = 6;
const PER_ROUND = Number(process.env.BENCH_REPORT_WRITES ?? 200);
const TRIGGERS: [string, string][] = [
  ...["conversations", "messages", "reporting_events"].flatMap((table) =>
    ["report_rollups_insert", "report_rollups_update", "report_rollups_delete"].map((name): [string, string] => [table, name]),
  ),
  ["conversations", "report_rollups_children"],
];

type Sql = postgres.Sql;

const setTriggers = async (db: Sql, enabled: boolean) => {
  for (const [table, name] of TRIGGERS) await db.unsafe(`alter table ${table} ${enabled ? "enable" : "disable"} trigger ${name}`);
};

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

const main = async () => {
  const database = await openDatabase("venuedesk_bench");
  const db = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    await runMigrations(database.url);
    const seeded = await conversationBench(database.url);
    const accountId = seeded.accounts[0]!.accountId;
    // Conversations with a team and labels, and messages and events to move.
    const targets = await db<{ id: number; inbox_id: number; team_id: number; labels: string[] }[]>`
      select c.id, c.inbox_id, c.team_id, c.labels from conversations c
      where c.account_id = ${accountId} and c.team_id is not null and cardinality(c.labels) > 0
      order by c.id limit ${PER_ROUND}`;
    const [children] = await db<{ messages: number; events: number }[]>`
      select (select count(*) from messages where conversation_id = any(${targets.map((t) => t.id)}))::float / ${targets.length} as messages,
             (select count(*) from reporting_events where conversation_id = any(${targets.map((t) => t.id)}))::float / ${targets.length} as events`;
    const teams = (await db<{ id: number }[]>`select id from teams where account_id = ${accountId} order by id`).map((row) => row.id);
    const [sender] = await db<{ user_id: number }[]>`select user_id from account_users where account_id = ${accountId} order by id limit 1`;

    const times = { message: { on: [] as number[], off: [] as number[] }, regroup: { on: [] as number[], off: [] as number[] } };
    for (let round = 0; round < ROUNDS; round++) {
      const enabled = round % 2 === 0;
      await setTriggers(db, enabled);
      const side = enabled ? "on" : "off";
      const written: number[] = [];
      for (const target of targets) {
        const start = performance.now();
        await db.begin(async (tx) => {
          const [row] = await tx<{ id: number }[]>`
            insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type, sender_id)
            values (${accountId}, ${target.inbox_id}, ${target.id}, 1, 'bench', 'User', ${sender!.user_id}) returning id`;
          await tx`update conversations set last_activity_at = now() where id = ${target.id}`;
          written.push(row!.id);
        });
        times.message[side].push(performance.now() - start);
      }
      for (const target of targets) {
        // To another team and with one more label, then back (two transactions, each timed).
        for (const [team, labels] of [
          [teams[(teams.indexOf(target.team_id) + 1) % teams.length]!, [...target.labels, "bench"]],
          [target.team_id, target.labels],
        ] as const) {
          const start = performance.now();
          await db`update conversations set team_id = ${team}, labels = ${labels as string[]} where id = ${target.id}`;
          times.regroup[side].push(performance.now() - start);
        }
      }
      // The round's messages go as they came: with the triggers when they were written with them.
      await db`delete from messages where id = any(${written})`;
    }
    await setTriggers(db, true);

    const line = (name: string, on: number[], off: number[]) => {
      const a = summary(on);
      const b = summary(off);
      return `| ${name} | ${on.length} | ${a.p50.toFixed(2)} / ${a.p99.toFixed(2)} | ${b.p50.toFixed(2)} / ${b.p99.toFixed(2)} | ${(a.p50 - b.p50).toFixed(2)} |`;
    };
    console.log(
      `\nReport rollups on writes: account ${accountId}, conversations with a team and labels holding ${children!.messages.toFixed(1)} messages and ${children!.events.toFixed(1)} reporting events each`,
    );
    console.log("| write | transactions | with triggers p50 / p99 ms | without p50 / p99 ms | p50 cost ms |");
    console.log("| - | - | - | - | - |");
    console.log(line("message posted (insert, conversation touched)", times.message.on, times.message.off));
    console.log(line("team and labels changed", times.regroup.on, times.regroup.off));
  } finally {
    await setTriggers(db, true).catch(() => {});
    await db.end();
    await database.stop();
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
