import { z } from "zod";
import { ZBodyId, ZTimeInput, ZUnixTime } from "@/lib/http/schemas";
import { notificationTypes, primaryActorTypes } from "./derive";

/** Chatwoot's page size for notifications. */
export const notificationsPerPage = 15;

export const emailFlags = notificationTypes.map((type) => `email_${type}`);
export const pushFlags = notificationTypes.map((type) => `push_${type}`);

export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: `1-based page (${notificationsPerPage} per page)` }),
  includes: z
    .array(z.enum(["read", "snoozed"]))
    .max(2)
    .optional()
    .meta({ description: "Chatwoot's newer filter (`includes[]=read&includes[]=snoozed`): read and snoozed ones are left out unless included" }),
  status: z.enum(["snoozed"]).optional().meta({ description: "Chatwoot's older filter: `snoozed` includes snoozed ones" }),
  type: z.enum(["read"]).optional().meta({ description: "Chatwoot's older filter: `read` includes read ones" }),
  sort_order: z.enum(["asc", "desc"]).default("desc").meta({ description: "By last activity; newest first by default" }),
});
export type NotificationListQuery = z.output<typeof ZNotificationListQuery>;

export const ZReadAll = z
  .object({
    primary_actor_type: z.enum(primaryActorTypes).optional(),
    primary_actor_id: z
      .union([ZBodyId, z.uuid()])
      .optional()
      .meta({ description: "With primary_actor_type: only that record's notifications (a conversation by its display id)" }),
  })
  .meta({ id: "NotificationReadAll" });
export type ReadAllInput = z.output<typeof ZReadAll>;

export const ZSnooze = z
  .object({ snoozed_until: ZTimeInput.meta({ description: "ISO 8601 time or Unix seconds; the notification stays out of the default list until then" }) })
  .meta({ id: "NotificationSnooze" });

export const ZDestroyAll = z.object({ type: z.enum(["read", "all"]).default("all").meta({ description: "`read`: only read ones" }) }).meta({ id: "NotificationDestroyAll" });

const ZActorId = z.union([z.int(), z.string()]);

/** One notification as Chatwoot's index lists it. */
export const ZNotification = z
  .object({
    id: z.int(),
    notification_type: z.enum(notificationTypes),
    push_message_title: z.string(),
    primary_actor_type: z.enum(primaryActorTypes),
    primary_actor_id: ZActorId.meta({ description: "A conversation's display id, a quote's id, an allocation's or planning event's uuid" }),
    primary_actor: z.record(z.string(), z.unknown()).nullable().meta({ description: "The record as the API shows it; null once it is gone" }),
    read_at: z.string().nullable(),
    secondary_actor: z.record(z.string(), z.unknown()).nullable(),
    user: z.record(z.string(), z.unknown()),
    created_at: ZUnixTime,
    last_activity_at: ZUnixTime,
    snoozed_until: z.string().nullable(),
    meta: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Notification" });

export const ZNotificationList = z
  .object({
    data: z.object({
      meta: z.object({ unread_count: z.int(), count: z.int(), current_page: z.int() }),
      payload: z.array(ZNotification),
    }),
  })
  .meta({ id: "NotificationList" });

/** The record itself, as Rails' `render json: @notification` shows it (PATCH, unread, snooze). */
export const ZNotificationRecord = z
  .object({
    id: z.int(),
    user_id: z.int(),
    account_id: z.int(),
    notification_type: z.enum(notificationTypes),
    primary_actor_type: z.enum(primaryActorTypes),
    primary_actor_id: ZActorId,
    secondary_actor_type: z.string().nullable(),
    secondary_actor_id: ZActorId.nullable(),
    read_at: z.string().nullable(),
    snoozed_until: z.string().nullable(),
    last_activity_at: z.string(),
    meta: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "NotificationRecord" });

export const ZUnreadCount = z.int().meta({ id: "NotificationUnreadCount", description: "The bare number, as Chatwoot answers" });

const ZFlags = <T extends string>(all: readonly T[]) =>
  z
    .array(z.string().max(100))
    .max(all.length * 2)
    .refine((flags) => flags.every((flag) => (all as readonly string[]).includes(flag)), { message: `must name only ${all.join(", ")}` })
    .meta({ items: { type: "string", enum: [...all] } });

export const ZUpdateNotificationSettings = z
  .object({ selected_email_flags: ZFlags(emailFlags).optional(), selected_push_flags: ZFlags(pushFlags).optional() })
  .meta({ id: "NotificationSettingsUpdate" });
export type UpdateNotificationSettingsInput = z.output<typeof ZUpdateNotificationSettings>;

export const ZNotificationSettings = z
  .object({
    id: z.int().nullable().meta({ description: "Null until the user saves settings (the defaults apply)" }),
    user_id: z.int(),
    account_id: z.int(),
    all_email_flags: z.array(z.string()),
    selected_email_flags: z.array(z.string()),
    all_push_flags: z.array(z.string()),
    selected_push_flags: z.array(z.string()),
  })
  .meta({ id: "NotificationSettings" });
