import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { accountId, tz, type Json } from "./columns";

/**
 * A user's notifications (Chatwoot's `notifications`): what happened (`notification_type`), to
 * what (the primary actor: a conversation, quote, planning event or allocation) and by whom or
 * through what (the secondary actor: a message, a user). Actor ids are text: allocations and
 * planning events have uuids.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationType: text().notNull(),
    primaryActorType: text().notNull(),
    primaryActorId: text().notNull(),
    secondaryActorType: text(),
    secondaryActorId: text(),
    readAt: tz(),
    snoozedUntil: tz(),
    /** Raised when a repeat bumps the unread row instead of adding one; the list is ordered by it. */
    lastActivityAt: tz().notNull().defaultNow(),
    meta: jsonb().$type<Json>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index("notifications_account_user_activity_idx").on(t.accountId, t.userId, t.lastActivityAt.desc()),
    // One unread row per (user, type, actor): a repeat bumps it (lib/notifications/notify.ts). Also the unread count's index.
    uniqueIndex("notifications_unread_key")
      .on(t.userId, t.accountId, t.notificationType, t.primaryActorType, t.primaryActorId)
      .where(sql`${t.readAt} is null`),
    // Whether a record was ever notified of (hold_expiring, once per hold), read or not.
    index("notifications_account_actor_idx").on(t.accountId, t.primaryActorType, t.primaryActorId),
  ],
);

/** Per user and account, which notification types are also emailed (`email_<type>`) or pushed (`push_<type>`); no row means the defaults. */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emailFlags: text().array().notNull().default([]),
    pushFlags: text().array().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex("notification_settings_account_user_key").on(t.accountId, t.userId)],
);

export type NotificationRow = typeof notifications.$inferSelect;
