import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { conversationStatuses } from "@/db/schema";
import type { ConversationRow } from "@/lib/conversations/present";
import type { Actor } from "@/lib/events/record";

/** Chatwoot's reporting event names that reports read. */
export type ReportingEventName =
  | "first_response"
  | "reply_time"
  | "conversation_resolved"
  | "conversation_opened"
  | "conversation_bot_handoff"
  | "conversation_bot_resolved";

const OPEN = conversationStatuses.indexOf("open");
const RESOLVED = conversationStatuses.indexOf("resolved");
const PENDING = conversationStatuses.indexOf("pending");

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * Records `name` for the conversation when `when` holds, measured from `from` (SQL over the
 * conversation `c`; null: nothing to measure) to `end`. The row itself, with its seconds in the
 * inbox's working hours, is written by the database's `record_reporting_event` — the backfill
 * (migration 0014) writes its rows through the same function.
 */
const record = (
  db: DbOrTx,
  conversationId: number,
  event: { name: ReportingEventName; from: SQL; end: Date; userId: SQL; when?: SQL },
) =>
  db.execute(sql`
    select record_reporting_event(${event.name}, c.id, ${event.userId}, ${event.from}, ${at(event.end)})
    from conversations c
    where c.id = ${conversationId} ${event.when ? sql`and ${event.when}` : sql``}`);

/** The conversation has no event named `name` yet (a bot hand-off is recorded once, as Chatwoot's listener does). */
const noEvent = (name: ReportingEventName) =>
  sql`not exists (select 1 from reporting_events e where e.conversation_id = c.id and e.name = ${name})`;

/** Chatwoot's `active_bot?` and "no agent ever wrote" (private notes count as writing, as there). */
const botOnly = sql`exists (select 1 from inboxes i where i.id = c.inbox_id and i.agent_bot_id is not null)
  and not exists (select 1 from messages m where m.conversation_id = c.id and m.message_type = 1 and m.sender_type = 'User')`;

/**
 * The reporting events a status change makes, as Chatwoot's listener records them when the
 * conversation's row changes: to resolved, `conversation_resolved` (from the creation; the
 * assignee's) and, in a bot's inbox no agent ever wrote in, `conversation_bot_resolved`; to
 * open, `conversation_opened` (from the last resolution; nothing to measure the first time) and,
 * when a bot opens a pending conversation, its one `conversation_bot_handoff`. A conversation is
 * created with its status, which Chatwoot does not report. All at the change's time.
 */
export const recordStatusEvents = async (db: DbOrTx, before: ConversationRow, after: ConversationRow, actor: Actor) => {
  if (before.status === after.status) return;
  const end = after.updatedAt;
  const assignee = sql`c.assignee_id`;
  if (after.status === RESOLVED) {
    await record(db, after.id, { name: "conversation_resolved", from: sql`c.created_at`, end, userId: assignee });
    await record(db, after.id, { name: "conversation_bot_resolved", from: sql`c.created_at`, end, userId: assignee, when: botOnly });
  }
  if (after.status === OPEN) {
    const lastResolution = sql`(select max(e.event_end_time) from reporting_events e
      where e.conversation_id = c.id and e.name = 'conversation_resolved' and e.event_end_time <= ${at(end)})`;
    await record(db, after.id, { name: "conversation_opened", from: lastResolution, end, userId: assignee });
    if (before.status === PENDING && actor.kind === "agent_bot") {
      const name = "conversation_bot_handoff";
      await record(db, after.id, { name, from: sql`c.created_at`, end, userId: assignee, when: noEvent(name) });
    }
  }
};

/**
 * The reporting event an agent's public reply makes, by its sender at `at`: the first reply is
 * the `first_response` (from the last bot hand-off or reopening, else the bot's resolution, else
 * the creation), any later one that ends a wait is a `reply_time` (from `waiting_since`).
 */
export const recordReplyEvents = async (db: DbOrTx, conversation: ConversationRow, reply: { userId: number; at: Date }) => {
  const userId = sql`${reply.userId}::integer`;
  if (conversation.firstReplyCreatedAt === null) {
    const from = sql`reporting_last_non_human_activity(c.id, c.created_at, ${at(reply.at)})`;
    await record(db, conversation.id, { name: "first_response", from, end: reply.at, userId });
  } else if (conversation.waitingSince !== null) {
    await record(db, conversation.id, { name: "reply_time", from: at(conversation.waitingSince), end: reply.at, userId });
  }
};
