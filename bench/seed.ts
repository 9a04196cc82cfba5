import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tokenOf } from "@/lib/auth/access-tokens";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { createUser } from "@/lib/users/create-user";

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
