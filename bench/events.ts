// `npm run bench:events`: webhook delivery under load. Three account webhooks (the Chatwoot
// defaults: message_created among them) point at three receivers on 127.0.0.1 (allow-listed);
// customers write through the Client API at BENCH_EVENTS_PER_MINUTE (1,000) for
// BENCH_EVENTS_MINUTES (5), open loop (a message every 60 ms whatever the answers take). The
// production server's own dispatcher delivers. Then, once nothing is pending: every event reached
// every receiver (none lost), no delivery id arrived twice (none doubled), and the dispatcher lag
// (delivered_at − the event's commit) p50/p99, the message POST latency and the server's RSS.
// Then live fan-out: BENCH_LIVE_AGENTS (20) agents of the inbox each hold 10 portal streams
// (/app/live, 200 in all); a customer writes once in each of 50 conversations, one every 100 ms,
// and every stream must get every message_created frame: time from the POST to each frame
// (p50/p99) and the server's RSS before and with the streams open.
// Needs a build first (`npm run build`).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { inboxMembers } from "@/db/schema";
import { upsertMembership } from "@/lib/accounts/create-account";
import { createUser } from "@/lib/users/create-user";
import { base, openDatabase, percentile, signIn, startServer, stopServer } from "./harness";
import { seedBenchAccount } from "./seed";

const perMinute = Number(process.env.BENCH_EVENTS_PER_MINUTE ?? 1000);
const minutes = Number(process.env.BENCH_EVENTS_MINUTES ?? 5);
const CONVERSATIONS = 50;
const RECEIVERS = 3;
const liveAgents = Number(process.env.BENCH_LIVE_AGENTS ?? 20);
const STREAMS_PER_AGENT = 10;
const PASSWORD = "bench-live-password";

type Receiver = { server: Server; host: string; seen: Map<string, number> };

/** Counts every delivery id it is sent; answers 200 at once. */
const startReceiver = async (): Promise<Receiver> => {
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["x-chatwoot-delivery"]);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
};

const rssMiB = (pid: number) => {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN);
  return (kib / 1024).toFixed(0);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Agents who may see the inbox, with a password, for the portal streams. */
const seedLiveAgents = async (db: Db, accountId: number, inboxId: number) => {
  const emails: string[] = [];
  for (let i = 0; i < liveAgents; i++) {
    const email = `bench-live-${i}-${accountId}@bench.test`;
    const user = await createUser(db, { name: `Live Agent ${i}`, email, password: PASSWORD });
    await upsertMembership(db, { accountId, userId: user.id, role: "agent" });
    await db.insert(inboxMembers).values({ accountId, inboxId, userId: user.id });
    emails.push(email);
  }
  return emails;
};

/** A portal stream read as it arrives: when each message_created frame came (by message id). */
const openStream = async (cookie: string, accountId: number, seen: (messageId: string, at: number) => void) => {
  const controller = new AbortController();
  const res = await fetch(`${base}/app/live?account_id=${accountId}`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`live stream refused: ${res.status} ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split("\n").find((line) => line.startsWith("data: "));
          if (!data) continue;
          const parsed = JSON.parse(data.slice(6)) as { event: string; subject?: { id: string } | null };
          if (parsed.event === "message_created" && parsed.subject) seen(parsed.subject.id, performance.now());
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return () => controller.abort();
};

const main = async () => {
  const database = await openDatabase("venuedesk_bench_events");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  const seeded = await seedBenchAccount(db, Date.now() % 100_000, 0, 0);
  const [inbox] = await db.execute<{ identifier: string }>(sql`select identifier from inboxes where id = ${seeded.inboxIds[0]!}`);
  const agentEmails = await seedLiveAgents(db, seeded.accountId, seeded.inboxIds[0]!);
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, startReceiver));
  const server = await startServer(database.url, {
    env: {
      WEBHOOK_ALLOWED_HOSTS: receivers.map((r) => r.host).join(","),
      RATE_LIMIT_CLIENT_API: "100000000/60",
      LIVE_MAX_CONNECTIONS_PER_USER: String(STREAMS_PER_AGENT),
    },
  });
  const json = { "content-type": "application/json", accept: "application/json" };
  let failed = false;
  try {
    const account = `${base}/api/v1/accounts/${seeded.accountId}`;
    const webhookIds: number[] = [];
    for (const receiver of receivers) {
      const res = await fetch(`${account}/webhooks`, {
        method: "POST",
        headers: { ...json, api_access_token: seeded.token },
        body: JSON.stringify({ webhook: { url: `http://${receiver.host}/hook` } }),
      });
      if (!res.ok) throw new Error(`webhook refused: ${res.status} ${await res.text()}`);
      webhookIds.push(((await res.json()) as { payload: { webhook: { id: number } } }).payload.webhook.id);
    }
    const pub = `${base}/public/api/v1/inboxes/${inbox!.identifier}`;
    const post = (path: string, body: unknown) => fetch(`${pub}${path}`, { method: "POST", headers: json, body: JSON.stringify(body) });
    const paths: string[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const contact = (await (await post("/contacts", { name: `Guest ${i}` })).json()) as { source_id: string };
      const conversation = (await (await post(`/contacts/${contact.source_id}/conversations`, {})).json()) as { id: number };
      paths.push(`/contacts/${contact.source_id}/conversations/${conversation.id}/messages`);
    }

    const total = Math.round(perMinute * minutes);
    const every = 60_000 / perMinute;
    const latencies: number[] = [];
    let refused = 0;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    console.log(`sending ${total} messages over ${minutes} min (one every ${every.toFixed(0)} ms) to ${CONVERSATIONS} conversations…`);
    for (let i = 0; i < total; i++) {
      const due = started + i * every;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      inFlight.push(
        (async () => {
          const t0 = performance.now();
          const res = await post(paths[i % paths.length]!, { content: `Message ${i} about the wedding on the 14th` });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (!res.ok) refused++;
        })(),
      );
    }
    await Promise.all(inFlight);
    const sendSeconds = (performance.now() - started) / 1000;

    // Drain: the dispatcher keeps going after the last message.
    const drainStarted = performance.now();
    for (;;) {
      const [{ pending }] = (await db.execute<{ pending: number }>(
        sql`select count(*)::int as pending from event_deliveries where account_id = ${seeded.accountId} and status = 'pending'`,
      )) as unknown as [{ pending: number }];
      if (pending === 0 || performance.now() - drainStarted > 180_000) break;
      await sleep(250);
    }

    const [counts] = (await db.execute(sql`
      select
        (select count(*)::int from events where account_id = ${seeded.accountId} and name = 'message_created') as messages,
        (select count(*)::int from events e where e.account_id = ${seeded.accountId} and e.payload is not null) as external_events,
        (select count(*)::int from event_deliveries where account_id = ${seeded.accountId} and status = 'delivered') as delivered,
        (select count(*)::int from event_deliveries where account_id = ${seeded.accountId} and status <> 'delivered') as not_delivered,
        (select count(*)::int from events e where e.account_id = ${seeded.accountId} and e.payload is not null
           and (select count(*) from event_deliveries d where d.event_id = e.id) <> ${RECEIVERS}) as events_missing_a_target`)) as unknown as [
      Record<string, number>,
    ];
    const ids = await db.execute<{ webhook_id: number; delivery_id: string }>(
      sql`select webhook_id, delivery_id::text from event_deliveries where account_id = ${seeded.accountId}`,
    );
    let lost = 0;
    let doubled = 0;
    let unexpected = 0;
    receivers.forEach((receiver, i) => {
      const expected = new Set(ids.filter((row) => Number(row.webhook_id) === webhookIds[i]).map((row) => row.delivery_id));
      for (const id of expected) if (!receiver.seen.has(id)) lost++;
      for (const [id, times] of receiver.seen) {
        if (times > 1) doubled++;
        if (!expected.has(id)) unexpected++;
      }
    });
    const lags = (
      await db.execute<{ lag: number }>(sql`
        select extract(epoch from (d.delivered_at - e.created_at)) * 1000 as lag
        from event_deliveries d join events e on e.id = d.event_id
        where d.account_id = ${seeded.accountId} and d.status = 'delivered'`)
    )
      .map((row) => Number(row.lag))
      .sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);

    console.log(`\n| figure | value |\n| - | - |`);
    console.log(`| messages sent (Client API) | ${total} in ${sendSeconds.toFixed(0)} s (${((total / sendSeconds) * 60).toFixed(0)}/min), ${refused} refused |`);
    console.log(`| message POST p50 / p99 ms | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} |`);
    console.log(`| message_created events | ${counts.messages} |`);
    console.log(`| deliveries delivered / not delivered | ${counts.delivered} / ${counts.not_delivered} |`);
    console.log(`| events without a delivery to each of the ${RECEIVERS} webhooks | ${counts.events_missing_a_target} |`);
    console.log(`| lost (a delivery the receiver never got) | ${lost} |`);
    console.log(`| doubled (a delivery id received twice) | ${doubled} |`);
    console.log(`| unexpected (received, not recorded) | ${unexpected} |`);
    console.log(`| dispatcher lag p50 / p99 ms (commit → delivered) | ${percentile(lags, 50).toFixed(0)} / ${percentile(lags, 99).toFixed(0)} |`);
    console.log(`| drain after the last message | ${((performance.now() - drainStarted) / 1000).toFixed(1)} s |`);
    const webhooksOk = !(refused || lost || doubled || unexpected || counts.not_delivered || counts.events_missing_a_target || counts.messages !== total);

    // Live fan-out.
    const rssBefore = rssMiB(server.pid!);
    const arrivals = new Map<string, number[]>();
    const closers: (() => void)[] = [];
    for (const email of agentEmails) {
      const cookie = await signIn(base, email, PASSWORD);
      for (let i = 0; i < STREAMS_PER_AGENT; i++) {
        closers.push(
          // A frame may come before the POST's answer: every arrival is kept, matched afterwards.
          await openStream(cookie, seeded.accountId, (id, at) => arrivals.set(id, [...(arrivals.get(id) ?? []), at])),
        );
      }
    }
    const streams = closers.length;
    await sleep(1_000);
    const rssOpen = rssMiB(server.pid!);
    const sentAt = new Map<string, number>();
    for (let i = 0; i < paths.length; i++) {
      const t0 = performance.now();
      const res = await post(paths[i]!, { content: `Live ${i}` });
      const { id } = (await res.json()) as { id: number };
      sentAt.set(String(id), t0);
      await sleep(100);
    }
    const fanOutDeadline = performance.now() + 30_000;
    const received = (id: string) => arrivals.get(id)?.length ?? 0;
    while ([...sentAt.keys()].some((id) => received(id) < streams) && performance.now() < fanOutDeadline) await sleep(100);
    const rssBurst = rssMiB(server.pid!);
    for (const close of closers) close();
    const delays = [...sentAt].flatMap(([id, t0]) => (arrivals.get(id) ?? []).map((at) => at - t0)).sort((a, b) => a - b);
    const missing = [...sentAt.keys()].reduce((sum, id) => sum + Math.max(0, streams - received(id)), 0);
    const doubledFrames = [...sentAt.keys()].reduce((sum, id) => sum + Math.max(0, received(id) - streams), 0);
    console.log(`| live streams open (${agentEmails.length} agents × ${STREAMS_PER_AGENT}) | ${streams} |`);
    console.log(`| frames expected / missing / extra (${sentAt.size} messages × ${streams} streams) | ${sentAt.size * streams} / ${missing} / ${doubledFrames} |`);
    console.log(`| fan-out delay p50 / p99 ms (POST sent → frame read) | ${percentile(delays, 50).toFixed(0)} / ${percentile(delays, 99).toFixed(0)} |`);
    console.log(`| server RSS: before streams / ${streams} open / after the burst | ${rssBefore} / ${rssOpen} / ${rssBurst} MiB |`);
    failed = !webhooksOk || missing > 0 || doubledFrames > 0;
  } finally {
    await stopServer(server);
    for (const receiver of receivers) receiver.server.close();
    await db.$client.end();
    await database.stop();
  }
  // Set explicitly: the embedded server's exit hook would otherwise end the process with 0.
  if (failed) {
    console.error("\nFAILED: an event was lost, doubled or not delivered (see the table).");
    process.exit(1);
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
