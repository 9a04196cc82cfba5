import { randomBytes } from "node:crypto";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError } from "@/lib/http/errors";
import { priceQuote, PricingInputError, type DiscountInput, type PricingInput } from "@/lib/pricing/engine";
import type { Plan, Rate } from "@/lib/pricing/plans";
import { storeBreakdown, type QuoteParties, type SnapshotAllocation, type StoredBreakdown } from "./document";
import { planningNow } from "@/lib/planning/clock";
import { addDays, localDateOf } from "@/lib/planning/time";
import { discountCodeIdsOf, documentParties, pricedAllocations, pricingCatalogue, usableDiscounts, venueTimeZone, type EventRow } from "./pricing-inputs";
import type { Overrides, QuoteInput } from "./schemas";

/** Days a quote stays valid when the planner names no date. */
export const defaultValidityDays = 30;

/**
 * What a version freezes: its parties, the allocations it prices and every pricing input, so
 * the same numbers can be recomputed later (a customer ticking optional lines) without ever
 * reading today's rates.
 */
export type QuoteSnapshot = QuoteParties & {
  timezone: string;
  allocations: SnapshotAllocation[];
  pricing: {
    currency: string;
    attendees: number | null;
    event_plan_id: number | null;
    plans: Plan[];
    rates: Rate[];
    discounts: (DiscountInput & { id: number })[];
    overrides: Overrides;
  };
};

const emptyOverrides: Overrides = { lines: [], additional_lines: [], optional_lines: [] };

/**
 * Added and optional lines keep the key they were first stored with, so a selection or an
 * override that names one still names it after an earlier line is removed.
 */
const withKeys = (overrides: Overrides): Overrides => {
  const keyed = <L extends { key?: string }>(lines: L[], prefix: string) => lines.map((line) => (line.key ? line : { ...line, key: `${prefix}-${randomBytes(4).toString("hex")}` }));
  return { ...overrides, additional_lines: keyed(overrides.additional_lines, "additional"), optional_lines: keyed(overrides.optional_lines, "optional") };
};

const engineInput = (pricing: QuoteSnapshot["pricing"], allocations: SnapshotAllocation[], selectedOptionalKeys: string[]): PricingInput => ({
  currency: pricing.currency,
  attendees: pricing.attendees,
  allocations: allocations.map((a) => ({
    id: a.id,
    spaceId: a.space_id,
    spaceName: a.space_name,
    timezone: a.timezone,
    startAt: new Date(a.start_at),
    endAt: new Date(a.end_at),
  })),
  plans: pricing.plans,
  eventPlanId: pricing.event_plan_id,
  rates: pricing.rates,
  overrides: {
    lines: pricing.overrides.lines.map((line) => ({ key: line.key, included: line.included, quantity: line.quantity, unitPrice: line.unit_price })),
    additionalLines: pricing.overrides.additional_lines.map((line) => ({ ...line, unitPrice: line.unit_price, taxRate: line.tax_rate })),
    optionalLines: pricing.overrides.optional_lines.map((line) => ({ ...line, unitPrice: line.unit_price, taxRate: line.tax_rate })),
  },
  selectedOptionalKeys,
  discounts: pricing.discounts,
});

/** Runs the engine, turning input it refuses into a 422 that names the request field. */
const price = (input: PricingInput): StoredBreakdown => {
  try {
    return storeBreakdown(priceQuote(input));
  } catch (error) {
    if (error instanceof PricingInputError) throw fieldError(error.field, error.message.slice(error.field.length + 1));
    throw error;
  }
};

/** Recomputes a stored version from its own snapshot (the customer's optional-line choice). */
export const priceFromSnapshot = (snapshot: QuoteSnapshot, selectedOptionalKeys: string[]) =>
  price(engineInput(snapshot.pricing, snapshot.allocations, selectedOptionalKeys));

/**
 * A version computed now from the event, its live allocations, the account's rates, plans and
 * discount codes, and the request: the breakdown, and the snapshot it was computed from.
 */
export const computeQuote = async (ctx: AccountCtx, event: EventRow, input: QuoteInput) => {
  const [allocations, catalogue, parties] = await Promise.all([pricedAllocations(ctx, event.id), pricingCatalogue(ctx), documentParties(ctx, event, input)]);
  const timezone = venueTimeZone(allocations);
  const now = planningNow();
  const today = localDateOf(now, timezone);
  const discountIds = discountCodeIdsOf(input);
  const discounts = await usableDiscounts(ctx, discountIds, timezone, now);
  const snapshotAllocations = allocations.map((a) => ({
    id: a.id,
    space_id: a.spaceId,
    space_name: a.spaceName,
    timezone: a.timezone,
    start_at: a.startAt.toISOString(),
    end_at: a.endAt.toISOString(),
    status: a.status,
  }));
  const snapshot: QuoteSnapshot = {
    ...parties.parties,
    timezone,
    allocations: snapshotAllocations,
    pricing: {
      currency: event.currency,
      attendees: event.attendeesCount,
      event_plan_id: event.pricingPlanId,
      plans: catalogue.plans,
      rates: catalogue.rates,
      discounts,
      overrides: withKeys(input.overrides ?? emptyOverrides),
    },
  };
  const selected = input.selected_optional_keys ?? [];
  const breakdown = price(engineInput(snapshot.pricing, snapshotAllocations, selected));
  return {
    snapshot,
    breakdown,
    contactId: parties.contactId,
    companyId: parties.companyId,
    discountIds,
    selected,
    today,
    defaultValidUntil: addDays(today, defaultValidityDays),
  };
};
