import { and, asc, eq } from "drizzle-orm";
import { accounts, allocations, companies, contacts, planningEvents, spaces } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { planningNow } from "@/lib/planning/clock";
import { countsAt } from "@/lib/planning/rules";
import { liveAt } from "@/lib/planning/rules-sql";
import { localDateOf } from "@/lib/planning/time";
import type { DiscountInput, PricedAllocation } from "@/lib/pricing/engine";
import { findDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { codeProblem } from "@/lib/pricing/discount-codes/usable";
import type { Clause, Plan, Rate } from "@/lib/pricing/plans";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import { listRates } from "@/lib/pricing/rates/rates";
import type { QuoteInput } from "./schemas";

export type EventRow = typeof planningEvents.$inferSelect;

/** The event a quote belongs to; another account's (or a malformed) id is 404. */
export const findQuoteEvent = async (ctx: AccountCtx, eventId: string): Promise<EventRow> => {
  if (!isUuid(eventId)) throw notFound("Event");
  const [event] = await ctx.db
    .select()
    .from(planningEvents)
    .where(and(eq(planningEvents.accountId, ctx.account.id), eq(planningEvents.id, eventId)));
  if (!event) throw notFound("Event");
  return event;
};

/** The event's live allocations (holds not lapsed, bookings), with their spaces, earliest first. */
export const pricedAllocations = async (ctx: AccountCtx, eventId: string) => {
  const rows = await ctx.db
    .select({ allocation: allocations, spaceName: spaces.name, timezone: spaces.timezone })
    .from(allocations)
    .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
    .where(
      and(
        eq(allocations.accountId, ctx.account.id),
        eq(allocations.eventId, eventId),
        liveAt(allocations, planningNow()),
      ),
    )
    .orderBy(asc(allocations.startAt), asc(allocations.id));
  return rows.map(
    ({ allocation, spaceName, timezone }): PricedAllocation & { status: string } => ({
      id: allocation.id,
      spaceId: allocation.spaceId,
      spaceName,
      timezone,
      startAt: allocation.startAt,
      endAt: allocation.endAt,
      status: allocation.status,
    }),
  );
};

/** Every rate and plan of the account (the pricing services' reads), as the engine takes them. */
export const pricingCatalogue = async (ctx: AccountCtx): Promise<{ rates: Rate[]; plans: Plan[] }> => {
  const [rateRows, planRows] = await Promise.all([listRates(ctx), listPricingPlans(ctx)]);
  return {
    rates: rateRows.map((rate) => ({
      id: rate.id,
      name: rate.name,
      unit: rate.unit,
      amount: rate.amount,
      taxRate: rate.taxRate,
      category: rate.category,
      spaceId: rate.spaceId,
      active: rate.active,
    })),
    plans: planRows.map((plan) => ({
      id: plan.id,
      name: plan.name,
      validFrom: plan.validFrom,
      validTo: plan.validTo,
      repeatYearly: plan.repeatYearly,
      active: plan.active,
      isDefault: plan.isDefault,
      rules: plan.rules.map((rule) => ({
        id: rule.id,
        name: rule.name,
        rateId: rule.rateId,
        priority: rule.priority,
        active: rule.active,
        isDefault: rule.isDefault,
        clauses: rule.clauses as Clause[],
      })),
      bundles: plan.bundles.map((bundle) => ({ ...bundle, taxRate: bundle.tax_rate })),
    })),
  };
};

/** `discount_code_id` first, then `discount_code_ids`, each once, in the order given. */
export const discountCodeIdsOf = (input: Pick<QuoteInput, "discount_code_id" | "discount_code_ids">) => [
  ...new Set([...(input.discount_code_id ? [input.discount_code_id] : []), ...(input.discount_code_ids ?? [])]),
];

/** The codes to apply: each must be the account's, active, unexpired where the venue is (`timeZone`) and not used up. */
export const usableDiscounts = async (ctx: AccountCtx, ids: number[], timeZone: string, now: Date): Promise<(DiscountInput & { id: number })[]> => {
  const byId = new Map((await findDiscountCodes(ctx, ids)).map((row) => [row.id, row]));
  return ids.map((id, index) => {
    const code = byId.get(id);
    const field = `discount_code_ids.${index}`;
    if (!code) throw fieldError(field, "is not a discount code of this account");
    const problem = codeProblem(code, timeZone, now);
    if (problem?.reason === "inactive") throw fieldError(field, `(${code.code}) is not active`);
    if (problem?.reason === "expired") throw fieldError(field, `(${code.code}) expired on ${problem.on}`);
    if (problem?.reason === "used_up") throw fieldError(field, `(${code.code}) has been used up`);
    return { id, code: code.code, name: code.name, discountType: code.discountType, value: code.value };
  });
};

/** The quote's parties and occasion, frozen with it: what the document shows. */
export const documentParties = async (ctx: AccountCtx, event: EventRow, input: QuoteInput) => {
  const contactId = input.contact_id !== undefined ? input.contact_id : event.contactId;
  const companyId = input.company_id !== undefined ? input.company_id : event.companyId;
  const [[account], [contact], [company]] = await Promise.all([
    ctx.db.select().from(accounts).where(eq(accounts.id, ctx.account.id)),
    contactId
      ? ctx.db
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, ctx.account.id), eq(contacts.id, contactId)))
      : Promise.resolve([]),
    companyId
      ? ctx.db
          .select()
          .from(companies)
          .where(and(eq(companies.accountId, ctx.account.id), eq(companies.id, companyId)))
      : Promise.resolve([]),
  ]);
  if (contactId && !contact) throw fieldError("contact_id", "is not a contact of this account");
  if (companyId && !company) throw fieldError("company_id", "is not a company of this account");
  const [first, ...rest] = (contact?.name ?? "").trim().split(/\s+/);
  const firstName = input.customer_first_name ?? (first || null);
  const lastName = input.customer_last_name ?? (rest.join(" ") || null);
  const logo = account!.customAttributes.logo_url;
  return {
    contactId: contactId ?? null,
    companyId: companyId ?? null,
    parties: {
      account: { name: account!.name, support_email: account!.supportEmail, logo_url: typeof logo === "string" ? logo : null },
      customer: {
        first_name: firstName,
        last_name: lastName,
        name: [firstName, lastName].filter(Boolean).join(" ") || null,
        email: input.customer_email ?? contact?.email ?? null,
        phone_number: contact?.phoneNumber ?? null,
      },
      company:
        input.company_name || company
          ? {
              name: input.company_name ?? company?.name ?? null,
              vat_number: input.company_vat_number ?? company?.vatNumber ?? null,
              address: company?.address ?? null,
              email: company?.email ?? null,
            }
          : null,
      event: { id: event.id, name: event.name, attendees_count: event.attendeesCount, status: event.status },
    },
  };
};

/** The venue's zone for an event's quote: its first live allocation's space (earliest first), else UTC. */
export const venueTimeZone = (allocations: readonly { timezone: string }[]) => allocations[0]?.timezone ?? "UTC";

/**
 * The same zone from allocations already loaded in any order (the event page has them): the
 * earliest that still counts (`countsAt`, the rule `liveAt` states in SQL), its space's zone.
 */
export const venueTimeZoneOf = (
  rows: readonly { startAt: Date; spaceId: string; status: string; expiresAt: Date | null }[],
  zones: ReadonlyMap<string, { timezone: string }>,
  now = planningNow(),
) => {
  const first = rows.filter((row) => countsAt(row, now)).sort((a, b) => a.startAt.getTime() - b.startAt.getTime())[0];
  return venueTimeZone(first ? [{ timezone: zones.get(first.spaceId)?.timezone ?? "UTC" }] : []);
};

/** Today where the venue is: the first allocation's space, else UTC. */
export const venueToday = (timezone: string | null) => localDateOf(planningNow(), timezone ?? "UTC");
