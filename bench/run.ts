// `npm run bench`: seeds two accounts of 100,000 conversations / 1,000,000 messages each (once;
// kept in .bench-data), starts the production server on that database and measures the
// conversation list, a three-condition filter and message paging at 1 and 32 clients.
// Needs a build first (`npm run build`). Sizes: BENCH_CONVERSATIONS, BENCH_MESSAGES_PER_CONVERSATION.
import { sql } from "drizzle-orm";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { base, measure, openDatabase, printSamples, startServer, stopServer, type Sample } from "./harness";
import { conversationScenarios, messageCursors, send, type Scenario } from "./scenarios";
import { conversationBench } from "./seed";

const main = async () => {
  const database = await openDatabase("venuedesk_bench");
  await runMigrations(database.url);
  const seeded = await conversationBench(database.url);
  const [account] = seeded.accounts;
  const db = createDb(database.url, { max: 2 });
  const cursors = await messageCursors(db, account!.accountId, 1000);
  const seqScans = async () =>
    (await db.execute<{ seq_scan: number; idx_scan: number }>(sql`select seq_scan, idx_scan from pg_stat_user_tables where relname = 'messages'`))[0]!;

  const server = await startServer(database.url);
  const scenarios = conversationScenarios(account!, cursors);
  try {
    const sender = (scenario: Scenario) => (i: number) => send(base, account!.token, scenario.request(i));
    for (const scenario of scenarios) await measure("warm-up", 4, 50, sender(scenario));
    const before = await seqScans();
    const samples: Sample[] = [];
    for (const scenario of scenarios) {
      samples.push(await measure(scenario.name, 1, 300, sender(scenario)));
      samples.push(await measure(scenario.name, scenario.clients, 2000, sender(scenario)));
    }
    const after = await seqScans();
    console.log(`\n${seeded.accounts.length} accounts x ${seeded.conversations} conversations x ${seeded.messagesPerConversation} messages`);
    printSamples(samples);
    console.log(`\nmessages table during the run: ${after.seq_scan - before.seq_scan} sequential scans, ${after.idx_scan - before.idx_scan} index scans`);
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
