import { formatCalendarDate, formatInstant as formatInstantIn } from "@/lib/format/dates";
import type { QuoteStatus } from "@/lib/quotes/states";

/**
 * The quote editor's own labels and dates; no React, no server imports. Amounts, quantities and
 * units are worded by lib/format/money and lib/format/quantities, as the document words them.
 */

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
export const formatInstant = (iso: string, timeZone: string) => formatInstantIn(iso, timeZone);

/** "16 Jun 2029" for a calendar date (YYYY-MM-DD), read as that day wherever the browser is. */
export const formatDate = (date: string) => formatCalendarDate(date);
