// `npm run bench:planning`: seeds (once, in .bench-data) an account with 200 spaces in a
// hierarchy and 20,000 allocations over a year, starts the production server on it and
// measures find_available_slots (50 spaces x 31 days, 60 minutes) and the allocation list for a
// one-week window across all spaces. Needs a build first (`npm run build`).
import { sql } from "drizzle-orm";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { base, measure, openDatabase, printSamples, startServer, stopServer, type Sample } from "./harness";
import { planningScenarios, send, type Scenario } from "./scenarios";
import { planningBench } from "./seed";

const main = async () => {
  const database = await openDatabase("venuedesk_bench_planning");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  const seeded = await planningBench(db);
  const counts = (await db.execute<{ spaces: number; allocations: number }>(sql`
    select (select count(*) from spaces where account_id = ${seeded.accountId})::int as spaces,
           (select count(*) from allocations where account_id = ${seeded.accountId})::int as allocations`))[0]!;
  const server = await startServer(database.url);
  const scenarios = planningScenarios(seeded);
  const sender = (scenario: Scenario) => (i: number) => send(base, seeded.token, scenario.request(i));
  try {
    for (const scenario of scenarios) await measure("warm-up", 2, 40, sender(scenario));
    const samples: Sample[] = [];
    for (const scenario of scenarios) {
      samples.push(await measure(scenario.name, 1, 300, sender(scenario)));
      samples.push(await measure(scenario.name, scenario.clients, 400, sender(scenario)));
    }
    console.log(`\n${counts.spaces} spaces, ${counts.allocations} allocations`);
    printSamples(samples);
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
