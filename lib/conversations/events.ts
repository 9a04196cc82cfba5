import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { agentBots, contacts, users, type SenderType } from "@/db/schema";
import { conversationEvents } from "@/lib/events/changes";
import { accountData, participantWebhook, presentConversationWebhook } from "@/lib/events/payloads";
import { recordEvent, type Actor } from "@/lib/events/record";
import { notifyAssignment } from "@/lib/notifications/triggers";
import { recordStatusEvents } from "@/lib/reports/record";
import { priorityName, statusName, type ConversationRow } from "./present";

/**
 * A conversation's attributes under Chatwoot's names, as `previous_changes` reports them (labels
 * as `label_list`). `muted` is ours (Chatwoot keeps it outside the row) and not reported.
 */
export const conversationAttributes = (row: ConversationRow) => ({
  status: statusName(row.status),
  priority: priorityName(row.priority),
  assignee_id: row.assigneeId,
  assignee_agent_bot_id: row.assigneeAgentBotId,
  team_id: row.teamId,
  snoozed_until: row.snoozedUntil,
  label_list: row.labels,
  custom_attributes: row.customAttributes,
  additional_attributes: row.additionalAttributes,
  waiting_since: row.waitingSince,
  first_reply_created_at: row.firstReplyCreatedAt,
  contact_id: row.contactId,
  agent_last_seen_at: row.agentLastSeenAt,
  assignee_last_seen_at: row.assigneeLastSeenAt,
  contact_last_seen_at: row.contactLastSeenAt,
  last_activity_at: row.lastActivityAt,
  updated_at: row.updatedAt,
});

/**
 * Records what a saved change of a conversation tells the outside (status changed, updated, and
 * for bots opened / resolved), on the writing transaction, with the conversation as it now is,
 * and the reporting events a status change makes. A new assignee is notified.
 */
export const recordConversationChanges = async (db: DbOrTx, before: ConversationRow, after: ConversationRow, actor: Actor) => {
  const changes = conversationEvents(conversationAttributes(before), conversationAttributes(after));
  let rendered: ReturnType<typeof presentConversationWebhook> | undefined;
  const conversation = () => (rendered ??= presentConversationWebhook(db, after));
  for (const event of changes) {
    await recordEvent(db, {
      accountId: after.accountId,
      name: event.name,
      inboxId: after.inboxId,
      conversationId: after.id,
      contactInboxId: after.contactInboxId,
      subject: { type: "Conversation", id: after.id },
      actor,
      assigneeBotId: after.assigneeAgentBotId,
      render: async () => ({ ...(await conversation()), ...(event.changedAttributes ? { changed_attributes: event.changedAttributes } : {}) }),
    });
  }
  await recordStatusEvents(db, before, after, actor);
  await notifyAssignment(db, before, after, actor);
};

const participantOf = (actor: Actor): { type: SenderType; id: number } | null => {
  if (actor.id === undefined) return null;
  if (actor.kind === "user") return { type: "User", id: actor.id };
  if (actor.kind === "agent_bot") return { type: "AgentBot", id: actor.id };
  if (actor.kind === "contact") return { type: "Contact", id: actor.id };
  return null;
};

const typerTables = { user: users, agent_bot: agentBots, contact: contacts } as const;

/** The typer as the live streams show them: `{id, name, type}`. */
const typerOf = async (db: DbOrTx, actor: Actor) => {
  if (actor.id === undefined || !(actor.kind in typerTables)) return null;
  const type = actor.kind as keyof typeof typerTables;
  const table = typerTables[type];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, actor.id));
  return row ? { id: actor.id, name: row.name, type } : null;
};

/**
 * conversation_typing_on / _off: `{user, conversation, is_private}`, the typer as its webhook
 * data. Typing changes nothing else, so the event gets a short transaction of its own.
 */
export const recordTyping = (db: DbOrTx, row: ConversationRow, typing: { on: boolean; private: boolean; actor: Actor }) =>
  db.transaction(async (tx) =>
    recordEvent(tx, {
      accountId: row.accountId,
      name: typing.on ? "conversation_typing_on" : "conversation_typing_off",
      inboxId: row.inboxId,
      conversationId: row.id,
      contactInboxId: row.contactInboxId,
      subject: { type: "Conversation", id: row.id },
      actor: typing.actor,
      render: async () => {
        const who = participantOf(typing.actor);
        const [user, conversation] = await Promise.all([
          who ? accountData(tx, row.accountId).then((account) => participantWebhook(tx, who, account)) : null,
          presentConversationWebhook(tx, row),
        ]);
        return { user, conversation, is_private: typing.private };
      },
      // Screens show who is typing at once: the typer's name is looked up here (one row), not rendered.
      live: { data: { user: await typerOf(tx, typing.actor), is_private: typing.private } },
    }),
  );
