import type { QuoteRow } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { smtpUrl } from "@/lib/mail/deliver";
import { listDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { codeProblem } from "@/lib/pricing/discount-codes/usable";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import type { QuoteSnapshot } from "@/lib/quotes/compute";
import type { QuoteParties, StoredBreakdown } from "@/lib/quotes/document";
import { publicQuotePath } from "@/lib/quotes/present";
import { listQuotes, statusOf } from "@/lib/quotes/quotes";
import type { Overrides } from "@/lib/quotes/schemas";
import type { QuoteStatus } from "@/lib/quotes/states";
import { publicBaseUrl } from "@/lib/http/request";
import { planningNow } from "@/lib/planning/clock";
import { accountPath } from "@/lib/portal/paths";
import { formatWindow } from "@/lib/format/dates";

/** Server-side: the quote editor's data, shaped for the browser. No React, no "use server". */

export type CustomerOverrides = {
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  company_name: string | null;
  company_vat_number: string | null;
};

/**
 * One version as the editor shows it. Amounts stay the exact decimal strings the quote stores
 * (the browser formats them and never adds them up); `overrides` are the planner's own
 * inputs, sent back whole on the next edit.
 */
export type EditorQuote = {
  id: number;
  version: number;
  status: QuoteStatus;
  name: string | null;
  po_number: string | null;
  notes: string | null;
  currency: string;
  valid_until: string | null;
  total_excl_tax: string;
  total_tax: string;
  total_incl_tax: string;
  breakdown: StoredBreakdown;
  overrides: Overrides;
  selected_optional_keys: string[];
  discount_code_ids: number[];
  customer: QuoteParties["customer"];
  company: QuoteParties["company"];
  customer_overrides: CustomerOverrides;
  /** Generated lines the planner left out: shown so they can be put back. */
  excluded_lines: { key: string; name: string }[];
  attendees: number | null;
  /** The venue's zone (the first allocation's space): dates on the quote are in it. */
  timezone: string;
  public_url: string;
  /** The subject the service gives the email when the planner leaves it blank. */
  default_subject: string;
  preview_path: string;
  download_path: string;
  quote_sent_at: string | null;
  viewed_at: string | null;
  accepted_at: string | null;
  accepted_by_name: string | null;
  acceptance_reason: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
};

export type EditorDiscountCode = {
  id: number;
  code: string;
  name: string;
  discount_type: "percentage" | "fixed_amount";
  value: string;
  /** Why the code cannot be applied now (inactive, expired, used up), or null. */
  unusable: string | null;
};

export type EditorBundle = {
  plan: string;
  key: string;
  name: string;
  unit: "person" | "fixed";
  amount: string;
  tax_rate: string;
  category: string;
  description: string | null;
};

export type QuoteEditorData = {
  quotes: EditorQuote[];
  discountCodes: EditorDiscountCode[];
  bundles: EditorBundle[];
  /** Where a sent quote's email goes: through the mail server, or into the portal's outbox. */
  delivery: "smtp" | "outbox";
  canManage: boolean;
  pricingSettingsPath: string;
  outboxPath: string;
};

const emptyOverrides: Overrides = { lines: [], additional_lines: [], optional_lines: [] };
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The portal's own preview and PDF routes: the API's need a token, these the signed-in session. */
export const quotePortalPath = (accountId: number, eventId: string, quoteId: number, ...segments: string[]) =>
  accountPath(accountId, "planning", "events", eventId, "quotes", quoteId, ...segments);

export const editorQuote = (quote: QuoteRow): EditorQuote => {
  const snapshot = quote.snapshot as QuoteSnapshot;
  const overrides = (quote.overrides as Partial<Overrides> | null) ?? emptyOverrides;
  const customer = quote.customer as Record<string, unknown>;
  const allocations = new Map(snapshot.allocations.map((allocation) => [`allocation:${allocation.id}`, allocation]));
  const timezone = snapshot.timezone ?? "UTC";
  return {
    id: quote.id,
    version: quote.version,
    status: statusOf(quote),
    name: quote.name,
    po_number: quote.poNumber,
    notes: quote.notes,
    currency: quote.currency,
    valid_until: quote.validUntil,
    total_excl_tax: quote.totalExclTax,
    total_tax: quote.totalTax,
    total_incl_tax: quote.totalInclTax,
    breakdown: quote.breakdown as StoredBreakdown,
    overrides: {
      lines: overrides.lines ?? [],
      additional_lines: overrides.additional_lines ?? [],
      optional_lines: overrides.optional_lines ?? [],
    },
    selected_optional_keys: quote.selectedOptionalKeys,
    discount_code_ids: quote.discountCodeIds,
    customer: snapshot.customer,
    company: snapshot.company,
    customer_overrides: {
      customer_first_name: text(customer.customer_first_name),
      customer_last_name: text(customer.customer_last_name),
      customer_email: text(customer.customer_email),
      company_name: text(customer.company_name),
      company_vat_number: text(customer.company_vat_number),
    },
    excluded_lines: (overrides.lines ?? []).flatMap((line) => {
      const allocation = line.included === false ? allocations.get(line.key) : undefined;
      if (!allocation) return [];
      const window = formatWindow(new Date(allocation.start_at), new Date(allocation.end_at), allocation.timezone);
      return [{ key: line.key, name: `${allocation.space_name}, ${window}` }];
    }),
    attendees: snapshot.pricing.attendees,
    timezone,
    public_url: `${publicBaseUrl()}${publicQuotePath(quote.publicToken)}`,
    default_subject: `Your quote for ${snapshot.event.name} from ${snapshot.account.name}`,
    preview_path: quotePortalPath(quote.accountId, quote.planningEventId, quote.id, "preview"),
    download_path: quotePortalPath(quote.accountId, quote.planningEventId, quote.id, "download"),
    quote_sent_at: iso(quote.quoteSentAt),
    viewed_at: iso(quote.viewedAt),
    accepted_at: iso(quote.acceptedAt),
    accepted_by_name: quote.acceptedByName,
    acceptance_reason: quote.acceptanceReason,
    rejected_at: iso(quote.rejectedAt),
    rejection_reason: quote.rejectionReason,
    created_at: quote.createdAt.toISOString(),
    updated_at: quote.updatedAt.toISOString(),
  };
};

export const editorQuotes = async (ctx: AccountCtx, eventId: string) => (await listQuotes(ctx, eventId)).map(editorQuote);

export const canManageQuotes = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "quote_manage");

/** Why the service would refuse the code now (codeProblem, as usableDiscounts asks it), in the editor's words. */
const unusableReason = (code: Awaited<ReturnType<typeof listDiscountCodes>>[number], timeZone: string, now: Date) => {
  const problem = codeProblem(code, timeZone, now);
  if (!problem) return null;
  if (problem.reason === "expired") return `expired on ${problem.on}`;
  return problem.reason === "inactive" ? "inactive" : "used up";
};

/**
 * Everything the event page's Quotes section needs, in one round of queries. Discount codes are
 * judged in the venue's zone (`timeZone`), which the page derives from the allocations it loads
 * anyway, in parallel with these queries.
 */
export const quoteEditorData = async (ctx: AccountCtx, eventId: string, venueZone: Promise<string>): Promise<QuoteEditorData> => {
  const canManage = canManageQuotes(ctx);
  const [quotes, codes, plans, timeZone] = await Promise.all([
    editorQuotes(ctx, eventId),
    canManage ? listDiscountCodes(ctx) : Promise.resolve([]),
    canManage ? listPricingPlans(ctx) : Promise.resolve([]),
    venueZone,
  ]);
  const now = planningNow();
  return {
    quotes,
    discountCodes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      name: code.name,
      discount_type: code.discountType,
      value: code.value,
      unusable: unusableReason(code, timeZone, now),
    })),
    bundles: plans
      .filter((plan) => plan.active)
      .flatMap((plan) =>
        plan.bundles.map((bundle) => ({
          plan: plan.name,
          key: bundle.key,
          name: bundle.name,
          unit: bundle.unit,
          amount: bundle.amount,
          tax_rate: bundle.tax_rate,
          category: bundle.category,
          description: bundle.description,
        })),
      ),
    delivery: smtpUrl() ? "smtp" : "outbox",
    canManage,
    pricingSettingsPath: accountPath(ctx.account.id, "settings", "pricing"),
    outboxPath: accountPath(ctx.account.id, "planning", "outbox"),
  };
};
