import type { Breakdown, PricedLine } from "@/lib/pricing/engine";

/** A priced line as stored with the quote and shown in its documents (amounts as exact decimal strings). */
export type StoredLine = {
  key: string;
  name: string;
  category: string;
  quantity: string;
  unit: string;
  unit_price: string;
  tax_rate: string;
  net: string;
  discount: string;
  tax: string;
  total: string;
  allocation_id?: string;
  space_id?: string;
  description?: string | null;
  selected?: boolean;
};

/** DESIGN.md §6 breakdown, snake_case, amounts as exact decimal strings. */
export type StoredBreakdown = {
  lines: StoredLine[];
  additional_lines: StoredLine[];
  optional_lines: StoredLine[];
  discounts: { code: string; name: string; discount_type: string; value: string; amount: string }[];
  subtotal_excl_tax: string;
  taxes: { tax_rate: string; base: string; tax: string }[];
  total_excl_tax: string;
  total_tax: string;
  total_incl_tax: string;
  warnings: { code: string; message: string; allocation_id?: string }[];
  plan_id: number | null;
  plan_name: string | null;
};

const storeLine = (line: PricedLine): StoredLine => ({
  key: line.key,
  name: line.name,
  category: line.category,
  quantity: line.quantity,
  unit: line.unit,
  unit_price: line.unitPrice,
  tax_rate: line.taxRate,
  net: line.net,
  discount: line.discount,
  tax: line.tax,
  total: line.total,
  ...(line.allocationId !== undefined ? { allocation_id: line.allocationId } : {}),
  ...(line.spaceId !== undefined ? { space_id: line.spaceId } : {}),
  ...(line.description !== undefined ? { description: line.description } : {}),
  ...(line.selected !== undefined ? { selected: line.selected } : {}),
});

export const storeBreakdown = (breakdown: Breakdown): StoredBreakdown => ({
  lines: breakdown.lines.map(storeLine),
  additional_lines: breakdown.additionalLines.map(storeLine),
  optional_lines: breakdown.optionalLines.map(storeLine),
  discounts: breakdown.discounts.map((d) => ({ code: d.code, name: d.name, discount_type: d.discountType, value: d.value, amount: d.amount })),
  subtotal_excl_tax: breakdown.subtotalExclTax,
  taxes: breakdown.taxes.map((t) => ({ tax_rate: t.taxRate, base: t.base, tax: t.tax })),
  total_excl_tax: breakdown.totalExclTax,
  total_tax: breakdown.totalTax,
  total_incl_tax: breakdown.totalInclTax,
  warnings: breakdown.warnings.map((w) => ({ code: w.code, message: w.message, ...(w.allocationId ? { allocation_id: w.allocationId } : {}) })),
  plan_id: breakdown.planId,
  plan_name: breakdown.planName,
});

/** The parties and occasion frozen with a quote version. */
export type QuoteParties = {
  account: { name: string; support_email: string | null; logo_url: string | null };
  customer: { first_name: string | null; last_name: string | null; name: string | null; email: string | null; phone_number: string | null };
  company: { name: string | null; vat_number: string | null; address: string | null; email: string | null } | null;
  event: { id: string; name: string; attendees_count: number | null; status: string };
};

export type SnapshotAllocation = { id: string; space_id: string; space_name: string; timezone: string; start_at: string; end_at: string; status: string };

/**
 * Everything a quote document shows, from one stored version: the HTML preview, the PDF and
 * the public page all render this and nothing else, so they always agree.
 */
export type QuoteDocument = QuoteParties & {
  quote: {
    id: number;
    version: number;
    name: string | null;
    status: string;
    po_number: string | null;
    notes: string | null;
    currency: string;
    valid_until: string | null;
    created_at: string;
    public_url: string;
  };
  /** The venue's time zone (the first allocation's space); dates on the document are shown in it. */
  timezone: string;
  allocations: SnapshotAllocation[];
  breakdown: StoredBreakdown;
};
