"use server";

import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { editorQuotes, type EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { portalContext } from "@/lib/auth/session";
import { ApiError, notFound } from "@/lib/http/errors";
import { ZId, isUuid } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { createQuote, updateQuote } from "@/lib/quotes/quotes";
import { ZAcceptQuote, ZCreateQuote, ZRejectQuote, ZSendQuote, ZUpdateQuote } from "@/lib/quotes/schemas";
import { acceptQuote, archiveQuote, rejectQuote, reviseQuote, sendQuote, withdrawQuote } from "@/lib/quotes/transitions";
import { presentDelivery } from "@/lib/mail/present";
import { accountPath } from "@/lib/portal/paths";
import { logFailure } from "@/lib/log";

/*
 * The quote editor on the event page. Every action builds the signed-in user's account
 * context and calls the quote services the API calls, with the API's schemas, so the same
 * rules apply (quote_manage, the lifecycle, 409 on acceptance). Each answers the event's
 * versions as they now are and which one to show, or why not — never a thrown error.
 */

export type QuoteResult =
  | { ok: true; quotes: EditorQuote[]; selectedId: number; message?: string }
  | {
      ok: false;
      /** A conflict (409): the event's holds can't all be confirmed. */
      conflict: boolean;
      message: string;
      /** Field path (as the API names it, e.g. `overrides.additional_lines.2.unit_price`) → message. */
      errors: Record<string, string>;
    };

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const humanize = (field: string) => sentence(field.replaceAll(/[._]/g, " ").replaceAll(/\s+\d+\s*/g, " ").trim());

const refusal = (error: unknown): QuoteResult => {
  unstable_rethrow(error);
  if (!(error instanceof ApiError)) {
    logFailure({ where: "quote action" }, error);
    return { ok: false, conflict: false, message: "Something went wrong. Please try again.", errors: {} };
  }
  const errors = Object.fromEntries(error.errors.map((fieldError) => [fieldError.field, sentence(fieldError.message)]));
  // "Validation failed: overrides.additional_lines.0.name can't be blank" reads badly: name the field in words.
  const first = error.errors[0];
  const message = error.message.startsWith("Validation failed") && first ? `${humanize(first.field)} ${first.message}` : error.message;
  return { ok: false, conflict: error.code === "conflict", message, errors };
};

/** Bound arguments come back from the browser: ids are checked like path parameters. */
const ids = (eventId: string, quoteId?: number) => {
  if (!isUuid(eventId)) throw notFound("Event");
  return { eventId, quoteId: quoteId === undefined ? 0 : parseInput(ZId, quoteId, "id") };
};

const eventPath = (accountId: number, eventId: string) => accountPath(accountId, "planning", "events", eventId);

/**
 * Runs one service call and answers the event's versions. Only an acceptance changes the rest
 * of the event page (its status, holds become bookings), so only it re-renders the page.
 */
const run = async <R extends { id: number }>(
  accountId: number,
  eventId: string,
  work: (ctx: Awaited<ReturnType<typeof portalContext>>) => Promise<R>,
  options: { message?: string | ((result: R) => string); revalidate?: boolean } = {},
): Promise<QuoteResult> => {
  const { message, revalidate = false } = options;
  try {
    const ctx = await portalContext(accountId);
    const quote = await work(ctx);
    const quotes = await editorQuotes(ctx, eventId);
    if (revalidate) revalidatePath(eventPath(accountId, eventId));
    return { ok: true, quotes, selectedId: quote.id, message: typeof message === "function" ? message(quote) : message };
  } catch (error) {
    return refusal(error);
  }
};

/** The versions as they are now (a refetch: the customer may have accepted meanwhile). */
export const quotesAction = async (accountId: number, eventId: string): Promise<EditorQuote[]> => {
  const ctx = await portalContext(accountId);
  return editorQuotes(ctx, ids(eventId).eventId);
};

/** Version 1 (or the next one), priced from the event as it is now. */
export const createQuoteAction = async (accountId: number, eventId: string, input: Record<string, unknown>) =>
  run(accountId, eventId, (ctx) => createQuote(ctx, ids(eventId).eventId, parseInput(ZCreateQuote, input)), { message: "Quote created." });

/** A draft's fields, replaced by those sent, and priced again. */
export const updateQuoteAction = async (accountId: number, eventId: string, quoteId: number, patch: Record<string, unknown>) =>
  run(accountId, eventId, (ctx) => {
    const target = ids(eventId, quoteId);
    return updateQuote(ctx, target.eventId, target.quoteId, parseInput(ZUpdateQuote, patch));
  });

const ZSendForm = z.object({
  delivery_mode: z.enum(["email", "manual"]),
  subject: z.string().trim().max(998).optional(),
  body: z.string().trim().max(100_000).optional(),
  /** Asked for when the quote has no customer email yet (a draft takes it before it is sent). */
  customer_email: z.string().trim().max(255).optional(),
});

/**
 * Emails the quote (SMTP, or the outbox when no mail server is configured) or only marks it
 * sent. A customer email typed in the dialog is saved on the draft first; blank subject or
 * message leave the service's standard ones.
 */
export const sendQuoteAction = async (accountId: number, eventId: string, quoteId: number, input: z.input<typeof ZSendForm>) => {
  return run(
    accountId,
    eventId,
    async (ctx) => {
      const target = ids(eventId, quoteId);
      const form = parseInput(ZSendForm, input);
      if (form.customer_email) {
        await updateQuote(ctx, target.eventId, target.quoteId, parseInput(ZUpdateQuote, { customer_email: form.customer_email }));
      }
      const send = parseInput(ZSendQuote, { delivery_mode: form.delivery_mode, subject: form.subject || undefined, body: form.body || undefined });
      return sendQuote(ctx, target.eventId, target.quoteId, send);
    },
    // How the email fared, in the same words the API's `delivery.message` uses.
    { message: (sent) => (sent.delivery ? presentDelivery(sent.delivery).message : "Quote marked as sent.") },
  );
};

export type QuoteTransition = "withdraw" | "revise" | "archive" | "accept" | "reject";

const doneMessages: Record<QuoteTransition, string> = {
  withdraw: "Quote withdrawn.",
  revise: "New draft version created.",
  archive: "Quote archived.",
  accept: "Quote accepted: the event's holds are now bookings.",
  reject: "Quote marked as rejected.",
};

/** Withdraw, revise, archive, accept (on the customer's behalf) or reject — where the lifecycle allows it. */
export const transitionQuoteAction = async (accountId: number, eventId: string, quoteId: number, action: QuoteTransition, reason?: string) =>
  run(
    accountId,
    eventId,
    (ctx) => {
      const target = ids(eventId, quoteId);
      switch (action) {
        case "withdraw":
          return withdrawQuote(ctx, target.eventId, target.quoteId);
        case "revise":
          return reviseQuote(ctx, target.eventId, target.quoteId);
        case "archive":
          return archiveQuote(ctx, target.eventId, target.quoteId);
        case "accept": {
          const text = parseInput(ZAcceptQuote, { acceptance_reason: reason ?? undefined }).acceptance_reason;
          return acceptQuote(ctx, target.eventId, target.quoteId, text ? text : null);
        }
        case "reject":
          return rejectQuote(ctx, target.eventId, target.quoteId, parseInput(ZRejectQuote, { rejection_reason: reason ?? "" }).rejection_reason);
        default:
          throw new ApiError("invalid", "Unknown quote action");
      }
    },
    { message: doneMessages[action], revalidate: action === "accept" },
  );
