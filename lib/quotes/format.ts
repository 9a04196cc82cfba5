import Big from "big.js";
import { formatDeduction, formatDiscountValue, formatMoney, formatPercent } from "@/lib/format/money";
import { formatAttendees, lineFigures } from "@/lib/format/quantities";
import { addDays, isLocalDate, localParts } from "@/lib/planning/time";
import { parseDecimal } from "@/lib/pricing/money";
import type { QuoteDocument, StoredLine } from "./document";

/**
 * What a quote document says, composed once (DESIGN.md §6 "Quote lifecycle": the HTML preview,
 * the PDF and the customer's page render the same snapshot). They lay out a `QuoteView` and
 * format nothing themselves; amounts and quantities are worded by lib/format, as the editor
 * words them, so no two views of a quote can disagree on an amount, a quantity or a unit.
 * Pure: no I/O, no clock; the same document always gives the same view.
 */

// ---------------------------------------------------------------------------------------------
// Dates

const dateParts = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });

const pad = (value: number) => String(value).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Built from parts so the wording never depends on the ICU's punctuation: "Saturday 12 June 2027". */
const wordedDate = (date: string, withWeekday: boolean): string => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const parts = dateParts.formatToParts(new Date(Date.UTC(year, month - 1, day)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const plain = `${part("day")} ${part("month")} ${part("year")}`;
  return withWeekday ? `${part("weekday")} ${plain}` : plain;
};

/** A snapshot's zone is a space's IANA zone; one that Intl does not know reads as UTC rather than failing the document. */
const knownZone = (timeZone: string): string => {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
};

/** "12 June 2027" for a `YYYY-MM-DD` date (a calendar day, no zone), or for an instant's day in `timeZone`. */
export const formatDay = (value: string, timeZone: string, withWeekday = false): string => {
  if (isLocalDate(value)) return wordedDate(value, withWeekday);
  return wordedDate(localParts(new Date(value), knownZone(timeZone)).date, withWeekday);
};

/**
 * When an allocation runs, in its space's zone: "Saturday 12 June 2027, 14:00–23:59
 * (Europe/Amsterdam)"; "…, 18:00–24:00 (…)" when it ends at the following midnight; both days
 * when it runs longer.
 */
export const formatSpan = (startAt: string, endAt: string, timeZone: string): string => {
  const zone = knownZone(timeZone);
  const start = localParts(new Date(startAt), zone);
  const end = localParts(new Date(endAt), zone);
  const day = `${wordedDate(start.date, true)}, ${clock(start.minutes)}`;
  const label =
    end.date === start.date
      ? `${day}–${clock(end.minutes)}`
      : end.minutes === 0 && end.date === addDays(start.date, 1)
        ? `${day}–24:00`
        : `${day} – ${wordedDate(end.date, true)}, ${clock(end.minutes)}`;
  return `${label} (${zone})`;
};

// ---------------------------------------------------------------------------------------------
// Lines by category

/** Rate categories in the order a venue's quote reads; any other category follows, in order of appearance. */
const categoryTitles: Record<string, string> = {
  space: "Spaces",
  catering: "Catering",
  equipment: "Equipment",
  staff: "Staff",
  other: "Other",
};

const readable = (value: string) => value.replace(/[_-]+/g, " ").trim();

export const categoryTitle = (category: string): string => {
  const known = categoryTitles[category];
  if (known) return known;
  const words = readable(category);
  return words === "" ? "Other" : words.charAt(0).toUpperCase() + words.slice(1);
};

export type ViewLine = {
  key: string;
  name: string;
  description: string | null;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  optional: boolean;
  /** False for an optional line the customer has not selected: it is shown but not in the totals. */
  counted: boolean;
  /** "Optional", with whether it is in the totals; null for a regular line. */
  tag: string | null;
};

/** `subtotal` is null when no line of the group counts (only optional lines nobody selected). */
export type ViewGroup = { category: string; title: string; lines: ViewLine[]; subtotal: string | null };

const viewLine = (line: StoredLine, optional: boolean, currency: string): ViewLine => {
  const counted = !optional || line.selected === true;
  const description = line.description?.trim() ? line.description.trim() : null;
  return {
    key: line.key,
    name: line.name,
    description,
    ...lineFigures(line, currency),
    optional,
    counted,
    tag: optional ? (counted ? "Optional · selected" : "Optional · not included") : null,
  };
};

/**
 * Every line of the breakdown under its category: generated and additional lines first, then the
 * optional ones, each group in stored order. A group's subtotal is the net of the lines that count
 * (before discounts, which the totals show once for the whole quote).
 */
export const groupLines = (doc: Pick<QuoteDocument, "breakdown" | "quote">): ViewGroup[] => {
  const { currency } = doc.quote;
  const entries = [
    ...doc.breakdown.lines.map((line) => ({ line, optional: false })),
    ...doc.breakdown.additional_lines.map((line) => ({ line, optional: false })),
    ...doc.breakdown.optional_lines.map((line) => ({ line, optional: true })),
  ];
  const groups = new Map<string, { lines: ViewLine[]; subtotal: Big; counted: boolean }>();
  for (const { line, optional } of entries) {
    const category = line.category || "other";
    const group = groups.get(category) ?? { lines: [], subtotal: new Big(0), counted: false };
    const view = viewLine(line, optional, currency);
    group.lines.push(view);
    if (view.counted) {
      group.subtotal = group.subtotal.plus(parseDecimal(line.net));
      group.counted = true;
    }
    groups.set(category, group);
  }
  const order = Object.keys(categoryTitles);
  const rank = (category: string) => (order.includes(category) ? order.indexOf(category) : order.length);
  return [...groups.entries()]
    .map(([category, group], index) => ({ category, index, group }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.index - b.index)
    .map(({ category, group }) => ({ category, title: categoryTitle(category), lines: group.lines,
      subtotal: group.counted ? formatMoney(group.subtotal.toFixed(), currency) : null,
    }));
};

// ---------------------------------------------------------------------------------------------
// The whole document

export type TotalRow = { label: string; amount: string };

export type QuoteView = {
  account: { name: string; email: string | null; logoUrl: string | null };
  title: string;
  /** "Quote 1042", the reference a customer quotes back. */
  reference: string;
  version: number;
  /** Shown on the document only when it changes what the customer may do with it (a draft, an accepted quote…). */
  status: string | null;
  issued: string;
  validUntil: string | null;
  poNumber: string | null;
  customer: { name: string | null; email: string | null; phone: string | null };
  company: { name: string | null; vatNumber: string | null; addressLines: string[]; email: string | null } | null;
  event: { name: string; attendees: string | null };
  spaces: { name: string; when: string }[];
  groups: ViewGroup[];
  totals: {
    subtotal: TotalRow;
    discounts: TotalRow[];
    /** Only when discounts make it differ from the subtotal. */
    totalExclTax: TotalRow | null;
    taxes: TotalRow[];
    total: TotalRow;
  };
  notes: string | null;
  publicUrl: string | null;
  currency: string;
  /** "Quote 1042 · Version 3", on every page. */
  footer: string;
};

const statusLabels: Record<string, string | null> = {
  draft: "Draft",
  sent: null,
  expired: "Expired",
  withdrawn: "Withdrawn",
  accepted: "Accepted",
  rejected: "Declined",
  superseded: "Superseded by a newer version",
  archived: "Archived",
};

const text = (value: string | null | undefined): string | null => (value && value.trim() !== "" ? value.trim() : null);

export const customerName = (customer: QuoteDocument["customer"]): string | null =>
  text(customer.name) ?? text([customer.first_name, customer.last_name].filter(Boolean).join(" "));

const discountLabel = (discount: QuoteDocument["breakdown"]["discounts"][number], currency: string): string => {
  const name = text(discount.name) ?? text(discount.code) ?? "Discount";
  const amount = formatDiscountValue(discount.discount_type, discount.value, currency);
  const code = text(discount.code) && discount.code !== name ? ` (${discount.code})` : "";
  return `${name}${code} · ${amount}`;
};

/** Only web addresses become links on a document (a stored `javascript:` URL must never be one). */
const webUrl = (value: string | null): string | null => {
  const url = text(value);
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? url : null;
  } catch {
    return null;
  }
};

/** The file name a download offers: "quote-1042-v3.pdf". */
export const quoteFilename = (doc: Pick<QuoteDocument, "quote">): string => `quote-${doc.quote.id}-v${doc.quote.version}.pdf`;

export const presentQuote = (doc: QuoteDocument): QuoteView => {
  const { quote, breakdown } = doc;
  const currency = quote.currency.toUpperCase();
  const money = (amount: string) => formatMoney(amount, currency);
  const reference = `Quote ${quote.id}`;
  const hasDiscounts = breakdown.discounts.length > 0;
  const company = doc.company;
  return {
    account: { name: doc.account.name, email: text(doc.account.support_email), logoUrl: text(doc.account.logo_url) },
    title: text(quote.name) ?? doc.event.name,
    reference,
    version: quote.version,
    status: statusLabels[quote.status] === undefined ? text(quote.status) : (statusLabels[quote.status] ?? null),
    issued: formatDay(quote.created_at, doc.timezone),
    validUntil: quote.valid_until ? formatDay(quote.valid_until, doc.timezone) : null,
    poNumber: text(quote.po_number),
    customer: { name: customerName(doc.customer), email: text(doc.customer.email), phone: text(doc.customer.phone_number) },
    company: company
      ? {
          name: text(company.name),
          vatNumber: text(company.vat_number),
          addressLines: (company.address ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean),
          email: text(company.email),
        }
      : null,
    event: {
      name: doc.event.name,
      attendees: doc.event.attendees_count === null ? null : formatAttendees(doc.event.attendees_count),
    },
    spaces: [...doc.allocations]
      .sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at) || a.space_name.localeCompare(b.space_name))
      .map((allocation) => ({ name: allocation.space_name, when: formatSpan(allocation.start_at, allocation.end_at, allocation.timezone) })),
    groups: groupLines(doc),
    totals: {
      subtotal: { label: "Subtotal excl. tax", amount: money(breakdown.subtotal_excl_tax) },
      discounts: breakdown.discounts.map((discount) => ({ label: discountLabel(discount, currency), amount: formatDeduction(discount.amount, currency) })),
      totalExclTax: hasDiscounts ? { label: "Total excl. tax", amount: money(breakdown.total_excl_tax) } : null,
      taxes: breakdown.taxes.map((tax) => ({ label: `Tax ${formatPercent(tax.tax_rate)} on ${money(tax.base)}`, amount: money(tax.tax) })),
      total: { label: "Total incl. tax", amount: money(breakdown.total_incl_tax) },
    },
    notes: text(quote.notes),
    publicUrl: webUrl(quote.public_url),
    currency,
    footer: `${reference} · Version ${quote.version}`,
  };
};
