// `npm run bench:portal`: portal page loads as a signed-in planner. Seeds (once, kept in
// .bench-data) an account with 20,000 conversations of 10 messages, the planning benchmark's 200
// spaces and 19,980 allocations, 24 events with 2–6 bookings and two quotes each, and a planner
// with a password; signs in as a browser does (csrf, credentials callback, session cookie) and
// times the inbox, the calendar (a busy week) and an event page to the last byte of the HTML (the
// server render, streamed), at 1 and 8 clients. Needs a build first (`npm run build`).
//
// To compare two checkouts, each built (`NEXT_DIST_DIR=.next npx next build` in it):
//   BENCH_PORTAL_BEFORE=/tmp/vd-before BENCH_PORTAL_AFTER=/tmp/vd-after npm run bench:portal
// Both servers run at once on the same database (migrated by this checkout) and are measured in
// alternating rounds (A B, then B A, …) so the machine's load changes hit both alike. Rate limits
// are off on both (RATE_LIMITS=off). Sizes: BENCH_PORTAL_ROUNDS, BENCH_PORTAL_REQUESTS (per round
// at 1 client; 8 clients get twice as many).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { execFileSync, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { upsertMembership } from "@/lib/accounts/create-account";
import { accountContext } from "@/lib/auth/caller";
import { parseInput } from "@/lib/http/validation";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { ZCreateAllocation } from "@/lib/planning/allocations/schemas";
import { createEvent } from "@/lib/planning/events/events";
import { ZCreateEvent } from "@/lib/planning/events/schemas";
import { addDays, instantAt, localDateOf, weekdayOf, weekdays } from "@/lib/planning/time";
import { createPricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import { ZCreatePricingPlan } from "@/lib/pricing/pricing-plans/schemas";
import { createRate } from "@/lib/pricing/rates/rates";
import { ZCreateRate } from "@/lib/pricing/rates/schemas";
import { createQuote } from "@/lib/quotes/quotes";
import { ZCreateQuote } from "@/lib/quotes/schemas";
import { sendQuote } from "@/lib/quotes/transitions";
import { createUser } from "@/lib/users/create-user";
import { PORT, dataDir, measure, openDatabase, percentile, printSamples, signIn, startServer, stopServer, type Measured, type Sample } from "./harness";
import { seedBenchAccount, seedPlanningSpaces } from "./seed";

const CONVERSATIONS = 20_000;
const MESSAGES_PER_CONVERSATION = 10;
const EVENTS = 24;
const ROUNDS = Number(process.env.BENCH_PORTAL_ROUNDS ?? 8);
const REQUESTS = Number(process.env.BENCH_PORTAL_REQUESTS ?? 30);
const CLIENTS = [1, 8];
const ZONE = "Europe/Amsterdam";

type Seeded = {
  accountId: number;
  email: string;
  password: string;
  /** Wednesdays of the four weeks the events are in (the calendar opens on them, view=week). */
  busyDays: string[];
  eventIds: string[];
};

const clock = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/**
 * The account: the conversation benchmark's account shape (seedBenchAccount) at 20,000
 * conversations, the planning benchmark's spaces and allocations (seedPlanningSpaces), and a
 * planner (an administrator, so the event page shows its forms) with a password, who is assigned
 * the conversations the seed gave its first administrator (about 2,500; "mine" is the inbox's
 * first tab). Events, bookings and quotes go through the services the API uses, as demo/ does.
 */
const seedPortal = async (db: Db): Promise<Seeded> => {
  // The trigram index is rebuilt once after the bulk load rather than maintained row by row.
  await db.execute(sql`drop index if exists messages_content_search_idx`);
  const account = await seedBenchAccount(db, 1, CONVERSATIONS, MESSAGES_PER_CONVERSATION);
  await db.execute(sql`create index messages_content_search_idx on messages using gin (content gin_trgm_ops)`);
  const accountId = account.accountId;
  const email = `bench-portal-${accountId}@bench.test`;
  const password = "bench-portal-password";
  const planner = await createUser(db, { name: "Bench Portal Planner", email, password });
  await upsertMembership(db, { accountId, userId: planner.id, role: "administrator" });
  await db.execute(sql`
    update conversations set assignee_id = ${planner.id}
    where account_id = ${accountId} and display_id % 6 = 0 and assignee_id is not null`);
  await seedPlanningSpaces(db, accountId);

  const ctx = await accountContext(db, { kind: "user", user: planner }, accountId);
  const rate = (input: Record<string, unknown>) => createRate(ctx, parseInput(ZCreateRate, input));
  const hourly = await rate({ name: "Room hire per hour", unit: "hour", amount: "145.00", tax_rate: 21 });
  const evening = await rate({ name: "Evening package per guest per hour", unit: "person_hour", amount: "4.50", tax_rate: 21 });
  await createPricingPlan(
    ctx,
    parseInput(ZCreatePricingPlan, {
      name: "Standard prices",
      is_default: true,
      pricing_rules: [
        { name: "Evenings", rate_id: evening.id, priority: 1, clauses: [{ field: "start_time", operator: "gte", value: "17:00" }] },
        { name: "Hourly", rate_id: hourly.id, priority: 10, is_default: true, clauses: [] },
      ],
      bundles: [{ name: "AV package", unit: "fixed", amount: "450.00", tax_rate: 21, category: "equipment" }],
    }),
  );

  const rooms = new Map(
    (await db.execute<{ id: string; name: string }>(sql`select id, name from spaces where account_id = ${accountId}`)).map((row) => [row.name, row.id]),
  );
  const contacts = await db.execute<{ id: number }>(sql`select id from contacts where account_id = ${accountId} order by id limit ${EVENTS}`);
  // The seeded bookings end by 17:30 UTC (buffer included): the events take the rooms' evenings.
  const today = localDateOf(new Date(), ZONE);
  const monday = addDays(today, 14 - weekdays.indexOf(weekdayOf(today)));
  const on = (date: string, time: string) => instantAt(date, clock(time), ZONE)!.toISOString();
  const eventIds: string[] = [];
  for (let k = 0; k < EVENTS; k++) {
    const date = addDays(monday, Math.floor(k / 6) * 7 + (k % 6)); // Monday to Saturday: the rooms are closed on Sundays
    const venue = 1 + (k % 20);
    const event = await createEvent(
      ctx,
      parseInput(ZCreateEvent, {
        name: `Bench event ${k + 1}`,
        status: k % 3 === 0 ? "tentative" : "definite",
        contact_id: Number(contacts[k % contacts.length]!.id),
        attendees_count: 40 + k * 5,
        notes: "Dinner in the rooms, drinks after.",
      }),
    );
    const bookings = 2 + (k % 5);
    for (let r = 1; r <= bookings; r++) {
      await createAllocation(
        ctx,
        parseInput(ZCreateAllocation, {
          space_id: rooms.get(`Venue ${venue} Room ${r}`),
          event_id: event.id,
          start_at: on(date, "20:00"),
          end_at: on(date, "22:30"),
          status: r === bookings ? "tentative" : "confirmed",
          title: `Evening ${r}`,
        }),
      );
    }
    const quote = (name: string, guests: number) =>
      createQuote(
        ctx,
        event.id,
        parseInput(ZCreateQuote, {
          name,
          overrides: {
            additional_lines: [{ name: "Dinner menu", unit_price: "68.00", quantity: guests, tax_rate: 9, category: "catering" }],
            optional_lines: [{ key: "late-night-snacks", name: "Late-night snacks", unit_price: "7.50", quantity: guests, tax_rate: 9, category: "catering" }],
          },
        }),
      );
    const first = await quote("Dinner and drinks", 40 + k * 5);
    await sendQuote(ctx, event.id, first.id, { delivery_mode: "manual" });
    await quote("Dinner and drinks, more guests", 60 + k * 5);
    eventIds.push(event.id);
  }
  await db.execute(sql`vacuum analyze`);
  return { accountId, email, password, busyDays: [0, 1, 2, 3].map((w) => addDays(monday, w * 7 + 2)), eventIds };
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

const revisionOf = (dir: string) => {
  try {
    const head = execFileSync("git", ["-C", dir, "log", "-1", "--format=%h"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["-C", dir, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return "unknown revision";
  }
};

type Version = { label: string; dir: string; port: number; server?: ChildProcess; cookie?: string };

const versionsToRun = (): Version[] => {
  const named = [
    ["before", process.env.BENCH_PORTAL_BEFORE],
    ["after", process.env.BENCH_PORTAL_AFTER],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (named.length === 0) return [{ label: "current", dir: process.cwd(), port: PORT }];
  return named.map(([label, dir], i) => ({ label, dir: path.resolve(dir), port: PORT + i }));
};

const pooled = (name: string, clients: number, runs: Measured[]): Sample => {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.requests / run.rps, 0);
  return {
    name,
    clients,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    server50: Number.NaN,
    server99: Number.NaN,
    rps: latencies.length / seconds,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
};

const main = async () => {
  const versions = versionsToRun();
  for (const version of versions) if (!(await portFree(version.port))) throw new Error(`port ${version.port} is in use (BENCH_PORT picks another)`);
  const database = await openDatabase("venuedesk_bench_portal");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  const file = path.join(dataDir, "portal-seed.json");
  let seeded: Seeded;
  if (existsSync(file)) seeded = JSON.parse(readFileSync(file, "utf8")) as Seeded;
  else {
    const started = performance.now();
    console.log(`Seeding ${CONVERSATIONS} conversations x ${MESSAGES_PER_CONVERSATION} messages, 200 spaces, 19,980 allocations, ${EVENTS} events…`);
    seeded = await seedPortal(db);
    writeFileSync(file, JSON.stringify(seeded));
    console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const counts = (await db.execute<{ conversations: number; mine: number; spaces: number; allocations: number; events: number; quotes: number }>(sql`
    select (select count(*) from conversations where account_id = ${seeded.accountId})::int as conversations,
           (select count(*) from conversations c join users u on u.id = c.assignee_id
             where c.account_id = ${seeded.accountId} and u.email = ${seeded.email} and c.status = 0)::int as mine,
           (select count(*) from spaces where account_id = ${seeded.accountId})::int as spaces,
           (select count(*) from allocations where account_id = ${seeded.accountId})::int as allocations,
           (select count(*) from planning_events where account_id = ${seeded.accountId})::int as events,
           (select count(*) from quotes where account_id = ${seeded.accountId})::int as quotes`))[0]!;
  await db.$client.end();

  const account = `/app/accounts/${seeded.accountId}`;
  const pages: { name: string; path: (i: number) => string; expect: string }[] = [
    { name: "inbox", path: () => `${account}/conversations`, expect: "Guest " },
    { name: "calendar (week)", path: (i) => `${account}/planning?date=${seeded.busyDays[i % seeded.busyDays.length]}&view=week`, expect: "Venue 20 Room 6" },
    { name: "event", path: (i) => `${account}/planning/events/${seeded.eventIds[i % seeded.eventIds.length]}`, expect: "Dinner and drinks" },
  ];
  const get = (version: Version, url: string) =>
    fetch(`http://127.0.0.1:${version.port}${url}`, { headers: { cookie: version.cookie!, accept: "text/html" }, redirect: "manual" });

  const sizes: string[] = [];
  try {
    for (const version of versions) {
      version.server = await startServer(database.url, { cwd: version.dir, port: version.port, env: { RATE_LIMITS: "off" } });
      version.cookie = await signIn(`http://127.0.0.1:${version.port}`, seeded.email, seeded.password);
      for (const page of pages) {
        const response = await get(version, page.path(0));
        const html = await response.text();
        if (response.status !== 200 || !html.includes(page.expect)) throw new Error(`${version.label} ${page.name}: ${response.status}, no "${page.expect}" in the page`);
        sizes.push(`${version.label} ${page.name} ${Math.round(Buffer.byteLength(html) / 1024)} kB`);
      }
    }
    for (const version of versions) for (const page of pages) await measure("warm-up", 2, 20, (i) => get(version, page.path(i)));

    const runs = new Map<string, Measured[]>();
    const load: number[] = [];
    const sampleLoad = () => load.push(loadavg()[0]!);
    sampleLoad();
    const loadTimer = setInterval(sampleLoad, 5_000);
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? versions : [...versions].reverse();
      for (const page of pages) {
        for (const clients of CLIENTS) {
          for (const version of order) {
            const key = `${version.label}|${page.name}|${clients}`;
            const run = await measure(page.name, clients, REQUESTS * (clients === 1 ? 1 : 2), (i) => get(version, page.path(i)));
            runs.set(key, [...(runs.get(key) ?? []), run]);
          }
        }
      }
      process.stderr.write(`round ${round + 1}/${ROUNDS} done\n`);
    }
    clearInterval(loadTimer);
    sampleLoad();

    console.log(
      `\n${counts.conversations} conversations (${counts.mine} open and the planner's), ${counts.spaces} spaces, ${counts.allocations} allocations, ` +
        `${counts.events} events, ${counts.quotes} quotes; ${ROUNDS} rounds in ${Math.round((performance.now() - started) / 1000)} s; ` +
        `1-minute load during the run: min ${Math.min(...load).toFixed(2)}, median ${percentile([...load].sort((a, b) => a - b), 50).toFixed(2)}, max ${Math.max(...load).toFixed(2)}`,
    );
    console.log(`HTML: ${sizes.join(", ")}`);
    const summary = new Map<string, Sample>();
    for (const version of versions) {
      console.log(`\n${version.label}: ${version.dir} (${revisionOf(version.dir)}); time to the last byte of the HTML`);
      const samples = pages.flatMap((page) => CLIENTS.map((clients) => pooled(page.name, clients, runs.get(`${version.label}|${page.name}|${clients}`)!)));
      for (const sample of samples) summary.set(`${version.label}|${sample.name}|${sample.clients}`, sample);
      printSamples(samples);
    }
    if (versions.length === 2) {
      const [a, b] = versions as [Version, Version];
      console.log(`\n| page | clients | ${a.label} p50 | ${b.label} p50 | change | ${a.label} p99 | ${b.label} p99 | change |\n| - | - | - | - | - | - | - | - |`);
      const change = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(0)}%`;
      for (const page of pages) {
        for (const clients of CLIENTS) {
          const x = summary.get(`${a.label}|${page.name}|${clients}`)!;
          const y = summary.get(`${b.label}|${page.name}|${clients}`)!;
          console.log(
            `| ${page.name} | ${clients} | ${x.p50.toFixed(1)} | ${y.p50.toFixed(1)} | ${change(x.p50, y.p50)} | ${x.p99.toFixed(1)} | ${y.p99.toFixed(1)} | ${change(x.p99, y.p99)} |`,
          );
        }
      }
      // Per round: is the after version's median slower in most rounds, or in a few noisy ones?
      console.log(`\nrounds where ${b.label}'s p50 was above ${a.label}'s:`);
      for (const page of pages) {
        for (const clients of CLIENTS) {
          const xs = runs.get(`${a.label}|${page.name}|${clients}`)!;
          const ys = runs.get(`${b.label}|${page.name}|${clients}`)!;
          const slower = ys.filter((y, i) => y.p50 > xs[i]!.p50).length;
          console.log(`  ${page.name}, ${clients} client(s): ${slower} of ${ys.length}`);
        }
      }
    }
  } finally {
    await Promise.all(versions.map((version) => stopServer(version.server)));
    await database.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
