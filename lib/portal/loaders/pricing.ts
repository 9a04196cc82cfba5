import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { listSpaces } from "@/lib/planning/spaces/spaces";
import { findDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { findPricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import { findRate, listRates } from "@/lib/pricing/rates/rates";
import { orNotFound } from "@/lib/portal/loaders/records";
import { settingsPath } from "@/lib/portal/paths";
import { spaceChoices } from "@/lib/portal/loaders/spaces";
import type { RateOption } from "@/components/settings/pricing/plan-editor";

/** Server-side lookups for the pricing settings pages. */

/** Whether the page should offer pricing's write controls (the services refuse them anyway). */
export const canManagePricing = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "quote_manage");

export const pricingPath = (accountId: number, ...segments: (string | number)[]) => settingsPath(accountId, "pricing", ...segments);

export const findPortalRate = (ctx: AccountCtx, id: number) => orNotFound(findRate(ctx, id));
export const findPortalDiscountCode = (ctx: AccountCtx, id: number) => orNotFound(findDiscountCode(ctx, id));
export const findPortalPricingPlan = async (ctx: AccountCtx, id: number) => presentPricingPlan(await orNotFound(findPricingPlan(ctx, id)));

/** The account's spaces in tree order, for space choices, and their names by id. */
export const pricingSpaces = async (ctx: AccountCtx) => {
  const spaces = await listSpaces(ctx);
  return { choices: spaceChoices(spaces), names: new Map(spaces.map((space) => [space.id, space.name])) };
};

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
