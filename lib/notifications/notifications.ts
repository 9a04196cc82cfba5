import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { conversations, notifications, type NotificationRow } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { actorOf } from "@/lib/events/record";
import { ApiError, notFound } from "@/lib/http/errors";
import { announceNotifications, unreadCount, type NotificationChange } from "./notify";
import { notificationsPerPage, type NotificationListQuery, type ReadAllInput } from "./schemas";

/*
 * The notifications API (Chatwoot's NotificationsController): a user reaches only their own
 * notifications of the account in the path; anyone else's id is a 404. Every change is announced
 * to the user's screens (notify.ts), so other tabs' bells follow.
 */

/** The signed-in user's id; the operations admit user tokens only. */
export const ownUserId = (ctx: AccountCtx) => {
  if (ctx.caller.kind !== "user") throw new ApiError("unauthorized", "You are not authorized to do this action");
  return ctx.caller.user.id;
};

const own = (ctx: AccountCtx) => and(eq(notifications.userId, ownUserId(ctx)), eq(notifications.accountId, ctx.account.id))!;

/** Snoozed: until a time still ahead (a past snooze has run out; Chatwoot clears it with a job). */
const notSnoozed = (now: Date) => or(isNull(notifications.snoozedUntil), lte(notifications.snoozedUntil, now));

/**
 * Chatwoot's finder: read and snoozed ones are left out unless asked for, by the newer
 * `includes[]` or the older `type=read` / `status=snoozed`.
 */
const listFilter = (query: NotificationListQuery, now: Date): SQL | undefined => {
  const includeRead = query.includes ? query.includes.includes("read") : query.type === "read";
  const includeSnoozed = query.includes ? query.includes.includes("snoozed") : query.status === "snoozed";
  return and(includeRead ? undefined : isNull(notifications.readAt), includeSnoozed ? undefined : notSnoozed(now));
};

export type NotificationPage = { rows: NotificationRow[]; count: number; unreadCount: number; page: number };

export const listNotifications = async (ctx: AccountCtx, query: NotificationListQuery, now = new Date()): Promise<NotificationPage> => {
  const where = and(own(ctx), listFilter(query, now));
  const order = query.sort_order === "asc" ? asc : desc;
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(order(notifications.lastActivityAt), order(notifications.id))
      .limit(notificationsPerPage)
      .offset((query.page - 1) * notificationsPerPage),
    ctx.db.select({ n: count() }).from(notifications).where(where),
    unreadCount(ctx.db, ctx.account.id, ownUserId(ctx)),
  ]);
  return { rows, count: total!.n, unreadCount: unread, page: query.page };
};

export const countUnread = (ctx: AccountCtx) => unreadCount(ctx.db, ctx.account.id, ownUserId(ctx));

const announce = (ctx: AccountCtx, name: NotificationChange, row?: NotificationRow) =>
  announceNotifications(ctx.db, { accountId: ctx.account.id, userId: ownUserId(ctx), name, id: row?.id, type: row?.notificationType, actor: actorOf(ctx.caller) });

/** Changes one of the user's notifications and announces it, in one transaction. */
const change = (ctx: AccountCtx, id: number, set: PgUpdateSetSource<typeof notifications>) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [row] = await db
      .update(notifications)
      .set({ ...set, updatedAt: new Date() })
      .where(and(own(tx), eq(notifications.id, id)))
      .returning();
    if (!row) throw notFound("Notification");
    await announce(tx, "notification_updated", row);
    return row;
  });

export const markRead = (ctx: AccountCtx, id: number) => change(ctx, id, { readAt: new Date() });

/**
 * Unread again. Should an unread one for the same record exist by now (a repeat after this was
 * read), the two are one notification: this one is removed in its favour, as the repeat would
 * have bumped it.
 */
export const markUnread = (ctx: AccountCtx, id: number) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [row] = await db.select().from(notifications).where(and(own(tx), eq(notifications.id, id))).for("update");
    if (!row) throw notFound("Notification");
    if (row.readAt === null) return row;
    const [twin] = await db
      .select()
      .from(notifications)
      .where(
        and(
          own(tx),
          isNull(notifications.readAt),
          eq(notifications.notificationType, row.notificationType),
          eq(notifications.primaryActorType, row.primaryActorType),
          eq(notifications.primaryActorId, row.primaryActorId),
        ),
      );
    if (twin) {
      await db.delete(notifications).where(eq(notifications.id, row.id));
      await announce(tx, "notification_deleted", row);
      return twin;
    }
    return change(tx, id, { readAt: null });
  });

/** Chatwoot's snooze: out of the default list until then, and `meta.last_snoozed_at` cleared. */
export const snoozeNotification = (ctx: AccountCtx, id: number, until: Date) =>
  change(ctx, id, { snoozedUntil: until, meta: sql`${notifications.meta} - 'last_snoozed_at'` });

/** Every unread one, or only those about one record (`primary_actor_type` + `primary_actor_id`), becomes read. */
export const readAll = (ctx: AccountCtx, input: ReadAllInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const actor = await actorFilter(tx, input);
    if (actor === null) return;
    const read = await db
      .update(notifications)
      .set({ readAt: new Date(), updatedAt: new Date() })
      .where(and(own(tx), isNull(notifications.readAt), actor))
      .returning({ id: notifications.id });
    if (read.length > 0) await announce(tx, "notification_updated");
  });

/** The stored actor id of a record named as the API names it (a conversation by its display id); null when it names none. */
const actorFilter = async (ctx: AccountCtx, input: ReadAllInput): Promise<SQL | undefined | null> => {
  if (!input.primary_actor_type || input.primary_actor_id === undefined) return undefined;
  let id = String(input.primary_actor_id);
  if (input.primary_actor_type === "Conversation") {
    const [conversation] = await ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.displayId, Number(input.primary_actor_id))));
    if (!conversation) return null;
    id = String(conversation.id);
  }
  return and(eq(notifications.primaryActorType, input.primary_actor_type), eq(notifications.primaryActorId, id));
};

export const deleteNotification = (ctx: AccountCtx, id: number) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [row] = await db.delete(notifications).where(and(own(tx), eq(notifications.id, id))).returning();
    if (!row) throw notFound("Notification");
    await announce(tx, "notification_deleted", row);
  });

/** destroy_all: every one of the user's notifications in the account, or only the read ones. */
export const deleteAll = (ctx: AccountCtx, type: "read" | "all") =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const deleted = await db
      .delete(notifications)
      .where(and(own(tx), type === "read" ? isNotNull(notifications.readAt) : undefined))
      .returning({ id: notifications.id });
    if (deleted.length > 0) await announce(tx, "notification_deleted");
  });

/** Snoozed until a time still ahead. */
export const isSnoozed = (row: Pick<NotificationRow, "snoozedUntil">, now = new Date()) => row.snoozedUntil !== null && row.snoozedUntil > now;
