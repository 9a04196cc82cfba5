import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
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

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const MESSAGES_PER_CONVERSATION = Number(process.env.BENCH_MESSAGES_PER_CONVERSATION ?? 10);

export type ConversationBench = { conversations: number; messagesPerConversation: number; accounts: BenchAccount[] };

/**
 * The conversation benchmarks' two accounts (BENCH_CONVERSATIONS conversations of
 * BENCH_MESSAGES_PER_CONVERSATION messages each): seeded once into the database at `url`,
 * remembered in .bench-data/seed.json; seeded again (two new accounts) when the sizes change.
 */
export const conversationBench = async (url: string): Promise<ConversationBench> => {
  const file = path.join(dataDir, "seed.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as ConversationBench;
    if (saved.conversations === CONVERSATIONS && saved.messagesPerConversation === MESSAGES_PER_CONVERSATION) return saved;
  }
  const db = createDb(url, { max: 2 });
  const started = performance.now();
  console.log(`Seeding 2 accounts x ${CONVERSATIONS} conversations x ${MESSAGES_PER_CONVERSATION} messages…`);
  // The trigram index is rebuilt once after the bulk load rather than maintained row by row.
  await db.execute(sql`drop index if exists messages_content_search_idx`);
  const accounts = [await seedBenchAccount(db, 1, CONVERSATIONS, MESSAGES_PER_CONVERSATION), await seedBenchAccount(db, 2, CONVERSATIONS, MESSAGES_PER_CONVERSATION)];
  await db.execute(sql`create index messages_content_search_idx on messages using gin (content gin_trgm_ops)`);
  await db.execute(sql`vacuum analyze`);
  await db.$client.end();
  console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s`);
  const seeded = { conversations: CONVERSATIONS, messagesPerConversation: MESSAGES_PER_CONVERSATION, accounts };
  writeFileSync(file, JSON.stringify(seeded));
  return seeded;
};

/**
 * Reporting events for a seeded conversation account, as the app would have recorded them: a
 * first response per conversation, a reply time per reply, a resolution per resolved
 * conversation, a hand-off in one conversation in ten and a bot resolution in one in twenty (all resolved ones), with
 * values spread from a minute to two days and business-hours values below them. Each name is
 * seeded only when the account has none of it (migration 0014's backfill may have made some).
 */
export const seedBenchReportingEvents = async (db: Db, accountId: number) => {
  const started = performance.now();
  const seeded: string[] = [];
  const insert = async (name: string, from: SQL, user: SQL, where: SQL = sql`true`) => {
    const [existing] = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from reporting_events where account_id = ${accountId} and name = ${name} limit 1) e`);
    if (existing!.n > 0) return;
    await db.execute(sql`
      insert into reporting_events (account_id, name, value, value_in_business_hours, conversation_id, inbox_id, user_id, event_start_time, event_end_time, created_at, updated_at)
      select ${accountId}, ${name}, v.value, v.value * 0.4, c.id, c.inbox_id, ${user}, t.start_at, t.start_at + v.value * interval '1 second', t.start_at + v.value * interval '1 second', t.start_at + v.value * interval '1 second'
      from ${from}
      cross join lateral (select (60 + (c.id * 7919) % 172800)::float8 as value) v
      where c.account_id = ${accountId} and ${where}`);
    seeded.push(name);
  };
  const fromCreation = sql`conversations c cross join lateral (select c.created_at as start_at) t`;
  await insert("first_response", fromCreation, sql`c.assignee_id`);
  await insert("reply_time", sql`conversations c join messages m on m.conversation_id = c.id and m.message_type = 1 cross join lateral (select m.created_at - interval '5 minutes' as start_at) t`, sql`m.sender_id`);
  await insert("conversation_resolved", fromCreation, sql`c.assignee_id`, sql`c.status = 1`);
  await insert("conversation_bot_handoff", fromCreation, sql`c.assignee_id`, sql`c.id % 10 = 0`);
  await insert("conversation_bot_resolved", fromCreation, sql`c.assignee_id`, sql`c.display_id % 20 = 2`);
  if (!seeded.length) return;
  await db.execute(sql`vacuum analyze reporting_events`);
  console.log(`Seeded ${seeded.join(", ")} for account ${accountId} in ${Math.round((performance.now() - started) / 1000)} s`);
};

/**
 * Events and quotes for the planning benchmark's allocations (once; skipped when the account has
 * events): one event per allocation, one quote each — accepted for bookings, sent for holds, one
 * in seven declined — in euros, one in five in pounds, with a breakdown line per allocation.
 */
export const seedBenchVenueSales = async (db: Db, accountId: number) => {
  const [existing] = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from planning_events where account_id = ${accountId} limit 1) e`);
  if (existing!.n > 0) return;
  const started = performance.now();
  await db.execute(sql`
    with made as (
      insert into planning_events (account_id, name, status, currency, attendees_count, created_at)
      select ${accountId}, 'Event ' || a.id, case when a.status = 'confirmed' then 'definite' else 'tentative' end,
        case when abs(hashtext(a.id::text)) % 5 = 0 then 'GBP' else 'EUR' end, 20 + abs(hashtext(a.id::text)) % 200, a.start_at - interval '90 days'
      from allocations a where a.account_id = ${accountId} and a.event_id is null
      returning id, name
    )
    update allocations a set event_id = made.id from made where made.name = 'Event ' || a.id`);
  await db.execute(sql`
    insert into quotes (account_id, planning_event_id, version, status, currency, total_excl_tax, total_tax, total_incl_tax, breakdown, snapshot,
      public_token, quote_sent_at, viewed_at, view_count, accepted_at, rejected_at, valid_until, created_at)
    select e.account_id, e.id, 1, q.status, e.currency, q.net, q.net * 0.21, q.net * 1.21,
      jsonb_build_object('lines', jsonb_build_array(jsonb_build_object('key', a.id, 'name', 'Room hire', 'category', 'room', 'quantity', '1', 'unit', 'fixed',
        'unitPrice', q.net::text, 'taxRate', '21', 'net', q.net::text, 'discount', '0.00', 'tax', (q.net * 0.21)::text, 'total', (q.net * 1.21)::text,
        'allocationId', a.id, 'spaceId', a.space_id)), 'additionalLines', '[]'::jsonb, 'optionalLines', '[]'::jsonb, 'discounts', '[]'::jsonb,
        'subtotalExclTax', q.net::text, 'taxes', '[]'::jsonb, 'totalExclTax', q.net::text, 'totalTax', (q.net * 0.21)::text, 'totalInclTax', (q.net * 1.21)::text,
        'warnings', '[]'::jsonb, 'planId', null, 'planName', null),
      '{}'::jsonb, md5(random()::text || a.id), a.start_at - interval '60 days', a.start_at - interval '59 days', 1 + abs(hashtext(a.id::text)) % 4,
      case when q.status = 'accepted' then a.start_at - interval '55 days' end,
      case when q.status = 'rejected' then a.start_at - interval '50 days' end,
      (a.start_at - interval '30 days')::date, a.start_at - interval '61 days'
    from allocations a join planning_events e on e.id = a.event_id
    cross join lateral (select round((500 + abs(hashtext(a.id::text)) % 9500)::numeric, 2) as net,
      case when abs(hashtext(a.id::text)) % 7 = 0 then 'rejected' when a.status = 'confirmed' then 'accepted' else 'sent' end as status) q
    where a.account_id = ${accountId}`);
  await db.execute(sql`vacuum analyze planning_events`);
  await db.execute(sql`vacuum analyze quotes`);
  console.log(`Seeded events and quotes for account ${accountId} in ${Math.round((performance.now() - started) / 1000)} s`);
};
