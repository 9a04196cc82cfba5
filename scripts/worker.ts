// `npm run worker`: the background jobs (event dispatcher and pruning, mail, hold sweeper,
// security pruning) in their own process, beside app instances started with BACKGROUND_JOBS=worker.
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { startBackgroundJobs } from "@/lib/jobs";

const main = async () => {
  if (!process.env.DATABASE_URL) {
    console.error("The worker needs DATABASE_URL (the embedded database belongs to `npm start`).");
    process.exit(1);
  }
  try {
    await getDb().execute(sql`select 1 from event_deliveries limit 0`);
  } catch {
    console.error("The database is not migrated: start the app once (`npm start` runs the migrations).");
    process.exit(1);
  }
  const jobs = startBackgroundJobs();
  // The jobs' timers do not hold the process open; this does, until a signal.
  const alive = setInterval(() => undefined, 60 * 60_000);
  console.log("Venuedesk worker running");
  const shutdown = async () => {
    clearInterval(alive);
    // Nothing new is claimed; attempts in flight end within their timeout.
    await jobs.stop();
    await getDb().$client.end({ timeout: 5 });
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
};

void main();
