import { and, desc, eq, sql } from "drizzle-orm";
import { outboxMessages, outboxStatuses, planningEvents, quotes } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/http/errors";

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
  status: (typeof outboxStatuses)[number];
  attempts: number;
  /** When a queued message is tried next. */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  /** The mail server's own words about the last failure: the account's members may read them. */
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** The quote version it carried, with its event, while both exist. */
  quote: { id: number; version: number; eventId: string; eventName: string; timezone: string | null } | null;
};

/**
 * The account's newest outgoing mail — waiting for delivery, sent through SMTP, kept because no
 * mail server is configured, or given up on — with the quote and event each one was about.
 */
export const listOutbox = async (ctx: AccountCtx): Promise<OutboxEntry[]> => {
  if (!canSeeOutbox(ctx)) throw new ApiError("forbidden", "The outbox is for planners and quote senders");
  const rows = await ctx.db
    .select({
      // Not the attachment's bytes: a page of PDFs is not read to show their names.
      message: {
        id: outboxMessages.id,
        toAddress: outboxMessages.toAddress,
        subject: outboxMessages.subject,
        textBody: outboxMessages.textBody,
        attachmentName: outboxMessages.attachmentName,
        status: outboxMessages.status,
        attempts: outboxMessages.attempts,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        lastAttemptAt: outboxMessages.lastAttemptAt,
        error: outboxMessages.error,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      },
      quoteId: quotes.id,
      version: quotes.version,
      eventId: planningEvents.id,
      eventName: planningEvents.name,
      timezone: sql<string | null>`${quotes.snapshot}->>'timezone'`,
    })
    .from(outboxMessages)
    .leftJoin(quotes, and(eq(quotes.id, outboxMessages.quoteId), eq(quotes.accountId, ctx.account.id)))
    .leftJoin(planningEvents, eq(planningEvents.id, quotes.planningEventId))
    // Members' notification emails are theirs, not the planners' correspondence with customers.
    .where(and(eq(outboxMessages.accountId, ctx.account.id), eq(outboxMessages.kind, "quote")))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(outboxLimit);
  return rows.map(({ message, quoteId, version, eventId, eventName, timezone }) => ({
    id: message.id,
    to: message.toAddress,
    subject: message.subject,
    textBody: message.textBody,
    attachmentName: message.attachmentName,
    status: message.status,
    attempts: message.attempts,
    nextAttemptAt: message.status === "queued" ? message.nextAttemptAt : null,
    lastAttemptAt: message.lastAttemptAt,
    error: message.error,
    createdAt: message.createdAt,
    sentAt: message.sentAt,
    quote: quoteId !== null && version !== null && eventId !== null && eventName !== null ? { id: quoteId, version, eventId, eventName, timezone } : null,
  }));
};
