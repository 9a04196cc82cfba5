import { cache } from "react";
import { getDb } from "@/db/client";
import type { QuoteRow } from "@/db/schema";
import { spaceKnowledge } from "@/lib/knowledge-base/space-knowledge";
import { documentOf } from "@/lib/quotes/present";
import { newerVersion, publicQuote } from "@/lib/quotes/public-page";

/*
 * The customer's quote page (no session: the token in the link is the credential). Unknown
 * tokens and drafts are the same null; the first view is recorded, once per request.
 */

/** One load per request for the metadata and the page, so the first view is recorded once. */
export const loadPublicQuote = cache((token: string) => publicQuote(getDb(), token, { recordView: true }));

/** The version that replaced a withdrawn or superseded one, if the customer has it. */
export const loadNewerVersion = (quote: QuoteRow) => newerVersion(getDb(), quote);

/** The quoted spaces' photos and published facts, as the quote's own snapshot names the spaces. */
export const loadQuotedSpaces = (quote: QuoteRow) =>
  spaceKnowledge(
    getDb(),
    quote.accountId,
    documentOf(quote).allocations.map((allocation) => allocation.space_id),
  );
