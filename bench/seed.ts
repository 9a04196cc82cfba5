import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { planningResources, spaces } from "@/db/schema";
import { tokenOf } from "@/lib/auth/access-tokens";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { createUser } from "@/lib/users/create-user";
import { dataDir } from "./harness";

export type BenchAccount = { accountId: number; token: string; inboxIds: number[]; labels: string[] };

/** A PostgreSQL array literal as one parameter (drizzle would spread a JS array into a row). */
const pgArray = (values: (string | number)[], type: "text" | "int") => sql`${`{${values.join(",")}}`}::${sql.raw(type)}[]`;

const LABELS = ["vip", "wedding", "corporate", "birthday", "conference", "catering", "followup", "deposit", "site-visit", "lost"];

/**
 * One account the size the acceptance names: `conversations` conversations with
 * `messagesPerConversation` messages each, spread over a year, written with generate_series.
 */
export const seedBenchAccount = async (db: Db, index: number, conversations: number, messagesPerConversation: number): Promise<BenchAccount> => {
  const account = await createAccount(db, { name: `Bench Venue ${index}` });
  const admin = await createUser(db, { name: `Bench Admin ${index}`, email: `bench-admin-${index}-${account.id}@bench.test` });
  await upsertMembership(db, { accountId: account.id, userId: admin.id, role: "administrator" });
  const agents: number[] = [admin.id];
  for (let i = 0; i < 5; i++) {
    const user = await createUser(db, { name: `Bench Agent ${index}.${i}`, email: `bench-agent-${index}-${i}-${account.id}@bench.test` });
    await upsertMembership(db, { accountId: account.id, userId: user.id, role: "agent" });
    agents.push(user.id);
  }
  const a = account.id;
  const inboxRows = await db.execute<{ id: number }>(sql`
    insert into inboxes (account_id, name, channel_type, identifier, hmac_token, secret)
    select ${a}, 'Inbox ' || g, 'Channel::Api', md5(random()::text || ${a} || g), md5(random()::text), md5(random()::text)
    from generate_series(1, 3) g returning id`);
  const inboxIds = inboxRows.map((r) => Number(r.id));
  const teamRows = await db.execute<{ id: number }>(sql`
    insert into teams (account_id, name) select ${a}, 'Team ' || g from generate_series(1, 3) g returning id`);
  const teamIds = teamRows.map((r) => Number(r.id));
  await db.execute(sql`insert into labels (account_id, title) select ${a}, unnest(${pgArray(LABELS, "text")})`);
  const contactCount = Math.max(1, Math.floor(conversations / 5));
  await db.execute(sql`
    insert into contacts (account_id, name, email, created_at)
    select ${a}, 'Guest ' || g, 'guest' || g || '-' || ${a} || '@bench.test', now() - (random() * interval '365 days')
    from generate_series(1, ${contactCount}) g`);
  await db.execute(sql`
    insert into account_sequences (account_id, last_conversation_display_id) values (${a}, ${conversations})`);
  await db.execute(sql`
    insert into conversations (account_id, display_id, inbox_id, contact_id, assignee_id, team_id, status, priority, labels, last_activity_at, created_at, waiting_since)
    select ${a}, g,
      (${pgArray(inboxIds, "int")})[1 + g % 3],
      (select min(id) from contacts where account_id = ${a}) + (g % ${contactCount}),
      case when g % 4 = 0 then null else (${pgArray(agents, "int")})[1 + g % ${agents.length}] end,
      case when g % 3 = 0 then null else (${pgArray(teamIds, "int")})[1 + g % 3] end,
      (array[0, 0, 1, 2, 3])[1 + g % 5],
      case when g % 7 = 0 then null else g % 4 end,
      case when g % 2 = 0 then array[(${pgArray(LABELS, "text")})[1 + g % 10]] else array[(${pgArray(LABELS, "text")})[1 + g % 10], (${pgArray(LABELS, "text")})[1 + (g / 10) % 10]] end,
      now() - (g::float8 / ${conversations}) * interval '365 days',
      now() - (g::float8 / ${conversations}) * interval '365 days' - interval '1 hour',
      case when g % 5 = 0 then now() - interval '2 hours' else null end
    from generate_series(1, ${conversations}) g`);
  await db.execute(sql`
    insert into messages (account_id, inbox_id, conversation_id, message_type, content, sender_type, sender_id, created_at)
    select c.account_id, c.inbox_id, c.id, m % 2,
      (array['Is the hall free on', 'We would like a quote for', 'Thanks for your message about', 'Can we visit the venue on', 'Here is the menu for'])[1 + (c.id + m) % 5] || ' ' || (c.id * 7 + m) % 365 || ' guests',
      case when m % 2 = 0 then 'Contact' else 'User' end,
      case when m % 2 = 0 then c.contact_id else ${admin.id} end,
      c.created_at + m * interval '5 minutes'
    from conversations c cross join generate_series(1, ${messagesPerConversation}) m
    where c.account_id = ${a}`);
  return { accountId: a, token: (await tokenOf(db, "User", admin.id))!, inboxIds, labels: LABELS };
};

const VENUES = 20;
const DAYS_PER_ALLOCATION = 3;
const ALLOCATIONS_PER_SPACE = 111;
const DAY = 86_400_000;

const schedule = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekday) => [weekday, { open: "08:00", close: "23:00" }]),
);

/**
 * The planning benchmarks' spaces and allocations, in an existing account. Each venue: the venue
 * itself, a hall divided into two rooms, and six more rooms (10 spaces; 200 in all), in
 * Europe/Amsterdam, open 08:00–23:00 Monday to Saturday. Every space but the venues gets 111
 * allocations, one every third day over a year from today (UTC midnight) at 07:00–17:00 UTC with
 * 30-minute buffers (halls and their rooms on different days, so nothing double-books): 19,980 in
 * all, three in four confirmed. Returns the booked spaces and the year's start.
 */
export const seedPlanningSpaces = async (db: Db, accountId: number): Promise<{ spaceIds: string[]; yearStart: string }> => {
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
  const yearStart = new Date(Math.floor(Date.now() / DAY) * DAY).toISOString();
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
  return { spaceIds: booked.map((b) => b.id), yearStart };
};

export type PlanningBench = { accountId: number; token: string; spaceIds: string[]; yearStart: string };

/**
 * The planning benchmarks' venue (200 spaces, 19,980 allocations over a year, an administrator and
 * their token): seeded once into the database, remembered in .bench-data/planning-seed.json.
 */
export const planningBench = async (db: Db): Promise<PlanningBench> => {
  const file = path.join(dataDir, "planning-seed.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as PlanningBench;
  const started = performance.now();
  const account = await createAccount(db, { name: "Bench Planning Venue" });
  const admin = await createUser(db, { name: "Bench Planner", email: `bench-planner-${account.id}@bench.test` });
  await upsertMembership(db, { accountId: account.id, userId: admin.id, role: "administrator" });
  const { spaceIds, yearStart } = await seedPlanningSpaces(db, account.id);
  const seeded = { accountId: account.id, token: (await tokenOf(db, "User", admin.id))!, spaceIds, yearStart };
  writeFileSync(file, JSON.stringify(seeded));
  console.log(`Seeded 200 spaces and 19,980 allocations in ${Math.round((performance.now() - started) / 1000)} s`);
  return seeded;
};
