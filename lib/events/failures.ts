import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, conversationStatuses, conversations, messageTypes, messages } from "@/db/schema";
import { changeStatus } from "@/lib/conversations/conversations";
import { messageLiveData, recordMessageEvent, setMessageStatus } from "@/lib/messages/messages";
import { recordEvent } from "./record";

/*
 * Chatwoot's failure side effects, made through the same services as any other change, so they
 * are events too: the hand-off is a conversation_status_changed / _updated, the failed message a
 * message_updated. The system made them: no caller.
 */

/** Chatwoot's `conversations.activity.agent_bot.error_moved_to_open`. */
export const botFailureActivity = "Conversation was marked open by system due to an error with the agent bot.";

const PENDING = conversationStatuses.indexOf("pending");

/**
 * A bot that could not be reached leaves no customer waiting on it: a pending conversation
 * goes to the agents (open) with an activity message saying why, unless the account keeps
 * conversations pending on bot failure (`settings.keep_pending_on_bot_failure`), as Chatwoot.
 */
export const handOffAfterBotFailure = (db: DbOrTx, conversationId: number) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for("update");
    if (!row || row.status !== PENDING) return false;
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
    if (!account || account.settings.keep_pending_on_bot_failure === true) return false;
    const now = new Date();
    await changeStatus({ db: tx, account }, row, "open", { extra: { updatedAt: now, lastActivityAt: now } });
    const [message] = await tx
      .insert(messages)
      .values({
        accountId: row.accountId,
        inboxId: row.inboxId,
        conversationId: row.id,
        messageType: messageTypes.indexOf("activity"),
        content: botFailureActivity,
        contentType: "text",
        contentAttributes: {},
        private: false,
        additionalAttributes: {},
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: messages.id, private: messages.private, messageType: messages.messageType });
    await recordEvent(tx, {
      accountId: row.accountId,
      name: "message_created",
      inboxId: row.inboxId,
      conversationId: row.id,
      contactInboxId: row.contactInboxId,
      subject: { type: "Message", id: message!.id },
      actor: { kind: "system" },
      external: false,
      render: () => Promise.resolve({}),
      live: { data: messageLiveData(message!) },
    });
    return true;
  });

/**
 * An API inbox that could not take a message: the message is `failed`, with the reason in
 * `external_error`. Everyone else hears the message_updated; the inbox's own URL does not, or a
 * receiver that keeps failing would be sent its failures forever.
 */
export const markMessageFailed = (db: DbOrTx, messageId: number, error: string) =>
  db.transaction(async (tx) => {
    const [found] = await tx
      .select({ conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, messageId));
    if (!found) return;
    const message = await setMessageStatus(tx, messageId, "failed", error);
    await recordMessageEvent(tx, "message_updated", message, found.conversation, {
      actor: { kind: "system" },
      exclude: [{ kind: "inbox", id: message.inboxId }],
    });
  });
