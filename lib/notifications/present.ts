import { and, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { allocations, conversations, messages, notificationSettings, quotes, users, type NotificationRow } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { presentConversations } from "@/lib/conversations/present";
import { unixTime } from "@/lib/http/schemas";
import { loadMessageExtras, presentMessage } from "@/lib/messages/present";
import { presentAllocation } from "@/lib/planning/allocations/present";
import { presentQuote } from "@/lib/quotes/present";
import { avatarUrl } from "@/lib/users/present";
import type { NotificationType, PrimaryActorType } from "./derive";
import type { NotificationPage } from "./notifications";
import { emailFlagsOf } from "./notify";
import { emailFlags, pushFlags } from "./schemas";
import { notificationTitle } from "./titles";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The id a client knows the record by: a conversation's display id, a quote's number, a planning record's uuid. */
const actorIdOf = (type: string, id: string, meta: Record<string, unknown>): number | string => {
  if (type === "Conversation" && typeof meta.display_id === "number") return meta.display_id;
  return /^\d+$/.test(id) ? Number(id) : id;
};

const userPush = (user: typeof users.$inferSelect) => ({
  id: user.id,
  name: user.name,
  available_name: user.displayName ?? user.name,
  avatar_url: avatarUrl(user),
  type: "user",
  thumbnail: avatarUrl(user),
});

const idsOf = (rows: readonly NotificationRow[], type: string, side: "primary" | "secondary") =>
  [
    ...new Set(
      rows.flatMap((row) => {
        const [rowType, id] = side === "primary" ? [row.primaryActorType, row.primaryActorId] : [row.secondaryActorType, row.secondaryActorId];
        return rowType === type && id !== null ? [id] : [];
      }),
    ),
  ];

const numbers = (ids: string[]) => ids.map(Number).filter(Number.isSafeInteger);
const uuids = (ids: string[]) => ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));

type Rendered = Map<string, Record<string, unknown>>;

/**
 * The records a page of notifications names, each as the API shows it, loaded per kind in a
 * fixed number of queries (what the user may no longer see is still theirs to be told of).
 */
const loadActors = async (ctx: AccountCtx, rows: readonly NotificationRow[]): Promise<Rendered> => {
  const rendered: Rendered = new Map();
  const account = ctx.account.id;
  const put = (type: string, id: string | number, json: Record<string, unknown>) => rendered.set(`${type}:${id}`, json);
  const conversationIds = numbers(idsOf(rows, "Conversation", "primary"));
  const quoteIds = numbers(idsOf(rows, "Quote", "primary"));
  const allocationIds = uuids([...idsOf(rows, "Allocation", "primary"), ...idsOf(rows, "Allocation", "secondary")]);
  const messageIds = numbers(idsOf(rows, "Message", "secondary"));
  const userIds = numbers(idsOf(rows, "User", "secondary"));
  const [conversationRows, quoteRows, allocationRows, messageRows, userRows] = await Promise.all([
    conversationIds.length ? ctx.db.select().from(conversations).where(and(eq(conversations.accountId, account), anyOf(conversations.id, conversationIds))) : [],
    quoteIds.length ? ctx.db.select().from(quotes).where(and(eq(quotes.accountId, account), anyOf(quotes.id, quoteIds))) : [],
    allocationIds.length ? ctx.db.select().from(allocations).where(and(eq(allocations.accountId, account), anyOf(allocations.id, allocationIds))) : [],
    messageIds.length ? ctx.db.select().from(messages).where(and(eq(messages.accountId, account), anyOf(messages.id, messageIds))) : [],
    userIds.length ? ctx.db.select().from(users).where(anyOf(users.id, userIds)) : [],
  ]);
  const presented = await presentConversations(ctx.db, conversationRows, { userId: ctx.caller.kind === "user" ? ctx.caller.user.id : null });
  conversationRows.forEach((row, index) => put("Conversation", row.id, presented[index]!));
  for (const row of quoteRows) put("Quote", row.id, presentQuote(row));
  for (const row of allocationRows) put("Allocation", row.id, presentAllocation(row));
  for (const row of userRows) put("User", row.id, userPush(row));
  const extras = await loadMessageExtras(ctx.db, messageRows);
  const displayIds = new Map(conversationRows.map((row) => [row.id, row.displayId]));
  for (const row of messageRows) put("Message", row.id, presentMessage(row, extras, displayIds.get(row.conversationId) ?? 0));
  return rendered;
};

const listItem = (row: NotificationRow, actors: Rendered, user: Record<string, unknown>) => ({
  id: row.id,
  notification_type: row.notificationType as NotificationType,
  push_message_title: notificationTitle(row.notificationType, row.meta),
  primary_actor_type: row.primaryActorType as PrimaryActorType,
  primary_actor_id: actorIdOf(row.primaryActorType, row.primaryActorId, row.meta),
  primary_actor: actors.get(`${row.primaryActorType}:${row.primaryActorId}`) ?? null,
  read_at: iso(row.readAt),
  secondary_actor: row.secondaryActorType ? (actors.get(`${row.secondaryActorType}:${row.secondaryActorId}`) ?? null) : null,
  user,
  created_at: unixTime(row.createdAt)!,
  last_activity_at: unixTime(row.lastActivityAt)!,
  snoozed_until: iso(row.snoozedUntil),
  meta: row.meta,
});

export type NotificationItem = ReturnType<typeof listItem>;

export const presentNotifications = async (ctx: AccountCtx, rows: readonly NotificationRow[]): Promise<NotificationItem[]> => {
  if (rows.length === 0 || ctx.caller.kind !== "user") return [];
  const actors = await loadActors(ctx, rows);
  const user = userPush(ctx.caller.user);
  return rows.map((row) => listItem(row, actors, user));
};

/** GET notifications: Chatwoot's `{data: {meta, payload}}`. */
export const presentNotificationPage = async (ctx: AccountCtx, page: NotificationPage) => ({
  data: {
    meta: { unread_count: page.unreadCount, count: page.count, current_page: page.page },
    payload: await presentNotifications(ctx, page.rows),
  },
});

/** The record as Rails renders it (`render json: @notification`). */
export const presentNotificationRecord = (row: NotificationRow) => ({
  id: row.id,
  user_id: row.userId,
  account_id: row.accountId,
  notification_type: row.notificationType as NotificationType,
  primary_actor_type: row.primaryActorType as PrimaryActorType,
  primary_actor_id: actorIdOf(row.primaryActorType, row.primaryActorId, row.meta),
  secondary_actor_type: row.secondaryActorType,
  secondary_actor_id: row.secondaryActorType && row.secondaryActorId ? actorIdOf(row.secondaryActorType, row.secondaryActorId, {}) : null,
  read_at: iso(row.readAt),
  snoozed_until: iso(row.snoozedUntil),
  last_activity_at: row.lastActivityAt.toISOString(),
  meta: row.meta,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

type SettingsRow = typeof notificationSettings.$inferSelect;

/** Chatwoot's notification settings JSON; with no saved row, the defaults (and no id). */
export const presentNotificationSettings = (ctx: { accountId: number; userId: number }, row: SettingsRow | undefined) => ({
  id: row?.id ?? null,
  user_id: ctx.userId,
  account_id: ctx.accountId,
  all_email_flags: emailFlags,
  selected_email_flags: [...emailFlagsOf(row)],
  all_push_flags: pushFlags,
  selected_push_flags: row ? row.pushFlags : [],
});
