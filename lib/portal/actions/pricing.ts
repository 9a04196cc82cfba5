"use server";

import { z } from "zod";
import { ZId } from "@/lib/http/schemas";
import { portalAction, portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath, pricingPath, withNotice } from "@/lib/portal/paths";
import { createDiscountCode, deleteDiscountCode, updateDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { ZCreateDiscountCode, ZUpdateDiscountCode } from "@/lib/pricing/discount-codes/schemas";
import { createPricingPlan, deletePricingPlan, updatePricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import { ZCreatePricingPlan } from "@/lib/pricing/pricing-plans/schemas";
import { createRate, deleteRate, updateRate } from "@/lib/pricing/rates/rates";
import { ZCreateRate, ZUpdateRate } from "@/lib/pricing/rates/schemas";


/** Rates, plans and codes are chosen on events and quotes all over the account. */
const everyPage = (accountId: number) => accountPath(accountId);

// ---- Rates ---------------------------------------------------------------------------------

const rateFields = {
  name: "text",
  unit: "text",
  amount: "text",
  tax_rate: "text",
  category: "optional",
  space_id: "nullable",
  active: "checkbox",
} satisfies Record<string, FieldKind>;

export const createRateAction = portalFormAction({
  name: "create rate",
  ids: [],
  fields: rateFields,
  body: ZCreateRate,
  run: (ctx, body) => createRate(ctx, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "rates"), "created"),
});

export const updateRateAction = portalFormAction({
  name: "update rate",
  ids: [ZId],
  fields: rateFields,
  body: ZUpdateRate,
  run: (ctx, rateId, body) => updateRate(ctx, rateId, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "rates"), "updated"),
});

/** A rate a pricing rule still uses is refused (409), and the dialog names the rule and its plan. */
export const deleteRateAction = portalFormAction({
  name: "delete rate",
  ids: [ZId],
  run: (ctx, rateId) => deleteRate(ctx, rateId),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "rates"), "deleted"),
});

// ---- Discount codes ------------------------------------------------------------------------

const codeFields = {
  name: "text",
  code: "text",
  discount_type: "text",
  value: "text",
  active: "checkbox",
  valid_until: "nullable",
  max_redemptions: "nullable",
} satisfies Record<string, FieldKind>;

/** The redemption limit as the schema takes it: JSON's integer (anything else still goes through, to be refused by name). */
const codeBody = ({ max_redemptions: limit, ...input }: Record<string, unknown>) => ({
  ...input,
  max_redemptions: typeof limit === "string" && /^\d{1,10}$/.test(limit.trim()) ? Number(limit.trim()) : limit,
});

export const createDiscountCodeAction = portalFormAction({
  name: "create discount code",
  ids: [],
  fields: codeFields,
  body: ZCreateDiscountCode,
  shape: codeBody,
  run: (ctx, body) => createDiscountCode(ctx, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "discount-codes"), "created"),
});

export const updateDiscountCodeAction = portalFormAction({
  name: "update discount code",
  ids: [ZId],
  fields: codeFields,
  body: ZUpdateDiscountCode,
  shape: codeBody,
  run: (ctx, codeId, body) => updateDiscountCode(ctx, codeId, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "discount-codes"), "updated"),
});

export const deleteDiscountCodeAction = portalFormAction({
  name: "delete discount code",
  ids: [ZId],
  run: (ctx, codeId) => deleteDiscountCode(ctx, codeId),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "discount-codes"), "deleted"),
});

// ---- Pricing plans -------------------------------------------------------------------------

/**
 * The whole plan as the API's body (`pricing_rules` and `bundles` replace the sets), built by
 * the editor; `null` for a plan not stored yet. The editor always sends every field, so the
 * create schema checks an edit as well. A new plan goes to the list; a saved one back to its
 * editor, which opens again on the stored plan (rules in the order they are tried). Only a
 * refusal is answered: the editor places its errors on the rows they name.
 */
export const savePricingPlanAction = portalAction({
  name: "save pricing plan",
  // The editor sends what was typed (a priority of "soon" too), for the schema to refuse by name.
  args: [ZId.nullable(), z.unknown().pipe(ZCreatePricingPlan)],
  ids: 1,
  run: async (ctx, planId, plan) =>
    planId === null ? { created: true, id: (await createPricingPlan(ctx, plan)).id } : { created: false, id: (await updatePricingPlan(ctx, planId, plan)).id },
  revalidate: everyPage,
  redirectTo: (accountId, { created, id }) =>
    created ? withNotice(pricingPath(accountId, "plans"), "created") : withNotice(pricingPath(accountId, "plans", id), "updated"),
});

export const deletePricingPlanAction = portalFormAction({
  name: "delete pricing plan",
  ids: [ZId],
  run: (ctx, planId) => deletePricingPlan(ctx, planId),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(pricingPath(accountId, "plans"), "deleted"),
});
