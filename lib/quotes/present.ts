import type { QuoteRow } from "@/db/schema";
import { publicBaseUrl } from "@/lib/http/request";
import type { DeliveryState } from "@/lib/mail/deliver";
import { presentDelivery } from "@/lib/mail/present";
import type { QuoteSnapshot } from "./compute";
import type { QuoteDocument, StoredBreakdown, StoredLine } from "./document";
import { statusOf } from "./quotes";

export const publicQuotePath = (token: string) => `/q/${token}`;
const quotePath = (quote: QuoteRow) => `/api/v1/accounts/${quote.accountId}/planning/events/${quote.planningEventId}/quotes/${quote.id}`;

/** JSON numbers from the exact decimal strings (display-exact: at most four decimals). */
const amount = (value: string) => Number(value);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

const presentLine = (line: StoredLine) => ({
  ...line,
  quantity: amount(line.quantity),
  unit_price: amount(line.unit_price),
  tax_rate: amount(line.tax_rate),
  net: amount(line.net),
  discount: amount(line.discount),
  tax: amount(line.tax),
  total: amount(line.total),
});

export const presentBreakdown = (breakdown: StoredBreakdown) => ({
  lines: breakdown.lines.map(presentLine),
  additional_lines: breakdown.additional_lines.map(presentLine),
  optional_lines: breakdown.optional_lines.map(presentLine),
  discounts: breakdown.discounts.map((d) => ({ ...d, value: amount(d.value), amount: amount(d.amount) })),
  subtotal_excl_tax: amount(breakdown.subtotal_excl_tax),
  taxes: breakdown.taxes.map((t) => ({ tax_rate: amount(t.tax_rate), base: amount(t.base), tax: amount(t.tax) })),
  total_excl_tax: amount(breakdown.total_excl_tax),
  total_tax: amount(breakdown.total_tax),
  total_incl_tax: amount(breakdown.total_incl_tax),
  warnings: breakdown.warnings,
  plan_id: breakdown.plan_id,
  plan_name: breakdown.plan_name,
});

/**
 * INTERFACE.md's quote, plus what happened to it (views, acceptance, rejection); send_quote's
 * answer adds `delivery`, where its email stands.
 */
export const presentQuote = (quote: QuoteRow & { delivery?: DeliveryState | null }) => {
  const base = publicBaseUrl();
  return {
    id: quote.id,
    account_id: quote.accountId,
    planning_event_id: quote.planningEventId,
    status: statusOf(quote),
    version: quote.version,
    name: quote.name,
    po_number: quote.poNumber,
    notes: quote.notes,
    contact_id: quote.contactId,
    company_id: quote.companyId,
    pricing_plan_id: quote.pricingPlanId,
    discount_code_id: quote.discountCodeIds[0] ?? null,
    discount_code_ids: quote.discountCodeIds,
    currency: quote.currency,
    total_incl_tax: amount(quote.totalInclTax),
    total_excl_tax: amount(quote.totalExclTax),
    total_tax: amount(quote.totalTax),
    breakdown: presentBreakdown(quote.breakdown as StoredBreakdown),
    overrides: quote.overrides,
    selected_optional_keys: quote.selectedOptionalKeys,
    customer: (quote.snapshot as QuoteSnapshot).customer,
    company: (quote.snapshot as QuoteSnapshot).company,
    valid_until: quote.validUntil,
    public_token: quote.publicToken,
    public_url: `${base}${publicQuotePath(quote.publicToken)}`,
    preview_url: `${base}${quotePath(quote)}/preview`,
    download_url: `${base}${quotePath(quote)}/download`,
    quote_sent_at: iso(quote.quoteSentAt),
    viewed_at: iso(quote.viewedAt),
    accepted_at: iso(quote.acceptedAt),
    accepted_by_name: quote.acceptedByName,
    accepted_ip: quote.acceptedIp,
    accepted_user_agent: quote.acceptedUserAgent,
    acceptance_reason: quote.acceptanceReason,
    rejected_at: iso(quote.rejectedAt),
    rejection_reason: quote.rejectionReason,
    created_at: quote.createdAt.toISOString(),
    updated_at: quote.updatedAt.toISOString(),
    ...(quote.delivery === undefined ? {} : { delivery: quote.delivery && presentDelivery(quote.delivery) }),
  };
};

/** The one input of every rendering (preview, PDF, public page). */
export const documentOf = (quote: QuoteRow): QuoteDocument => {
  const snapshot = quote.snapshot as QuoteSnapshot;
  return {
    account: snapshot.account,
    customer: snapshot.customer,
    company: snapshot.company,
    event: snapshot.event,
    quote: {
      id: quote.id,
      version: quote.version,
      name: quote.name,
      status: statusOf(quote),
      po_number: quote.poNumber,
      notes: quote.notes,
      currency: quote.currency,
      valid_until: quote.validUntil,
      created_at: quote.createdAt.toISOString(),
      public_url: `${publicBaseUrl()}${publicQuotePath(quote.publicToken)}`,
    },
    timezone: snapshot.timezone,
    allocations: snapshot.allocations,
    breakdown: quote.breakdown as StoredBreakdown,
  };
};

/** `quote-<event>-v2.pdf`: a filename safe in any header. */
export const pdfFilename = (quote: QuoteRow) => {
  const snapshot = quote.snapshot as QuoteSnapshot;
  const slug = (quote.name ?? snapshot.event.name)
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .toLowerCase()
    .slice(0, 60);
  return `quote-${slug || quote.id}-v${quote.version}.pdf`;
};
