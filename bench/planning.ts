// `npm run bench:planning`: seeds (once, in .bench-data) an account with 200 spaces in a
// hierarchy and 20,000 allocations over a year, starts the production server on it and
// measures find_available_slots (50 spaces x 31 days, 60 minutes) and the allocation list for a
// one-week window across all spaces. Needs a build first (`npm run build`).
import { sql } from "drizzle-orm";
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
  const counts = (await db.execute<{ spaces: number; allocations: number }>(sql`
    select (select count(*) from spaces where account_id = ${seeded.accountId})::int as spaces,
           (select count(*) from allocations where account_id = ${seeded.accountId})::int as allocations`))[0]!;
  const server = await startServer(database.url);
  const headers = { api_access_token: seeded.token, "content-type": "application/json" };
  const path_ = `${base}/api/v1/accounts/${seeded.accountId}/planning/allocations`;
  const startOf = (i: number) => new Date(Date.parse(seeded.yearStart) + ((i * 7) % 300) * day);
  const scenarios: [string, (i: number) => Promise<Response>][] = [
    [
      "find_available_slots: 50 spaces x 31 days, 60 min (max_results 500)",
      (i) => {
        const from = startOf(i);
        const offset = (i * 13) % (seeded.spaceIds.length - 50);
        return fetch(`${path_}/find_available_slots`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            duration_minutes: 60,
            start_date: from.toISOString().slice(0, 10),
            end_date: new Date(from.getTime() + 30 * day).toISOString().slice(0, 10),
            start_time: "08:00",
            end_time: "22:00",
            space_ids: seeded.spaceIds.slice(offset, offset + 50),
            max_results: 500,
          }),
        });
      },
    ],
    [
      "allocation list: one week, all spaces",
      (i) => {
        const from = startOf(i);
        return fetch(`${path_}?start_at=${from.toISOString()}&end_at=${new Date(from.getTime() + 7 * day).toISOString()}`, { headers });
      },
    ],
  ];
  try {
    for (const [, send] of scenarios) await measure("warm-up", 2, 40, send);
    const samples: Sample[] = [];
    for (const [name, send] of scenarios) {
      samples.push(await measure(name, 1, 300, send));
      samples.push(await measure(name, 8, 400, send));
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
