"use server";

import { z } from "zod";
import { ZId } from "@/lib/http/schemas";
import { deleteNotification, markRead, markUnread, readAll, snoozeNotification } from "@/lib/notifications/notifications";
import { ZUpdateNotificationSettings } from "@/lib/notifications/schemas";
import { updateNotificationSettings } from "@/lib/notifications/settings";
import { portalAction, portalFormAction } from "@/lib/portal/action";
import { notificationFeed } from "@/lib/portal/loaders/notifications";
import { accountPath } from "@/lib/portal/paths";

/*
 * The notifications page's list and its buttons, through the services the notifications API runs.
 * No page is revalidated: every change is announced on the live stream, which the list and the bell follow.
 */

export const notificationFeedAction = portalAction({
  name: "notifications",
  read: true,
  args: [z.int().min(1).max(100_000)],
  run: (ctx, page) => notificationFeed(ctx, page),
});

export const markNotificationReadAction = portalAction({
  name: "mark notification read",
  args: [ZId],
  ids: 1,
  run: async (ctx, id) => ({ id: (await markRead(ctx, id)).id }),
});

export const markNotificationUnreadAction = portalAction({
  name: "mark notification unread",
  args: [ZId],
  ids: 1,
  run: async (ctx, id) => ({ id: (await markUnread(ctx, id)).id }),
});

export const snoozeNotificationAction = portalAction({
  name: "snooze notification",
  args: [ZId, z.iso.datetime({ offset: true })],
  ids: 1,
  run: async (ctx, id, until) => ({ id: (await snoozeNotification(ctx, id, new Date(until))).id }),
});

export const deleteNotificationAction = portalAction({
  name: "delete notification",
  args: [ZId],
  ids: 1,
  run: async (ctx, id) => {
    await deleteNotification(ctx, id);
    return {};
  },
});

export const readAllNotificationsAction = portalAction({
  name: "read all notifications",
  args: [],
  run: async (ctx) => {
    await readAll(ctx, {});
    return {};
  },
});

/** The profile's email choices: one checkbox per type (`email_flags`), the rest of the settings kept. */
export const notificationEmailsAction = portalFormAction({
  name: "notification emails",
  ids: [],
  fields: { email_flags: "list" },
  body: ZUpdateNotificationSettings,
  shape: (input) => ({ selected_email_flags: input.email_flags }),
  run: async (ctx, body) => {
    await updateNotificationSettings(ctx, body);
  },
  revalidate: (accountId) => accountPath(accountId, "profile"),
  success: "Email notifications saved.",
});
