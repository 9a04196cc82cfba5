import { and, asc, desc, eq, gt, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { builtOnce } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import { removeUploads, storeUpload } from "@/lib/storage/uploads";
import { attachments, contacts, conversations, inboxes, messageStatuses, messageTypes, messages, type SenderType } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { findConversation, statusValue } from "@/lib/conversations/conversations";
import { statusName, type ConversationRow } from "@/lib/conversations/present";
import { recordConversationChanges } from "@/lib/conversations/events";
import { presentMessageWebhook } from "@/lib/events/payloads";
import { actorOf, recordEvent, type Actor } from "@/lib/events/record";
import type { Target } from "@/lib/events/targets";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { notifyNewMessage } from "@/lib/notifications/triggers";
import { recordReplyEvents } from "@/lib/reports/record";
import type { MessageRow } from "./present";
import type { CreateMessageInput, MessageListQuery, UpdateMessageInput } from "./schemas";

const ACTIVITY = messageTypes.indexOf("activity");

export const deletedMessageContent = "This message was deleted";

/**
 * Chatwoot's MessageFinder: `before` gives the 20 older messages, `after` up to 100 newer,
 * both up to 1000 from `after` (inclusive) to `before`, neither the latest 20; always oldest
 * first. `filter_internal_messages` leaves out private notes and activity messages.
 */
type Cursor = "between" | "before" | "after" | "latest";

/** Pages before a cursor, and the latest, are taken newest first (then shown oldest first). */
const newestFirst = (cursor: Cursor) => cursor === "before" || cursor === "latest";

/**
 * The page for each cursor kind, with and without internal messages, each built once (eight
 * statements): the account, conversation and cursor ids are placeholders.
 */
const messagePages = builtOnce((db) => {
  const build = (cursor: Cursor, internalFiltered: boolean) => {
    const conditions: (SQL | undefined)[] = [
      eq(messages.accountId, sql.placeholder("accountId")),
      eq(messages.conversationId, sql.placeholder("conversationId")),
      ...(internalFiltered ? [eq(messages.private, false), ne(messages.messageType, ACTIVITY)] : []),
      cursor === "between" || cursor === "after" ? (cursor === "between" ? gte : gt)(messages.id, sql.placeholder("after")) : undefined,
      cursor === "between" || cursor === "before" ? lt(messages.id, sql.placeholder("before")) : undefined,
    ];
    return plainRows(
      db
        .select()
        .from(messages)
        .where(and(...conditions))
        .orderBy(newestFirst(cursor) ? desc(messages.id) : asc(messages.id))
        .limit(cursor === "between" ? 1000 : cursor === "after" ? 100 : 20)
        .prepare(`message_page_${cursor}${internalFiltered ? "_public" : ""}`),
    );
  };
  const cursors: Cursor[] = ["between", "before", "after", "latest"];
  return new Map(cursors.flatMap((cursor) => [false, true].map((filtered) => [`${cursor}:${filtered}`, build(cursor, filtered)] as const)));
});

export const listMessages = async (ctx: AccountCtx, displayId: number, query: MessageListQuery) => {
  const conversation = await findConversation(ctx, displayId);
  const cursor: Cursor =
    query.after !== undefined && query.before !== undefined ? "between" : query.before !== undefined ? "before" : query.after !== undefined ? "after" : "latest";
  const page = messagePages(ctx.db).get(`${cursor}:${Boolean(query.filter_internal_messages)}`)!;
  const rows: MessageRow[] = await page.execute({ accountId: ctx.account.id, conversationId: conversation.id, after: query.after, before: query.before });
  if (newestFirst(cursor)) rows.reverse();
  return { conversation, rows };
};

export type NewMessage = {
  content: string | null;
  messageType: "incoming" | "outgoing";
  private: boolean;
  contentType: string;
  contentAttributes: Record<string, unknown>;
  sourceId: string | null;
  additionalAttributes?: Record<string, unknown>;
  attachments?: File[];
};

/** Outgoing messages are the caller's (an agent or a bot); incoming ones the conversation's contact's. */
const senderOf = (ctx: AccountCtx, conversation: ConversationRow, input: NewMessage): { type: SenderType; id: number } => {
  if (input.messageType === "incoming") return { type: "Contact", id: conversation.contactId };
  if (ctx.caller.kind === "user") return { type: "User", id: ctx.caller.user.id };
  if (ctx.caller.kind === "agent_bot") return { type: "AgentBot", id: ctx.caller.bot.id };
  throw new ApiError("unauthorized", "Only agents and agent bots send messages");
};

/**
 * Adds a message to a conversation the caller holds locked, and keeps the conversation in
 * step as Chatwoot does: activity time; an incoming message starts the wait and reopens a
 * resolved or snoozed conversation (unless muted; pending when a bot runs the inbox); an
 * agent's public reply ends the wait and may be the first reply, which reports count.
 */
export const postMessage = async (ctx: AccountCtx, conversation: ConversationRow, input: NewMessage) => {
  const [inbox] = await ctx.db
    .select({ channelType: inboxes.channelType, agentBotId: inboxes.agentBotId })
    .from(inboxes)
    .where(eq(inboxes.id, conversation.inboxId));
  // Users and bots may post "incoming" messages only on API inboxes (Chatwoot's rule); the
  // contact itself writes incoming messages in whatever inbox it talks to.
  if (input.messageType === "incoming" && ctx.caller.kind !== "contact" && inbox?.channelType !== "Channel::Api") {
    throw fieldError("message_type", "incoming messages are only allowed in API inboxes");
  }
  const sender = senderOf(ctx, conversation, input);
  const now = new Date();
  const [message] = await ctx.db
    .insert(messages)
    .values({
      accountId: ctx.account.id,
      inboxId: conversation.inboxId,
      conversationId: conversation.id,
      messageType: messageTypes.indexOf(input.messageType),
      content: input.content,
      contentType: input.contentType,
      contentAttributes: input.contentAttributes,
      private: input.private,
      sourceId: input.sourceId,
      senderType: sender.type,
      senderId: sender.id,
      additionalAttributes: input.additionalAttributes ?? {},
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (input.attachments?.length) {
    const stored = await Promise.all(input.attachments.map((file) => storeUpload(ctx.account.id, file))).catch((error: unknown) => {
      throw new ApiError("unavailable", "The attachment store is not available; please try again later", { cause: error });
    });
    await ctx.db.insert(attachments).values(
      stored.map((file) => ({
        accountId: ctx.account.id,
        messageId: message!.id,
        fileType: file.fileType,
        storageKey: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        fileSize: file.fileSize,
      })),
    );
  }

  const changes: Partial<typeof conversations.$inferInsert> = { lastActivityAt: now, updatedAt: now };
  if (input.messageType === "incoming") {
    if (conversation.waitingSince === null) changes.waitingSince = now;
    const status = statusName(conversation.status);
    if (!conversation.muted && status === "snoozed") {
      changes.status = statusValue("open");
      changes.snoozedUntil = null;
    } else if (!conversation.muted && status === "resolved") {
      changes.status = statusValue(inbox?.agentBotId ? "pending" : "open");
    }
    await ctx.db.update(contacts).set({ lastActivityAt: now }).where(eq(contacts.id, conversation.contactId));
  } else if (!input.private && sender.type === "User") {
    await recordReplyEvents(ctx.db, conversation, { userId: sender.id, at: now });
    if (conversation.waitingSince !== null) changes.waitingSince = null;
    if (conversation.firstReplyCreatedAt === null) changes.firstReplyCreatedAt = now;
  }
  const [updated] = await ctx.db.update(conversations).set(changes).where(eq(conversations.id, conversation.id)).returning();
  await recordMessageEvent(ctx.db, "message_created", message!, updated!, { actor: actorOf(ctx.caller) });
  // The wait, the first reply and a reopening are conversation changes Chatwoot reports too.
  await recordConversationChanges(ctx.db, conversation, updated!, actorOf(ctx.caller));
  return { message: message!, conversation: updated! };
};

/** What a message event tells the live streams: enough to decide whether to refetch, and for whom (lib/live/audience.ts). */
export const messageLiveData = (row: Pick<MessageRow, "id" | "private" | "messageType">) => ({
  id: row.id,
  private: row.private,
  message_type: messageTypes[row.messageType],
});

/** Chatwoot's `webhook_sendable?`: activity messages are for screens only. */
const webhookSendable = (row: MessageRow) => messageTypes[row.messageType] !== "activity";

/**
 * message_created / message_updated on the writing transaction, rendered with the conversation
 * as the change leaves it. `exclude` keeps targets out (the API inbox whose delivery failed).
 * A new message notifies its conversation's assignee, or those a private note mentions.
 */
export const recordMessageEvent = async (
  db: DbOrTx,
  name: "message_created" | "message_updated",
  message: MessageRow,
  conversation: ConversationRow,
  options: { actor: Actor; exclude?: readonly Target[] },
) => {
  await recordEvent(db, {
    accountId: message.accountId,
    name,
    inboxId: message.inboxId,
    conversationId: conversation.id,
    contactInboxId: conversation.contactInboxId,
    subject: { type: "Message", id: message.id },
    actor: options.actor,
    assigneeBotId: conversation.assigneeAgentBotId,
    external: webhookSendable(message),
    exclude: options.exclude,
    render: () => presentMessageWebhook(db, message, conversation),
    live: { data: messageLiveData(message) },
  });
  if (name === "message_created") await notifyNewMessage(db, message, conversation, options.actor);
};

/** POST messages: the echo id goes back to the client and is not stored. */
export const createMessage = (ctx: AccountCtx, displayId: number, input: CreateMessageInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const conversation = await findConversation(tx, displayId, { lock: true });
    const additionalAttributes: Record<string, unknown> = {};
    if (input.campaign_id) additionalAttributes.campaign_id = input.campaign_id;
    if (input.template_params) additionalAttributes.template_params = input.template_params;
    const result = await postMessage(tx, conversation, {
      content: input.content ?? null,
      messageType: input.message_type,
      private: input.private,
      contentType: input.content_type,
      contentAttributes: input.content_attributes,
      sourceId: input.source_id ?? null,
      additionalAttributes,
      attachments: input.attachments,
    });
    return { ...result, echoId: input.echo_id };
  });

const findMessage = async (ctx: AccountCtx, conversation: ConversationRow, messageId: number) => {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, ctx.account.id), eq(messages.conversationId, conversation.id), eq(messages.id, messageId)));
  if (!row) throw notFound("Message");
  return row;
};

/**
 * PATCH a message's delivery status, for API inboxes (whose own channel delivers them).
 * A read message does not go back to delivered; `external_error` is kept only on failure.
 */
export const updateMessageStatus = (ctx: AccountCtx, displayId: number, messageId: number, input: UpdateMessageInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const conversation = await findConversation(tx, displayId);
    const [inbox] = await db.select({ channelType: inboxes.channelType }).from(inboxes).where(eq(inboxes.id, conversation.inboxId));
    if (inbox?.channelType !== "Channel::Api") throw new ApiError("forbidden", "Message status update is only allowed for API inboxes");
    const row = await findMessage(tx, conversation, messageId);
    if (messageStatuses[row.status] === "read" && input.status === "delivered") return { conversation, message: row };
    const message = await setMessageStatus(db, row.id, input.status, input.status === "failed" ? (input.external_error ?? undefined) : undefined);
    await recordMessageEvent(db, "message_updated", message, conversation, { actor: actorOf(ctx.caller) });
    return { conversation, message };
  });

/** Sets a message's status; `external_error` is kept only with a failure that gives one. */
export const setMessageStatus = async (db: DbOrTx, messageId: number, status: (typeof messageStatuses)[number], externalError?: string) => {
  const contentAttributes = externalError
    ? sql`${messages.contentAttributes} || ${JSON.stringify({ external_error: externalError })}::jsonb`
    : sql`${messages.contentAttributes} - 'external_error'`;
  const [message] = await db
    .update(messages)
    .set({ status: messageStatuses.indexOf(status), contentAttributes, updatedAt: new Date() })
    .where(eq(messages.id, messageId))
    .returning();
  return message!;
};

/** Soft delete: the row stays (replies and reports refer to it), its content and files go (the files once committed). */
export const deleteMessage = async (ctx: AccountCtx, displayId: number, messageId: number) => {
  const { files, ...result } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const conversation = await findConversation(tx, displayId);
    const row = await findMessage(tx, conversation, messageId);
    const removed = await db.delete(attachments).where(eq(attachments.messageId, row.id)).returning({ storageKey: attachments.storageKey });
    const [message] = await db
      .update(messages)
      .set({ content: deletedMessageContent, contentType: "text", contentAttributes: { deleted: true }, updatedAt: new Date() })
      .where(eq(messages.id, row.id))
      .returning();
    // Chatwoot's delete is an update too: receivers hear message_updated with `deleted: true`.
    await recordMessageEvent(db, "message_updated", message!, conversation, { actor: actorOf(ctx.caller) });
    return { conversation, message: message!, files: removed.flatMap((file) => (file.storageKey ? [file.storageKey] : [])) };
  });
  await removeUploads(files);
  return result;
};
