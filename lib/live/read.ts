import { and, asc, eq, gt, lte, max, type SQL } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { conversations, events } from "@/db/schema";
import { audienceFrom, type LiveEvent } from "./frame";

/**
 * Sequenced events after `after`, in seq order, with the conversation's display id (the events
 * row keeps the internal id; a primary-key join, so nothing is rendered at record time).
 */
export const readEvents = async (db: DbOrTx, range: { after: number; upTo?: number; accountIds?: readonly number[]; limit: number }): Promise<LiveEvent[]> => {
  const where: (SQL | undefined)[] = [gt(events.seq, range.after)];
  if (range.upTo !== undefined) where.push(lte(events.seq, range.upTo));
  if (range.accountIds) where.push(anyOf(events.accountId, [...range.accountIds]));
  const rows = await db
    .select({
      seq: events.seq,
      accountId: events.accountId,
      name: events.name,
      inboxId: events.inboxId,
      contactInboxId: events.contactInboxId,
      subjectType: events.subjectType,
      subjectId: events.subjectId,
      audience: events.audience,
      live: events.live,
      conversationDisplayId: conversations.displayId,
    })
    .from(events)
    .leftJoin(conversations, eq(conversations.id, events.conversationId))
    .where(and(...where))
    .orderBy(asc(events.seq))
    .limit(range.limit);
  return rows.map((row) => ({ ...row, seq: row.seq!, audience: audienceFrom(row.audience), live: row.live as LiveEvent["live"] }));
};

/** The highest seq given so far (0 before the first). */
export const latestSeq = async (db: DbOrTx) => {
  const [row] = await db.select({ seq: max(events.seq) }).from(events);
  return Number(row?.seq ?? 0);
};

/** Whether the event a client last saw is still stored (older ones are pruned: then it missed what cannot be replayed). */
export const seqStored = async (db: DbOrTx, seq: number) => {
  const [row] = await db.select({ seq: events.seq }).from(events).where(eq(events.seq, seq));
  return row !== undefined;
};
