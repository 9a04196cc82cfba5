import { minorUnits } from "@/lib/pricing/money";
import type { QuoteStatus } from "@/lib/quotes/states";

/**
 * Labels and formats for the quote editor; no React, no server imports. Amounts arrive as the
 * exact decimal strings the server priced and are only formatted here: Intl formats a decimal
 * string digit for digit, so nothing passes through a float.
 */

const moneyFormats = new Map<string, Intl.NumberFormat>();

const decimal = (value: string) => value as Intl.StringNumericLiteral;

/** "€1,234.50", "¥1,235": the currency's ISO digits. */
export const formatMoney = (amount: string, currency: string) => {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = minorUnits(currency);
    format = new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(currency, format);
  }
  return format.format(decimal(amount));
};

/** A unit price keeps any extra digits it was priced with ("€0.333"). */
export const formatUnitPrice = (amount: string, currency: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: minorUnits(currency), maximumFractionDigits: 4 }).format(
    decimal(amount),
  );

const quantityFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 4 });
export const formatQuantity = (value: string) => quantityFormat.format(decimal(value));

export const formatPercent = (value: string) => `${quantityFormat.format(decimal(value))}%`;

const unitLabels: Record<string, [string, string]> = {
  hour: ["hour", "hours"],
  day: ["day", "days"],
  person: ["guest", "guests"],
  person_hour: ["guest-hour", "guest-hours"],
};

/** "3 hours", "80 guests", "1" (a fixed line has no unit). */
export const quantityLabel = (quantity: string, unit: string) => {
  const labels = unitLabels[unit];
  if (!labels) return formatQuantity(quantity);
  return `${formatQuantity(quantity)} ${quantity === "1" ? labels[0] : labels[1]}`;
};

export const statusLabels: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  expired: "Expired",
  withdrawn: "Withdrawn",
  accepted: "Accepted",
  rejected: "Rejected",
  superseded: "Superseded",
  archived: "Archived",
};

export const statusTones: Record<QuoteStatus, "neutral" | "accent" | "success" | "warning"> = {
  draft: "neutral",
  sent: "accent",
  expired: "warning",
  withdrawn: "neutral",
  accepted: "success",
  rejected: "warning",
  superseded: "neutral",
  archived: "neutral",
};

export const categories = ["space", "catering", "equipment", "staff", "other"] as const;

const categoryLabels: Record<string, string> = {
  space: "Space",
  catering: "Catering",
  equipment: "Equipment",
  staff: "Staff",
  other: "Other",
};

export const categoryLabel = (category: string) => categoryLabels[category] ?? category.charAt(0).toUpperCase() + category.slice(1);

/** "16 Jun 2029, 14:05" in the venue's zone. */
export const formatInstant = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(iso),
  );

/** "16 Jun 2029" for a calendar date (YYYY-MM-DD), read as that day wherever the browser is. */
export const formatDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));

/** Amounts are the server's decimal strings: zero is read from the digits, never computed. */
export const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);
