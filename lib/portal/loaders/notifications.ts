import type { NotificationRow } from "@/db/schema";
import { countUnread, isSnoozed, listNotifications } from "@/lib/notifications/notifications";
import { emailFlagsOf } from "@/lib/notifications/notify";
import { findNotificationSettings } from "@/lib/notifications/settings";
import { notificationPath, notificationTitle } from "@/lib/notifications/titles";
import type { PortalCtx } from "@/lib/portal/action";

/** One notification as the portal's list shows it: what it says, where it leads, and its state. */
export type NotificationEntry = {
  id: number;
  type: string;
  title: string;
  href: string;
  read: boolean;
  snoozedUntil: string | null;
  lastActivityAt: string;
};

const entryOf = (ctx: PortalCtx, row: NotificationRow, now: Date): NotificationEntry => ({
  id: row.id,
  type: row.notificationType,
  title: notificationTitle(row.notificationType, row.meta),
  href: notificationPath(ctx.account.id, row),
  read: row.readAt !== null,
  snoozedUntil: isSnoozed(row, now) ? row.snoozedUntil!.toISOString() : null,
  lastActivityAt: row.lastActivityAt.toISOString(),
});

/** The notifications page: a page of the user's notifications, read and snoozed ones included, newest activity first. */
export const notificationFeed = async (ctx: PortalCtx, page: number) => {
  const now = new Date();
  const result = await listNotifications(ctx, { page, includes: ["read", "snoozed"], sort_order: "desc" }, now);
  return { entries: result.rows.map((row) => entryOf(ctx, row, now)), count: result.count, unreadCount: result.unreadCount, page };
};

/** The bell's first count, rendered with the page; the live stream keeps it current after that. */
export const unreadNotifications = (ctx: PortalCtx) => countUnread(ctx);

/** The email flags the user has on in the account: their saved choice, or the defaults. */
export const selectedEmailFlags = async (ctx: PortalCtx) => emailFlagsOf(await findNotificationSettings(ctx));
