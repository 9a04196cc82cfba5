import { randomBytes } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { planningEvents, quotes, type QuoteRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, notFound } from "@/lib/http/errors";
import { computeQuote, type QuoteSnapshot } from "./compute";
import { findQuoteEvent, venueToday, type EventRow } from "./pricing-inputs";
import type { QuoteInput } from "./schemas";
import { effectiveStatus, transition, type QuoteAction, type StoredQuoteStatus } from "./states";

/** 192 random bits, URL-safe: the public page's only credential. */
export const newPublicToken = () => randomBytes(24).toString("base64url");

/** The request fields a version was made from, so a PATCH or a revision starts from them. */
export const inputOf = (quote: QuoteRow): QuoteInput => {
  const customer = quote.customer as Record<string, string | null | undefined>;
  return {
    name: quote.name,
    contact_id: quote.contactId,
    company_id: quote.companyId,
    valid_until: quote.validUntil,
    po_number: quote.poNumber,
    notes: quote.notes,
    discount_code_ids: quote.discountCodeIds,
    customer_first_name: customer.customer_first_name ?? undefined,
    customer_last_name: customer.customer_last_name ?? undefined,
    customer_email: customer.customer_email ?? undefined,
    company_name: customer.company_name ?? undefined,
    company_vat_number: customer.company_vat_number ?? undefined,
    overrides: (quote.snapshot as QuoteSnapshot).pricing.overrides,
    selected_optional_keys: quote.selectedOptionalKeys,
  };
};

const customerOverrides = (input: QuoteInput) => ({
  customer_first_name: input.customer_first_name ?? null,
  customer_last_name: input.customer_last_name ?? null,
  customer_email: input.customer_email ?? null,
  company_name: input.company_name ?? null,
  company_vat_number: input.company_vat_number ?? null,
});

/** The columns a computed version writes. */
export const versionColumns = async (ctx: AccountCtx, event: EventRow, input: QuoteInput) => {
  const computed = await computeQuote(ctx, event, input);
  return {
    name: input.name ?? null,
    poNumber: input.po_number ?? null,
    notes: input.notes ?? null,
    contactId: computed.contactId,
    companyId: computed.companyId,
    pricingPlanId: computed.breakdown.plan_id,
    discountCodeIds: computed.discountIds,
    currency: event.currency,
    totalExclTax: computed.breakdown.total_excl_tax,
    totalTax: computed.breakdown.total_tax,
    totalInclTax: computed.breakdown.total_incl_tax,
    breakdown: computed.breakdown,
    overrides: computed.snapshot.pricing.overrides,
    snapshot: computed.snapshot,
    customer: customerOverrides(input),
    selectedOptionalKeys: computed.selected,
    validUntil: input.valid_until === undefined ? computed.defaultValidUntil : input.valid_until,
  };
};

/** A quote's state as readers see it: `expired` once a sent quote's validity day has passed in the venue's zone. */
export const statusIn = (quote: { status: QuoteRow["status"]; validUntil: string | null }, timezone: string | null | undefined) =>
  effectiveStatus(quote.status, quote.validUntil, venueToday(timezone ?? "UTC"));

export const statusOf = (quote: QuoteRow) => statusIn(quote, (quote.snapshot as QuoteSnapshot).timezone);

/** 422 `invalid_transition` unless the lifecycle allows `action` from the quote's state. */
export const allowed = (quote: QuoteRow, action: QuoteAction) => {
  const result = transition(statusOf(quote), action);
  if (!result.allowed) throw new ApiError("invalid_transition", result.message, { errors: [{ field: "status", message: result.message, code: "invalid_transition" }] });
  return result;
};

export const listQuotes = async (ctx: AccountCtx, eventId: string): Promise<QuoteRow[]> => {
  const event = await findQuoteEvent(ctx, eventId);
  return ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.accountId, ctx.account.id), eq(quotes.planningEventId, event.id)))
    .orderBy(desc(quotes.version))
    .limit(200);
};

export const findQuote = async (ctx: AccountCtx, eventId: string, id: number, options: { forUpdate?: boolean } = {}): Promise<QuoteRow> => {
  const event = await findQuoteEvent(ctx, eventId);
  const query = ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.accountId, ctx.account.id), eq(quotes.planningEventId, event.id), eq(quotes.id, id)));
  const [quote] = await (options.forUpdate ? query.for("update") : query);
  if (!quote) throw notFound("Quote");
  return quote;
};

/** The next version number of the event's quotes, under the event's row lock. */
export const nextVersion = async (ctx: AccountCtx, eventId: string) => {
  await ctx.db.execute(sql`select 1 from planning_events where id = ${eventId} for update`);
  const [row] = await ctx.db
    .select({ max: sql<number>`coalesce(max(${quotes.version}), 0)`.mapWith(Number) })
    .from(quotes)
    .where(eq(quotes.planningEventId, eventId));
  return (row?.max ?? 0) + 1;
};

/** POST quotes: a draft version priced from the event as it is now. */
export const createQuote = async (ctx: AccountCtx, eventId: string, input: QuoteInput): Promise<QuoteRow> => {
  requirePermission(ctx, "quote_manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const event = await findQuoteEvent(tx, eventId);
    const columns = await versionColumns(tx, event, input);
    const version = await nextVersion(tx, event.id);
    const [quote] = await db
      .insert(quotes)
      .values({ ...columns, accountId: ctx.account.id, planningEventId: event.id, version, status: "draft", publicToken: newPublicToken() })
      .returning();
    return quote!;
  });
};

/** PATCH a draft: the fields sent replace the stored ones and the version is priced again. */
export const updateQuote = async (ctx: AccountCtx, eventId: string, id: number, patch: QuoteInput): Promise<QuoteRow> => {
  requirePermission(ctx, "quote_manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const quote = await findQuote(tx, eventId, id, { forUpdate: true });
    allowed(quote, "update");
    const event = await findQuoteEvent(tx, eventId);
    const sent = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const columns = await versionColumns(tx, event, { ...inputOf(quote), ...sent });
    const [updated] = await db
      .update(quotes)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(quotes.id, quote.id))
      .returning();
    return updated!;
  });
};

export const quotesPerPage = 25;

/** Every quote version of the account, newest first, with its event's name: the Quotes page. */
export const listAccountQuotes = async (ctx: AccountCtx, query: { page: number; status?: StoredQuoteStatus }) => {
  const where = and(eq(quotes.accountId, ctx.account.id), query.status ? eq(quotes.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ quote: quotes, eventName: planningEvents.name })
      .from(quotes)
      .innerJoin(planningEvents, eq(planningEvents.id, quotes.planningEventId))
      .where(where)
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(quotesPerPage)
      .offset((query.page - 1) * quotesPerPage),
    ctx.db.select({ n: count() }).from(quotes).where(where),
  ]);
  return { rows, count: total?.n ?? 0, page: query.page };
};
