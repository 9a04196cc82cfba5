import { and, count, eq, isNull, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { accounts, notificationSettings, notifications, users } from "@/db/schema";
import { recordEvent, type Actor } from "@/lib/events/record";
import { publicBaseUrl } from "@/lib/http/request";
import { queueMail, senderAddress } from "@/lib/mail/deliver";
import { emailedByDefault, type Notice } from "./derive";
import { notificationPath, notificationTitle } from "./titles";

/** A user's unread notifications in an account (snoozed ones too, as Chatwoot counts them). */
export const unreadCount = async (db: DbOrTx, accountId: number, userId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return row!.n;
};

export type NotificationChange = "notification_created" | "notification_updated" | "notification_deleted";

/**
 * Tells the user's screens (only theirs: `audience.user_id`) that their notifications changed,
 * with the unread count the bell shows. On the writing transaction, like every event.
 */
export const announceNotifications = async (db: DbOrTx, change: { accountId: number; userId: number; name: NotificationChange; id?: number; type?: string; actor: Actor }) =>
  recordEvent(db, {
    accountId: change.accountId,
    name: change.name,
    subject: change.id === undefined ? undefined : { type: "Notification", id: change.id },
    actor: change.actor,
    external: false,
    render: async () => ({}),
    live: {
      data: {
        ...(change.id === undefined ? {} : { id: change.id }),
        ...(change.type === undefined ? {} : { notification_type: change.type }),
        unread_count: await unreadCount(db, change.accountId, change.userId),
      },
    },
    audience: { user_id: change.userId },
  });

/** The types a user has emailed in an account: their settings, or the defaults while they saved none. */
export const emailFlagsOf = (settings: { emailFlags: string[] } | undefined): readonly string[] =>
  settings ? settings.emailFlags : emailedByDefault.map((type) => `email_${type}`);

/**
 * Writes the notices on the caller's transaction. A notice repeating an unread one (same user,
 * type and primary actor) bumps it — newer activity, the latest secondary actor, no longer
 * snoozed — instead of piling up; a new one is emailed when the user wants that type emailed.
 */
export const notify = async (db: DbOrTx, accountId: number, notices: readonly Notice[], actor: Actor) => {
  if (notices.length === 0) return;
  const userIds = [...new Set(notices.map((notice) => notice.userId))];
  const [settings, recipients, [account]] = await Promise.all([
    db
      .select({ userId: notificationSettings.userId, emailFlags: notificationSettings.emailFlags })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.accountId, accountId), anyOf(notificationSettings.userId, userIds))),
    db.select({ id: users.id, email: users.email }).from(users).where(anyOf(users.id, userIds)),
    db.select({ name: accounts.name, supportEmail: accounts.supportEmail }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  for (const notice of notices) {
    const now = new Date();
    const [row] = await db
      .insert(notifications)
      .values({
        accountId,
        userId: notice.userId,
        notificationType: notice.type,
        primaryActorType: notice.primaryActor.type,
        primaryActorId: notice.primaryActor.id,
        secondaryActorType: notice.secondaryActor?.type ?? null,
        secondaryActorId: notice.secondaryActor?.id ?? null,
        lastActivityAt: now,
        meta: notice.meta,
      })
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.accountId, notifications.notificationType, notifications.primaryActorType, notifications.primaryActorId],
        targetWhere: sql`${notifications.readAt} is null`,
        set: {
          lastActivityAt: now,
          secondaryActorType: notice.secondaryActor?.type ?? null,
          secondaryActorId: notice.secondaryActor?.id ?? null,
          snoozedUntil: null,
          meta: notice.meta,
          updatedAt: now,
        },
      })
      // xmax is 0 for a row this statement inserted, set for one it updated.
      .returning({ id: notifications.id, created: sql<boolean>`(xmax = 0)` });
    await announceNotifications(db, {
      accountId,
      userId: notice.userId,
      name: row!.created ? "notification_created" : "notification_updated",
      id: row!.id,
      type: notice.type,
      actor,
    });
    const to = recipients.find((user) => user.id === notice.userId)?.email;
    const wanted = emailFlagsOf(settings.find((setting) => setting.userId === notice.userId)).includes(`email_${notice.type}`);
    if (row!.created && to && wanted) {
      const title = notificationTitle(notice.type, notice.meta);
      await queueMail(db, {
        kind: "notification",
        accountId,
        quoteId: null,
        from: senderAddress(account!.name, account!.supportEmail),
        replyTo: null,
        to,
        subject: title,
        text: `${title}.\n\nOpen it in Venuedesk: ${publicBaseUrl()}${notificationPath(accountId, { primaryActorType: notice.primaryActor.type, meta: notice.meta })}\n\nYou can choose which notifications are emailed to you under Profile → Notifications.`,
        html: null,
        attachment: null,
      });
    }
  }
};
