import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { ZId } from "@/lib/http/schemas";
import { listSpaces } from "@/lib/planning/spaces/spaces";
import { portalLoader } from "@/lib/portal/loader";
import { spaceChoices } from "@/lib/portal/loaders/spaces";
import { findDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { findPricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import type { Rate } from "@/lib/pricing/rates/present";
import { findRate, listRates } from "@/lib/pricing/rates/rates";

/** Server-side lookups for the pricing settings pages. */

/** Whether the page should offer pricing's write controls (the services refuse them anyway). */
export const canManagePricing = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "quote_manage");


export const loadRate = portalLoader({ ids: [ZId], load: (ctx, id) => findRate(ctx, id) });
export const loadDiscountCode = portalLoader({ ids: [ZId], load: (ctx, id) => findDiscountCode(ctx, id) });
export const loadPricingPlan = portalLoader({ ids: [ZId], load: async (ctx, id) => presentPricingPlan(await findPricingPlan(ctx, id)) });

/** The account's spaces in tree order, for space choices, and their names by id. */
export const pricingSpaces = async (ctx: AccountCtx) => {
  const spaces = await listSpaces(ctx);
  return { choices: spaceChoices(spaces), names: new Map(spaces.map((space) => [space.id, space.name])) };
};

/** A rate a rule can price with, as the rate choice shows it. */
export type RateOption = { id: number; name: string; unit: Rate["unit"]; amount: string; tax_rate: string; space: string | null; active: boolean };

/** The account's rates as a rule's rate choice shows them. */
export const rateOptions = async (ctx: AccountCtx, spaceNames: ReadonlyMap<string, string>): Promise<RateOption[]> =>
  (await listRates(ctx)).map((rate) => ({
    id: rate.id,
    name: rate.name,
    unit: rate.unit,
    amount: rate.amount,
    tax_rate: rate.taxRate,
    space: rate.spaceId ? (spaceNames.get(rate.spaceId) ?? "a deleted space") : null,
    active: rate.active,
  }));
