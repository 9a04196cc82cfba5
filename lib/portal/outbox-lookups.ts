import { and, desc, eq, sql } from "drizzle-orm";
import { outboxMessages, planningEvents, quotes } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";

/** The outbox holds customers' addresses and what was written to them: planners and quote senders only. */
export const canSeeOutbox = (ctx: AccountCtx) =>
  ctx.membership !== null && (hasPermission(ctx.membership, "quote_manage") || hasPermission(ctx.membership, "planning_manage"));

/** The outbox page lists this many of the newest messages. */
export const outboxLimit = 100;

export type OutboxEntry = {
  id: number;
  to: string;
  subject: string;
  textBody: string;
  attachmentName: string | null;
  status: "stored" | "sent" | "failed";
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** The quote version it carried, with its event, while both exist. */
  quote: { id: number; version: number; eventId: string; eventName: string; timezone: string | null } | null;
};

/**
 * The account's newest outgoing mail — sent through SMTP, kept because no mail server is
 * configured, or refused by it — with the quote and event each one was about.
 */
export const listOutbox = async (ctx: AccountCtx): Promise<OutboxEntry[]> => {
  const rows = await ctx.db
    .select({
      message: outboxMessages,
      quoteId: quotes.id,
      version: quotes.version,
      eventId: planningEvents.id,
      eventName: planningEvents.name,
      timezone: sql<string | null>`${quotes.snapshot}->>'timezone'`,
    })
    .from(outboxMessages)
    .leftJoin(quotes, and(eq(quotes.id, outboxMessages.quoteId), eq(quotes.accountId, ctx.account.id)))
    .leftJoin(planningEvents, eq(planningEvents.id, quotes.planningEventId))
    .where(eq(outboxMessages.accountId, ctx.account.id))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(outboxLimit);
  return rows.map(({ message, quoteId, version, eventId, eventName, timezone }) => ({
    id: message.id,
    to: message.toAddress,
    subject: message.subject,
    textBody: message.textBody,
    attachmentName: message.attachmentName,
    status: message.status,
    error: message.error,
    createdAt: message.createdAt,
    sentAt: message.sentAt,
    quote: quoteId !== null && version !== null && eventId !== null && eventName !== null ? { id: quoteId, version, eventId, eventName, timezone } : null,
  }));
};
