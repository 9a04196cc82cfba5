import { and, desc, eq, gt } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { quotes, type QuoteRow } from "@/db/schema";
import { priceFromSnapshot, type QuoteSnapshot } from "./compute";
import type { QuoteDocument, StoredBreakdown } from "./document";
import { presentQuote, type QuoteView } from "./format";
import { documentOf, publicQuotePath } from "./present";
import { quoteByToken } from "./transitions";

/**
 * What the customer's page `/q/[token]` reads (DESIGN.md §6 "Quote lifecycle"): the token is
 * the only credential, a draft is not public, and every amount comes from the stored version or
 * is recomputed from its own snapshot — never from what the browser sends.
 */

/** The quote behind a public token, or null for an unknown token or a draft (both look the same). */
export const publicQuote = async (db: DbOrTx, token: string, options: { recordView?: boolean } = {}): Promise<QuoteRow | null> => {
  const quote = await quoteByToken(db, token, options);
  return quote && quote.status !== "draft" ? quote : null;
};

/** The optional lines a version offers, in their stored order. */
export const offeredKeys = (quote: QuoteRow): string[] => (quote.breakdown as StoredBreakdown).optional_lines.map((line) => line.key);

/** The optional lines the version counts now (the planner's preselection, or the customer's choice once accepted). */
export const selectedKeys = (quote: QuoteRow): string[] =>
  (quote.breakdown as StoredBreakdown).optional_lines.filter((line) => line.selected === true).map((line) => line.key);

/** A requested selection cut down to lines the version offers, in the version's order, each once. */
export const selectionOf = (quote: QuoteRow, keys: readonly string[]): string[] => {
  const wanted = new Set(keys);
  return offeredKeys(quote).filter((key) => wanted.has(key));
};

/** The document with the stored breakdown, or one recomputed from the snapshot for another selection. */
export const documentFor = (quote: QuoteRow, selection?: readonly string[]): QuoteDocument => {
  const document = documentOf(quote);
  if (selection === undefined) return document;
  return { ...document, breakdown: priceFromSnapshot(quote.snapshot as QuoteSnapshot, selectionOf(quote, selection)) };
};

/** The part of the page that changes with the customer's choice of optional lines. */
export type PublicPricing = Pick<QuoteView, "groups" | "totals">;

export const pricingOf = (document: QuoteDocument): PublicPricing => {
  const view = presentQuote(document);
  return { groups: view.groups, totals: view.totals };
};

/** The newest later version of the same event the customer may see (sent or accepted), for "see the new version". */
export const newerVersion = async (db: DbOrTx, quote: QuoteRow): Promise<{ version: number; path: string } | null> => {
  const [newer] = await db
    .select({ version: quotes.version, token: quotes.publicToken })
    .from(quotes)
    .where(and(eq(quotes.planningEventId, quote.planningEventId), gt(quotes.version, quote.version), anyOf(quotes.status, ["sent", "accepted"])))
    .orderBy(desc(quotes.version))
    .limit(1);
  return newer ? { version: newer.version, path: publicQuotePath(newer.token) } : null;
};

/** "12 June 2029 at 14:05 (Europe/Amsterdam)": when something happened, where the venue is. */
export const formatMoment = (instant: Date, timeZone: string): string => {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch {
    zone = "UTC";
  }
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")} at ${part("hour")}:${part("minute")} (${zone})`;
};
