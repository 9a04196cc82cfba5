import { and, eq, lt, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { Db, DbOrTx } from "@/db/client";
import { accountUsers, userPresence } from "@/db/schema";
import { recordEvent } from "@/lib/events/record";
import { presenceStatus, presenceWindowMs, type Availability } from "./presence-rule";

/**
 * Presence as stored: `user_presence.last_seen_at` while a live stream of the user is open
 * (a row per user, refreshed every 20 s by the instance holding the stream; gone when they are).
 * Every change anyone could see is announced as a live-only `presence_update` event per account.
 */

/** Members' current statuses in one account (all of them, or `userIds`): `{"<user id>": status}`. */
export const accountPresence = async (db: DbOrTx, accountId: number, userIds?: readonly number[], now = new Date()): Promise<Record<string, Availability>> => {
  const rows = await db
    .select({ userId: accountUsers.userId, availability: accountUsers.availability, autoOffline: accountUsers.autoOffline, lastSeenAt: userPresence.lastSeenAt })
    .from(accountUsers)
    .leftJoin(userPresence, eq(userPresence.userId, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), userIds ? anyOf(accountUsers.userId, [...userIds]) : undefined));
  return Object.fromEntries(rows.map((row) => [String(row.userId), presenceStatus(row, row.lastSeenAt, now)]));
};

/** `presence_update` in every account of these users (or only `accountId`), with their statuses there now. */
export const announcePresence = async (db: DbOrTx, userIds: readonly number[], accountId?: number) => {
  if (userIds.length === 0) return;
  const memberships = await db
    .selectDistinct({ accountId: accountUsers.accountId })
    .from(accountUsers)
    .where(and(anyOf(accountUsers.userId, [...userIds]), accountId === undefined ? undefined : eq(accountUsers.accountId, accountId)));
  for (const { accountId } of memberships) {
    const users = await accountPresence(db, accountId, userIds);
    await recordEvent(db, {
      accountId,
      name: "presence_update",
      actor: { kind: "system" },
      external: false,
      render: () => Promise.resolve({}),
      live: { data: { users } },
    });
  }
};

/**
 * The users have an open stream here: refreshes their `last_seen_at`, and announces those who
 * were not present before (their row is new).
 */
export const markPresent = async (db: Db, userIds: readonly number[], now = new Date()) => {
  if (userIds.length === 0) return;
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    // A new row has no xmax: they were not present before.
    const rows = (await tx.execute(sql`
      insert into user_presence (user_id, last_seen_at)
      select id, ${now.toISOString()}::timestamptz from unnest(array[${ids}]::int[]) as id
      on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
      returning user_id, (xmax = 0) as inserted`)) as unknown as { user_id: number; inserted: boolean }[];
    await announcePresence(
      tx,
      rows.filter((row) => row.inserted).map((row) => row.user_id),
    );
  });
};

/**
 * The user's last stream here closed: they are gone at once (a stream of theirs on another
 * instance brings them back on its next refresh, within 20 s).
 */
export const markAbsent = (db: Db, userId: number) =>
  db.transaction(async (tx) => {
    const gone = await tx.delete(userPresence).where(eq(userPresence.userId, userId)).returning({ userId: userPresence.userId });
    await announcePresence(tx, gone.map((row) => row.userId));
  });

/** Users no instance refreshed within the window (a crashed instance's): gone, announced once (the delete takes the row). */
export const sweepPresence = (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const stale = await tx
      .delete(userPresence)
      .where(lt(userPresence.lastSeenAt, new Date(now.getTime() - presenceWindowMs)))
      .returning({ userId: userPresence.userId });
    await announcePresence(tx, stale.map((row) => row.userId));
  });
