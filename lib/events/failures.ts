import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, conversationStatuses, conversations, messageStatuses, messageTypes, messages } from "@/db/schema";
import { recordEvent } from "./record";

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
    const [account] = await tx.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, row.accountId));
    if (account?.settings.keep_pending_on_bot_failure === true) return false;
    const now = new Date();
    await tx
      .update(conversations)
      .set({ status: conversationStatuses.indexOf("open"), updatedAt: now, lastActivityAt: now })
      .where(eq(conversations.id, row.id));
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
      .returning({ id: messages.id });
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
    });
    return true;
  });

/** An API inbox that could not take a message: the message is `failed`, with the reason in `external_error`. */
export const markMessageFailed = async (db: DbOrTx, messageId: number, error: string) => {
  await db
    .update(messages)
    .set({
      status: messageStatuses.indexOf("failed"),
      contentAttributes: sql`${messages.contentAttributes} || ${JSON.stringify({ external_error: error })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(messages.id, messageId));
};
