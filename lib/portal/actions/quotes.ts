"use server";

import { z } from "zod";
import { ZId, ZUuid } from "@/lib/http/schemas";
import { presentDelivery } from "@/lib/mail/present";
import { portalAction, type PortalCtx } from "@/lib/portal/action";
import { editorQuotes, type EditorQuote } from "@/lib/portal/loaders/quote-editor";
import type { Outcome } from "@/lib/portal/outcome";
import { accountPath } from "@/lib/portal/paths";
import { createQuote, updateQuote } from "@/lib/quotes/quotes";
import { ZAcceptQuote, ZCreateQuote, ZRejectQuote, ZSendQuote, ZUpdateQuote } from "@/lib/quotes/schemas";
import { acceptQuote, archiveQuote, rejectQuote, reviseQuote, sendQuote, withdrawQuote } from "@/lib/quotes/transitions";

/*
 * The quote editor on the event page: each action calls the quote service its API route calls,
 * with the API's schemas, so the same rules apply (quote_manage, the lifecycle, 409 on
 * acceptance). Each answers the event's versions as they now are and which one to show.
 */

type QuoteAnswer = { quotes: EditorQuote[]; selectedId: number; message?: string };

export type QuoteResult = Outcome<QuoteAnswer>;

const eventPath = (accountId: number, eventId: string) => accountPath(accountId, "planning", "events", eventId);

/** The event's versions after a change, showing the version it made or changed. */
const answer = async (ctx: PortalCtx, eventId: string, quote: { id: number }, message?: string): Promise<QuoteAnswer> => ({
  quotes: await editorQuotes(ctx, eventId),
  selectedId: quote.id,
  message,
});

/** The versions as they are now (a refetch: the customer may have accepted meanwhile). */
export const quotesAction = portalAction({
  name: "list quotes",
  args: [ZUuid],
  ids: 1,
  read: true,
  run: async (ctx, eventId) => ({ quotes: await editorQuotes(ctx, eventId) }),
});

/** Version 1 (or the next one), priced from the event as it is now. */
export const createQuoteAction = portalAction({
  name: "create quote",
  args: [ZUuid, ZCreateQuote],
  ids: 1,
  run: async (ctx, eventId, input) => answer(ctx, eventId, await createQuote(ctx, eventId, input), "Quote created."),
});

/** A draft's fields, replaced by those sent, and priced again. */
export const updateQuoteAction = portalAction({
  name: "update quote",
  args: [ZUuid, ZId, ZUpdateQuote],
  ids: 2,
  run: async (ctx, eventId, quoteId, patch) => answer(ctx, eventId, await updateQuote(ctx, eventId, quoteId, patch)),
});

/** The send dialog: blank subject or message leave the service's standard ones. */
const ZSendForm = ZSendQuote.pick({ subject: true, body: true }).extend({
  delivery_mode: z.enum(["email", "manual"]),
  /** Asked for when the quote has no customer email yet (a draft takes it before it is sent). */
  customer_email: ZUpdateQuote.shape.customer_email,
});

/**
 * Emails the quote (SMTP, or the outbox when no mail server is configured) or only marks it
 * sent. A customer email typed in the dialog is saved on the draft first.
 */
export const sendQuoteAction = portalAction({
  name: "send quote",
  args: [ZUuid, ZId, ZSendForm],
  ids: 2,
  run: async (ctx, eventId, quoteId, { customer_email, delivery_mode, subject, body }) => {
    if (customer_email) await updateQuote(ctx, eventId, quoteId, { customer_email });
    const sent = await sendQuote(ctx, eventId, quoteId, { delivery_mode, subject: subject || undefined, body: body || undefined });
    // How the email fared, in the same words the API's `delivery.message` uses.
    return answer(ctx, eventId, sent, sent.delivery ? presentDelivery(sent.delivery).message : "Quote marked as sent.");
  },
});

export const withdrawQuoteAction = portalAction({
  name: "withdraw quote",
  args: [ZUuid, ZId],
  ids: 2,
  run: async (ctx, eventId, quoteId) => answer(ctx, eventId, await withdrawQuote(ctx, eventId, quoteId), "Quote withdrawn."),
});

export const reviseQuoteAction = portalAction({
  name: "revise quote",
  args: [ZUuid, ZId],
  ids: 2,
  run: async (ctx, eventId, quoteId) => answer(ctx, eventId, await reviseQuote(ctx, eventId, quoteId), "New draft version created."),
});

export const archiveQuoteAction = portalAction({
  name: "archive quote",
  args: [ZUuid, ZId],
  ids: 2,
  run: async (ctx, eventId, quoteId) => answer(ctx, eventId, await archiveQuote(ctx, eventId, quoteId), "Quote archived."),
});

/** Acceptance on the customer's behalf: a booking in the way is a conflict, with the bookings as data. */
export const acceptQuoteAction = portalAction({
  name: "accept quote",
  args: [ZUuid, ZId, ZAcceptQuote],
  ids: 2,
  run: async (ctx, eventId, quoteId, { acceptance_reason }) =>
    answer(ctx, eventId, await acceptQuote(ctx, eventId, quoteId, acceptance_reason || null), "Quote accepted: the event's holds are now bookings."),
  // Only an acceptance changes the rest of the event page: its status, and holds become bookings.
  revalidate: (accountId, eventId) => eventPath(accountId, eventId),
});

export const rejectQuoteAction = portalAction({
  name: "reject quote",
  args: [ZUuid, ZId, ZRejectQuote],
  ids: 2,
  run: async (ctx, eventId, quoteId, { rejection_reason }) =>
    answer(ctx, eventId, await rejectQuote(ctx, eventId, quoteId, rejection_reason), "Quote marked as rejected."),
});
