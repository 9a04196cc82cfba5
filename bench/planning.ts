// `npm run bench:planning`: seeds (once, in .bench-data) an account with 200 spaces in a
// hierarchy and 20,000 allocations over a year, starts the production server on it and
// measures find_available_slots (50 spaces x 31 days, 60 minutes) and the allocation list for a
// one-week window across all spaces. Needs a build first (`npm run build`).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { planningResources, spaces } from "@/db/schema";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { tokenOf } from "@/lib/auth/access-tokens";
import { createUser } from "@/lib/users/create-user";
import { base, dataDir, measure, openDatabase, printSamples, startServer, type Sample } from "./harness";

const VENUES = 20;
const DAYS_PER_ALLOCATION = 3;
const ALLOCATIONS_PER_SPACE = 111;
const day = 86_400_000;

type Seeded = { accountId: number; token: string; spaceIds: string[]; yearStart: string };

const schedule = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekday) => [weekday, { open: "08:00", close: "23:00" }]),
);

/**
 * Each venue: the venue itself, a hall divided into two rooms, and six more rooms (10 spaces; 200
 * in all). Every space but the venues gets 111 allocations, one every third day over a year
 * (halls and their rooms on different days, so nothing double-books): 19,980 in all, three in
 * four confirmed.
 */
const seedPlanning = async (db: Db): Promise<Seeded> => {
  const account = await createAccount(db, { name: "Bench Planning Venue" });
  const admin = await createUser(db, { name: "Bench Planner", email: `bench-planner-${account.id}@bench.test` });
  await upsertMembership(db, { accountId: account.id, userId: admin.id, role: "administrator" });
  const accountId = account.id;
  const addSpace = async (name: string, position: number, parentId: string | null, venueId: string | null) => {
    const [resource] = await db.insert(planningResources).values({ accountId }).returning();
    const [space] = await db
      .insert(spaces)
      .values({
        accountId,
        resourceId: resource!.id,
        name,
        position,
        parentId,
        venueId,
        timezone: "Europe/Amsterdam",
        workingHoursEnabled: true,
        schedule,
        theater: 40 + (position % 7) * 30,
        banquet: 30 + (position % 5) * 20,
      })
      .returning();
    return space!;
  };
  const booked: { id: string; offset: number }[] = [];
  let position = 0;
  for (let v = 1; v <= VENUES; v++) {
    const venue = await addSpace(`Venue ${v}`, position++, null, null);
    const hall = await addSpace(`Venue ${v} Hall`, position++, venue.id, venue.id);
    booked.push({ id: hall.id, offset: 0 });
    for (const side of ["A", "B"]) booked.push({ id: (await addSpace(`Venue ${v} Hall ${side}`, position++, hall.id, venue.id)).id, offset: 1 });
    for (let r = 1; r <= 6; r++) booked.push({ id: (await addSpace(`Venue ${v} Room ${r}`, position++, venue.id, venue.id)).id, offset: 1 + (r % 2) });
  }
  const yearStart = new Date(Math.floor(Date.now() / day) * day).toISOString();
  await db.execute(sql`
    insert into allocations (account_id, space_id, resource_id, start_at, end_at, status, sequence, title, buffer_before_min, buffer_after_min)
    select ${accountId}, s.id, s.resource_id,
      ${yearStart}::timestamptz + ((g * ${DAYS_PER_ALLOCATION} + b.off) * interval '1 day') + ((7 + g % 4) * interval '1 hour'),
      ${yearStart}::timestamptz + ((g * ${DAYS_PER_ALLOCATION} + b.off) * interval '1 day') + ((12 + g % 6) * interval '1 hour'),
      case when g % 4 = 0 then 'tentative' else 'confirmed' end, 1, 'Booking ' || g, 30, 30
    from unnest(${`{${booked.map((b) => b.id).join(",")}}`}::uuid[], ${`{${booked.map((b) => b.offset).join(",")}}`}::int[]) as b(id, off)
    join spaces s on s.id = b.id
    cross join generate_series(0, ${ALLOCATIONS_PER_SPACE - 1}) g`);
  await db.execute(sql`
    insert into allocation_occupancies (allocation_id, resource_id, account_id, status, starts_at, ends_at)
    select a.id, s.resource_id, a.account_id, a.status,
      a.start_at - make_interval(mins => a.buffer_before_min), a.end_at + make_interval(mins => a.buffer_after_min)
    from allocations a join spaces s on (s.id = a.space_id or s.parent_id = a.space_id)
    where a.account_id = ${accountId}`);
  await db.execute(sql`vacuum analyze`);
  const spaceIds = booked.map((b) => b.id);
  return { accountId, token: (await tokenOf(db, "User", admin.id))!, spaceIds, yearStart };
};

const main = async () => {
  const database = await openDatabase("venuedesk_bench_planning");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  const file = path.join(dataDir, "planning-seed.json");
  let seeded: Seeded;
  if (existsSync(file)) seeded = JSON.parse(readFileSync(file, "utf8")) as Seeded;
  else {
    const started = performance.now();
    seeded = await seedPlanning(db);
    writeFileSync(file, JSON.stringify(seeded));
    console.log(`Seeded 200 spaces and 19,980 allocations in ${Math.round((performance.now() - started) / 1000)} s`);
  }
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
    server.kill("SIGTERM");
    await db.$client.end();
    await database.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
