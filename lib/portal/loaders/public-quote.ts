import { cache } from "react";
import { getDb } from "@/db/client";
import type { QuoteRow } from "@/db/schema";
import { newerVersion, publicQuote } from "@/lib/quotes/public-page";

/*
 * The customer's quote page (no session: the token in the link is the credential). Unknown
 * tokens and drafts are the same null; the first view is recorded, once per request.
 */

/** One load per request for the metadata and the page, so the first view is recorded once. */
export const loadPublicQuote = cache((token: string) => publicQuote(getDb(), token, { recordView: true }));

/** The version that replaced a withdrawn or superseded one, if the customer has it. */
export const loadNewerVersion = (quote: QuoteRow) => newerVersion(getDb(), quote);
