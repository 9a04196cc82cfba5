import type { DbOrTx } from "@/db/client";
import { reportingEvents } from "@/db/schema";
import type { ConversationRow } from "./present";

/** Chatwoot's reporting event names that reports read. */
export type ReportingEventName = "first_response" | "reply_time" | "conversation_resolved" | "conversation_bot_resolved" | "conversation_bot_handoff";

/** One reporting event about a conversation: `value` is the seconds from `start` to `end`. */
export const recordReportingEvent = async (
  db: DbOrTx,
  conversation: Pick<ConversationRow, "id" | "accountId" | "inboxId">,
  event: { name: ReportingEventName; start: Date; end: Date; userId?: number | null },
) => {
  await db.insert(reportingEvents).values({
    accountId: conversation.accountId,
    name: event.name,
    value: Math.max(0, (event.end.getTime() - event.start.getTime()) / 1000),
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    userId: event.userId ?? null,
    eventStartTime: event.start,
    eventEndTime: event.end,
  });
};
