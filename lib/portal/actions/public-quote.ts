"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Refusal } from "@/lib/portal/outcome";
import { publicAction, publicFormAction, type PublicRefusal } from "@/lib/portal/public-action";
import { documentFor, pricingOf, publicQuote } from "@/lib/quotes/public-page";
import { publicQuotePath } from "@/lib/quotes/present";
import { statusOf } from "@/lib/quotes/quotes";
import { acceptByToken, rejectByToken } from "@/lib/quotes/transitions";
import { notifyRefusedAcceptance } from "@/lib/notifications/triggers";

/*
 * The customer's actions on `/q/[token]`. There is no session: the token is the credential, so
 * each action finds the quote by it again and the services decide (locks, lifecycle, holds).
 * Totals are always recomputed here from the version's snapshot; nothing the browser says
 * about money is trusted.
 */

const ZToken = z.string().regex(/^[\w-]{20,64}$/);
const ZKeys = z.array(z.string().max(200)).max(200);
const ZFullName = z
  .string()
  .trim()
  .min(2, { message: "Please type your full name." })
  .max(200, { message: "Please keep your name under 200 characters." });
const ZReason = z
  .string()
  .trim()
  .min(1, { message: "Please tell us why you are declining." })
  .max(5000, { message: "Please keep the reason under 5,000 characters." });

const ZAcceptForm = z.object({ full_name: ZFullName, selected_optional_keys: ZKeys });
const ZDeclineForm = z.object({ reason: ZReason });

const notFoundMessage = "This quote could not be found. Please check the link in your email.";
const laterMessage = "Something went wrong. Please try again in a moment.";
const optionGoneMessage = "One of the options you picked is no longer offered. Please reload the page and try again.";

/** Why the quote can't take the customer's action any more, in the customer's words. */
const stateMessage = (status: string, action: "accept" | "decline") => {
  switch (status) {
    case "accepted":
      return action === "accept" ? "This quote has already been accepted." : "This quote has already been accepted, so it can no longer be declined.";
    case "rejected":
      return "This quote has been declined.";
    case "withdrawn":
      return "This quote has been withdrawn by the venue and can no longer be accepted.";
    case "superseded":
      return "A newer version replaces this quote.";
    case "expired":
      return "This quote has expired and can no longer be accepted. Please contact us for an updated quote.";
    default:
      return "This quote is no longer open.";
  }
};

const worded = (refusal: Refusal, message: string): PublicRefusal => ({ ...refusal, message, errors: {} });

const typedFields = new Set(["full_name", "reason"]);

const aboutOptions = (refusal: Refusal) => Object.keys(refusal.errors).some((field) => field.startsWith("selected_optional_keys"));

/**
 * A refused decision in the customer's words. A lifecycle refusal means the quote changed under
 * the customer (withdrawn, superseded, expired, accepted in another tab…): the page is rendered
 * again in its new state and the form says so.
 */
const explainDecision =
  (action: "accept" | "decline") =>
  async (refusal: Refusal, ids: [string] | null): Promise<PublicRefusal> => {
    switch (refusal.code) {
      // The wrapper words the wait; confirmHolds words a conflict (which space, which day, contact the venue).
      case "rate_limited":
      case "conflict":
        return refusal;
      case "not_found":
        return worded(refusal, notFoundMessage);
      case "invalid_transition": {
        const token = ids?.[0];
        const quote = token ? await publicQuote(getDb(), token) : null;
        if (token) revalidatePath(publicQuotePath(token));
        return { ...worded(refusal, quote ? stateMessage(statusOf(quote), action) : notFoundMessage), data: { changed: "1" } };
      }
      case "invalid":
      case "required": {
        // The name and the reason are shown beside their inputs; nothing else was typed by the customer.
        if (aboutOptions(refusal)) return worded(refusal, optionGoneMessage);
        const fields = Object.keys(refusal.errors);
        return fields.length > 0 && fields.every((field) => typedFields.has(field)) ? refusal : worded(refusal, laterMessage);
      }
      default:
        return worded(refusal, laterMessage);
    }
  };

/** The lines and totals for a choice of optional lines, recomputed from the version's snapshot (nothing is saved). */
export const priceSelectionAction = publicAction({
  name: "public quote pricing",
  rule: "public_quote_pricing",
  args: [ZToken, ZKeys],
  ids: 1,
  run: async (ctx, token, keys) => {
    const quote = await publicQuote(ctx.db, token);
    if (!quote) throw notFound("Quote");
    return { pricing: pricingOf(documentFor(quote, keys)) };
  },
  explain: (refusal) => {
    if (refusal.code === "rate_limited") return refusal;
    if (refusal.code === "not_found") return worded(refusal, notFoundMessage);
    if (aboutOptions(refusal)) return worded(refusal, optionGoneMessage);
    return worded(refusal, "The totals could not be updated. Please reload the page.");
  },
});

/** Acceptance by typing a full name; the customer's optional lines are priced and recorded with it. */
export const acceptAction = publicFormAction({
  name: "public quote acceptance",
  rule: "public_quote",
  ids: [ZToken],
  fields: { full_name: "text", selected_optional_keys: "list" },
  body: ZAcceptForm,
  run: (ctx, token, { full_name, selected_optional_keys }) =>
    acceptByToken(ctx.db, token, {
      by: { userId: null, name: full_name, ip: ctx.ip, userAgent: ctx.userAgent },
      selectedOptionalKeys: [...new Set(selected_optional_keys)],
    }).catch(async (error: unknown) => {
      // A held space was taken: nothing was accepted, but the planner must hear of it now.
      if (error instanceof ApiError && error.code === "conflict") await notifyRefusedAcceptance(ctx.db, token, error.message);
      throw error;
    }),
  revalidate: (token) => publicQuotePath(token),
  explain: explainDecision("accept"),
  success: "Thank you: the quote is accepted.",
});

/** Declining with a reason the venue reads. */
export const rejectAction = publicFormAction({
  name: "public quote rejection",
  rule: "public_quote",
  ids: [ZToken],
  fields: { reason: "text" },
  body: ZDeclineForm,
  run: (ctx, token, { reason }) => rejectByToken(ctx.db, token, reason),
  revalidate: (token) => publicQuotePath(token),
  explain: explainDecision("decline"),
  success: "The quote is declined. Thank you for letting us know.",
});
