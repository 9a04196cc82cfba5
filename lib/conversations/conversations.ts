import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { builtOnce } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import { conversationPriorities, conversationStatuses, conversations, messages, type ConversationStatus } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx, Caller } from "@/lib/auth/caller";
import { actorOf } from "@/lib/events/record";
import { notFound } from "@/lib/http/errors";
import { recordConversationChanges, recordTyping } from "./events";
import { statusName, type ConversationRow } from "./present";
import type { ToggleStatusInput, ToggleTypingInput } from "./schemas";
import { memberInboxIds, narrowedToMember, visibleConversations } from "./visibility";

/** The user behind the request, or null for an agent bot. */
export const callerUserId = (ctx: AccountCtx) => (ctx.caller.kind === "user" ? ctx.caller.user.id : null);

export const statusValue = (status: ConversationStatus) => conversationStatuses.indexOf(status);
export const priorityValue = (priority: (typeof conversationPriorities)[number] | null) =>
  priority === null ? null : conversationPriorities.indexOf(priority);

/** The look-up below, built once: for callers who see every conversation, and for a member. */
const byDisplayId = (db: DbOrTx, ...conditions: SQL[]) =>
  db
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, sql.placeholder("accountId")), eq(conversations.displayId, sql.placeholder("displayId")), ...conditions));
const anyConversation = builtOnce((db) => plainRows(byDisplayId(db).prepare("conversation_by_display_id")));
const memberConversation = builtOnce((db) =>
  plainRows(
    byDisplayId(db, memberInboxIds(db, conversations.inboxId, { accountId: sql.placeholder("accountId"), userId: sql.placeholder("userId") })).prepare(
      "member_conversation_by_display_id",
    ),
  ),
);

/** A conversation by its per-account display id; `lock` holds its row until the transaction ends. */
export const findConversation = async (ctx: AccountCtx, displayId: number, options: { lock?: boolean } = {}): Promise<ConversationRow> => {
  let row: ConversationRow | undefined;
  if (options.lock) {
    [row] = await ctx.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.accountId, ctx.account.id), visibleConversations(ctx), eq(conversations.displayId, displayId)))
      .for("update");
  } else {
    const member = narrowedToMember(ctx);
    [row] = member
      ? await memberConversation(ctx.db).execute({ accountId: ctx.account.id, displayId, userId: member.userId })
      : await anyConversation(ctx.db).execute({ accountId: ctx.account.id, displayId });
  }
  if (!row) throw notFound("Conversation");
  return row;
};

/** Who changes a conversation: a caller's request, or (no caller) the system after a failed delivery. */
export type ChangeCtx = Pick<AccountCtx, "db" | "account"> & { caller?: Caller };

/**
 * Saves a change to a conversation the caller's transaction holds, and records the events it
 * makes (conversation_status_changed / _updated, bots' opened / resolved) on that transaction.
 */
export const saveConversation = async (ctx: ChangeCtx, row: ConversationRow, values: Partial<typeof conversations.$inferInsert>) => {
  const [updated] = await ctx.db
    .update(conversations)
    .set({ updatedAt: new Date(), ...values })
    .where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.id, row.id)))
    .returning();
  await recordConversationChanges(ctx.db, row, updated!, actorOf(ctx.caller));
  return updated!;
};

/** A change to one conversation: locked, saved and its events recorded, all or nothing. */
const changeConversation = (ctx: AccountCtx, displayId: number, values: Partial<typeof conversations.$inferInsert>) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    return saveConversation(tx, await findConversation(tx, displayId, { lock: true }), values);
  });

/** PATCH: Chatwoot lets the API change the priority only. */
export const updateConversation = async (ctx: AccountCtx, displayId: number, input: { priority?: (typeof conversationPriorities)[number] | null }) => {
  if (input.priority === undefined) return findConversation(ctx, displayId);
  return changeConversation(ctx, displayId, { priority: priorityValue(input.priority) });
};

export const togglePriority = async (ctx: AccountCtx, displayId: number, priority: (typeof conversationPriorities)[number] | null) => {
  await changeConversation(ctx, displayId, { priority: priorityValue(priority) });
};

/** Deleting is for administrators; messages and attachments go with the conversation. */
export const deleteConversation = async (ctx: AccountCtx, displayId: number) => {
  requireAdmin(ctx, "agents.manage");
  const row = await findConversation(ctx, displayId);
  await ctx.db.delete(conversations).where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.id, row.id)));
};

/**
 * Moves a locked conversation to `next`. `snoozed_until` survives only while snoozed; the
 * reporting events of the change are recorded with its other events (saveConversation).
 */
export const changeStatus = (
  ctx: ChangeCtx,
  row: ConversationRow,
  next: ConversationStatus,
  options: { snoozedUntil?: Date | null; extra?: Partial<typeof conversations.$inferInsert> } = {},
) =>
  saveConversation(ctx, row, {
    ...options.extra,
    status: statusValue(next),
    snoozedUntil: next === "snoozed" ? (options.snoozedUntil ?? null) : null,
  });

/**
 * toggle_status: the given status, or open↔resolved (pending and snoozed open). A bot
 * opening a pending conversation hands it off to the agents (lib/reports/record.ts).
 */
export const toggleStatus = (ctx: AccountCtx, displayId: number, input: ToggleStatusInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await findConversation(tx, displayId, { lock: true });
    const current = statusName(row.status);
    const next: ConversationStatus = input.status ?? (current === "open" ? "resolved" : "open");
    return changeStatus(tx, row, next, { snoozedUntil: input.snoozed_until });
  });

export const setCustomAttributes = (ctx: AccountCtx, displayId: number, customAttributes: Record<string, unknown>) =>
  changeConversation(ctx, displayId, { customAttributes });

/** Labels are a set: trimmed, lowercased, each once, in the order first given. */
export const normaliseLabels = (labels: string[]) => [...new Set(labels.map((label) => label.trim().toLowerCase()).filter(Boolean))];

export const setLabels = async (ctx: AccountCtx, displayId: number, labels: string[]) =>
  (await changeConversation(ctx, displayId, { labels: normaliseLabels(labels) })).labels;

export const conversationLabels = async (ctx: AccountCtx, displayId: number) => (await findConversation(ctx, displayId)).labels;

/** Muting resolves the conversation, as Chatwoot does; new messages then leave it resolved. */
export const muteConversation = (ctx: AccountCtx, displayId: number) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await findConversation(tx, displayId, { lock: true });
    await changeStatus(tx, row, "resolved", { extra: { muted: true } });
  });

export const unmuteConversation = async (ctx: AccountCtx, displayId: number) => {
  await changeConversation(ctx, displayId, { muted: false });
};

/** Marks the conversation unread: seen up to just before the last incoming message. */
export const markUnread = async (ctx: AccountCtx, displayId: number) => {
  const row = await findConversation(ctx, displayId);
  const [last] = await ctx.db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), eq(messages.messageType, 0)))
    .orderBy(desc(messages.id))
    .limit(1);
  const seenAt = last ? new Date(last.createdAt.getTime() - 1000) : null;
  await ctx.db
    .update(conversations)
    .set({ agentLastSeenAt: seenAt, assigneeLastSeenAt: seenAt })
    .where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.id, row.id)));
};

/** The agents have seen everything; the assignee too, when it is the caller. */
export const markSeen = async (ctx: AccountCtx, displayId: number) => {
  const row = await findConversation(ctx, displayId);
  const now = new Date();
  const isAssignee = row.assigneeId !== null && row.assigneeId === callerUserId(ctx);
  await ctx.db
    .update(conversations)
    .set({ agentLastSeenAt: now, ...(isAssignee ? { assigneeLastSeenAt: now } : {}) })
    .where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.id, row.id)));
};

/**
 * toggle_typing_status: `on` / `off` become conversation_typing_on / _off (a private note being
 * typed says so); `recording` and no status are for screens Chatwoot has and tell webhooks nothing.
 */
export const typingStatus = async (ctx: AccountCtx, displayId: number, input: ToggleTypingInput) => {
  const row = await findConversation(ctx, displayId);
  if (input.typing_status !== "on" && input.typing_status !== "off") return;
  await recordTyping(ctx.db, row, { on: input.typing_status === "on", private: input.is_private ?? false, actor: actorOf(ctx.caller) });
};
