"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import type { FormState } from "@/lib/portal/form-state";
import { documentFor, pricingOf, publicQuote, type PublicPricing } from "@/lib/quotes/public-page";
import { publicQuotePath } from "@/lib/quotes/present";
import { statusOf } from "@/lib/quotes/quotes";
import { acceptByToken, rejectByToken } from "@/lib/quotes/transitions";
import { requestIp } from "@/lib/http/client-ip";
import { textProblem } from "@/lib/http/input";
import { takeHits } from "@/lib/http/rate-limit";
import { logFailure } from "@/lib/log";

/*
 * The customer's actions on `/q/[token]`. There is no session: the token is the credential, so
 * each action finds the quote by it again and the services decide (locks, lifecycle, holds).
 * Totals are always recomputed here from the version's snapshot; nothing the browser says
 * about money is trusted.
 */

const ZToken = z.string().regex(/^[\w-]{20,64}$/);
const ordinaryText = (value: string) => textProblem(value) === null;
const ZFullName = z
  .string()
  .trim()
  .min(2, { message: "Please type your full name." })
  .max(200, { message: "Please keep your name under 200 characters." })
  .refine(ordinaryText, { message: "Please type your name as plain text." });
const ZReason = z
  .string()
  .trim()
  .min(1, { message: "Please tell us why you are declining." })
  .max(5000, { message: "Please keep the reason under 5,000 characters." })
  .refine(ordinaryText, { message: "Please write the reason as plain text." });
const ZKeys = z.array(z.string().max(200).refine(ordinaryText)).max(200);

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Who is acting, as far as can be known: the client address by the one TRUST_PROXY rule (never
 * a header the client wrote itself), and the user agent. Each action counts against the
 * address's rate limit first.
 */
const requester = async (rule: "public_quote" | "public_quote_pricing") => {
  const list = await headers();
  const ip = requestIp(list);
  await takeHits(getDb(), ip ? [{ rule, key: ip }] : [], ip);
  const agent = list.get("user-agent")?.trim() ?? "";
  const userAgent = agent && textProblem(agent) === null ? agent.slice(0, 1000) : null;
  return { ip, userAgent };
};

const notFoundMessage = "This quote could not be found. Please check the link in your email.";

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

/**
 * A refused action as form state. A lifecycle refusal means the quote changed under the
 * customer (withdrawn, superseded, expired…): the page is rendered again in its new state.
 */
const refused = async (error: unknown, token: string, action: "accept" | "decline", values: Record<string, string>): Promise<FormState> => {
  if (!(error instanceof ApiError)) {
    logFailure({ where: "public quote action" }, error);
    return { status: "error", message: "Something went wrong. Please try again in a moment.", errors: {}, values };
  }
  switch (error.code) {
    case "rate_limited":
      return { status: "error", message: `Too many attempts from your network. Please wait ${Math.ceil(Number(error.headers["Retry-After"] ?? 60) / 60)} minutes and try again.`, errors: {}, values };
    case "conflict":
      // confirmHolds words this for the customer: which space, which day, and to contact the venue.
      return { status: "error", message: error.message, errors: {}, values };
    case "not_found":
      return { status: "error", message: notFoundMessage, errors: {}, values };
    case "invalid_transition": {
      const quote = await publicQuote(getDb(), token);
      revalidatePath(publicQuotePath(token));
      return { status: "error", message: quote ? stateMessage(statusOf(quote), action) : notFoundMessage, errors: {}, values, data: { changed: "1" } };
    }
    default:
      if (error.errors.some((e) => e.field === "selected_optional_keys")) {
        return { status: "error", message: "One of the options you picked is no longer offered. Please reload the page and try again.", errors: {}, values };
      }
      return { status: "error", message: "Something went wrong. Please try again in a moment.", errors: {}, values };
  }
};

/** The lines and totals for a choice of optional lines, recomputed from the version's snapshot (nothing is saved). */
export const priceSelectionAction = async (token: string, selectedKeys: string[]): Promise<{ ok: true; pricing: PublicPricing } | { ok: false; message: string }> => {
  const parsedToken = ZToken.safeParse(token);
  const keys = ZKeys.safeParse(selectedKeys);
  if (!parsedToken.success || !keys.success) return { ok: false, message: notFoundMessage };
  try {
    await requester("public_quote_pricing");
    const quote = await publicQuote(getDb(), parsedToken.data);
    if (!quote) return { ok: false, message: notFoundMessage };
    return { ok: true, pricing: pricingOf(documentFor(quote, keys.data)) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") return { ok: false, message: "Too many changes in a short time. Please wait a few minutes." };
    logFailure({ where: "public quote pricing" }, error);
    return { ok: false, message: "The totals could not be updated. Please reload the page." };
  }
};

/** Acceptance by typing a full name; the customer's optional lines are priced and recorded with it. */
export const acceptAction = async (_state: FormState, formData: FormData): Promise<FormState> => {
  const token = text(formData, "token");
  const values = { full_name: text(formData, "full_name") };
  if (!ZToken.safeParse(token).success) return { status: "error", message: notFoundMessage, errors: {}, values };
  const name = ZFullName.safeParse(values.full_name);
  if (!name.success) return { status: "error", errors: { full_name: name.error.issues[0]!.message }, values };
  const keys = ZKeys.safeParse(formData.getAll("selected_optional_keys").filter((value) => typeof value === "string"));
  if (!keys.success) return { status: "error", message: "Please reload the page and try again.", errors: {}, values };
  try {
    const { ip, userAgent } = await requester("public_quote");
    await acceptByToken(getDb(), token, { by: { userId: null, name: name.data, ip, userAgent }, selectedOptionalKeys: [...new Set(keys.data)] });
  } catch (error) {
    return refused(error, token, "accept", values);
  }
  revalidatePath(publicQuotePath(token));
  return { status: "success", message: "Thank you: the quote is accepted.", errors: {} };
};

/** Declining with a reason the venue reads. */
export const rejectAction = async (_state: FormState, formData: FormData): Promise<FormState> => {
  const token = text(formData, "token");
  const values = { reason: text(formData, "reason") };
  if (!ZToken.safeParse(token).success) return { status: "error", message: notFoundMessage, errors: {}, values };
  const reason = ZReason.safeParse(values.reason);
  if (!reason.success) return { status: "error", errors: { reason: reason.error.issues[0]!.message }, values };
  try {
    await requester("public_quote");
    await rejectByToken(getDb(), token, reason.data);
  } catch (error) {
    return refused(error, token, "decline", values);
  }
  revalidatePath(publicQuotePath(token));
  return { status: "success", message: "The quote is declined. Thank you for letting us know.", errors: {} };
};
