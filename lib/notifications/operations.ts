import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import {
  ZDestroyAll,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationRecord,
  ZNotificationSettings,
  ZReadAll,
  ZSnooze,
  ZUnreadCount,
  ZUpdateNotificationSettings,
} from "./schemas";

const tag = "Notifications";
const base = "/api/v1/accounts/{account_id}/notifications";
/** Each user's own notifications: user tokens only (bots and platform apps have none). */
const callers = ["user"] as const;

export const listNotificationsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List your notifications in the account (15 a page, latest activity first; read and snoozed ones only when included)",
  tag,
  callers,
  params: ZAccountParams,
  query: ZNotificationListQuery,
  response: ZNotificationList,
});

export const unreadCountOp = defineOperation({
  method: "GET",
  path: `${base}/unread_count`,
  summary: "How many of your notifications are unread (a bare number)",
  tag,
  callers,
  params: ZAccountParams,
  response: ZUnreadCount,
});

export const readAllOp = defineOperation({
  method: "POST",
  path: `${base}/read_all`,
  summary: "Mark all your notifications read, or only those about one record",
  tag,
  callers,
  params: ZAccountParams,
  body: ZReadAll,
});

export const destroyAllOp = defineOperation({
  method: "POST",
  path: `${base}/destroy_all`,
  summary: "Delete all your notifications, or only the read ones",
  tag,
  callers,
  params: ZAccountParams,
  body: ZDestroyAll,
});

export const readNotificationOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Mark one of your notifications read",
  tag,
  callers,
  params: ZAccountRecordParams,
  response: ZNotificationRecord,
  errors: [404],
});

export const unreadNotificationOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/unread`,
  summary: "Mark one of your notifications unread",
  tag,
  callers,
  params: ZAccountRecordParams,
  response: ZNotificationRecord,
  errors: [404],
});

export const snoozeNotificationOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/snooze`,
  summary: "Snooze one of your notifications until a time",
  tag,
  callers,
  params: ZAccountRecordParams,
  body: ZSnooze,
  response: ZNotificationRecord,
  errors: [404],
});

export const deleteNotificationOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete one of your notifications",
  tag,
  callers,
  params: ZAccountRecordParams,
  errors: [404],
});

export const showNotificationSettingsOp = defineOperation({
  method: "GET",
  path: "/api/v1/accounts/{account_id}/notification_settings",
  summary: "Your notification settings in the account: which types are emailed",
  tag,
  callers,
  params: ZAccountParams,
  response: ZNotificationSettings,
});

export const updateNotificationSettingsOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/accounts/{account_id}/notification_settings",
  summary: "Choose which notification types are emailed to you (selected_email_flags) or pushed (stored; no push here)",
  tag,
  callers,
  params: ZAccountParams,
  body: ZUpdateNotificationSettings,
  bodyKey: "notification_settings",
  response: ZNotificationSettings,
});
