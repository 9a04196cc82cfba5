"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { notFound } from "@/lib/http/errors";
import { parseInput } from "@/lib/http/validation";
import { createDiscountCode, deleteDiscountCode, updateDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { ZCreateDiscountCode, ZUpdateDiscountCode } from "@/lib/pricing/discount-codes/schemas";
import { createPricingPlan, deletePricingPlan, updatePricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import { ZCreatePricingPlan, ZUpdatePricingPlan } from "@/lib/pricing/pricing-plans/schemas";
import { createRate, deleteRate, updateRate } from "@/lib/pricing/rates/rates";
import { ZCreateRate, ZUpdateRate } from "@/lib/pricing/rates/schemas";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath, settingsPath, withNotice } from "@/lib/portal/paths";

const pricingPath = (accountId: number, ...segments: (string | number)[]) => settingsPath(accountId, "pricing", ...segments);

/** Rates, plans and codes are chosen on events and quotes all over the account. */
const revalidateAccount = (accountId: number) => revalidatePath(accountPath(accountId), "layout");

/** Bound ids come back from the browser: anything but a positive integer is no record of ours. */
const recordNumber = (id: unknown) => {
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
};

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
const rateFormFields = Object.keys(rateFields);

export const createRateAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, rateFields);
  try {
    await createRate(await portalContext(accountId), parseInput(ZCreateRate, input));
  } catch (error) {
    return failure(error, rateFormFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "rates"), "created"));
};

export const updateRateAction = async (accountId: number, rateId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, rateFields);
  try {
    await updateRate(await portalContext(accountId), recordNumber(rateId), parseInput(ZUpdateRate, input));
  } catch (error) {
    return failure(error, rateFormFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "rates"), "updated"));
};

/** A rate a pricing rule still uses is refused (409), and the dialog names the rule and its plan. */
export const deleteRateAction = async (accountId: number, rateId: number): Promise<FormState> => {
  try {
    await deleteRate(await portalContext(accountId), recordNumber(rateId));
  } catch (error) {
    return failure(error, []);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "rates"), "deleted"));
};

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
const codeFormFields = Object.keys(codeFields);

/** The redemption limit as the schema takes it: JSON's integer (anything else still goes through, to be refused by name). */
const readCodeForm = (formData: FormData) => {
  const { input, values } = readForm(formData, codeFields);
  const limit = input.max_redemptions;
  if (typeof limit === "string" && /^\d{1,10}$/.test(limit.trim())) input.max_redemptions = Number(limit.trim());
  return { input, values };
};

export const createDiscountCodeAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readCodeForm(formData);
  try {
    await createDiscountCode(await portalContext(accountId), parseInput(ZCreateDiscountCode, input));
  } catch (error) {
    return failure(error, codeFormFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "discount-codes"), "created"));
};

export const updateDiscountCodeAction = async (accountId: number, codeId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readCodeForm(formData);
  try {
    await updateDiscountCode(await portalContext(accountId), recordNumber(codeId), parseInput(ZUpdateDiscountCode, input));
  } catch (error) {
    return failure(error, codeFormFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "discount-codes"), "updated"));
};

export const deleteDiscountCodeAction = async (accountId: number, codeId: number): Promise<FormState> => {
  try {
    await deleteDiscountCode(await portalContext(accountId), recordNumber(codeId));
  } catch (error) {
    return failure(error, []);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "discount-codes"), "deleted"));
};

// ---- Pricing plans -------------------------------------------------------------------------

const planKeys = ["name", "valid_from", "valid_to", "repeat_yearly", "active", "is_default", "pricing_rules", "bundles"];
const ruleKeys = ["name", "rate_id", "priority", "active", "is_default", "clauses"];
const clauseKeys = ["field", "operator", "value"];
const bundleKeys = ["key", "name", "unit", "amount", "tax_rate", "category", "description"];

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Every path the editor has an input for, for the rules and bundles actually sent: errors on
 * them (`pricing_rules.0.clauses.2.value`) go beside that input, anything else into the
 * form's message.
 */
const planFieldPaths = (payload: unknown): string[] => {
  const plan = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  const paths = [...planKeys];
  listOf(plan.pricing_rules).forEach((rule, i) => {
    paths.push(`pricing_rules.${i}`, ...ruleKeys.map((key) => `pricing_rules.${i}.${key}`));
    const clauses = rule && typeof rule === "object" ? (rule as Record<string, unknown>).clauses : undefined;
    listOf(clauses).forEach((_clause, j) => {
      paths.push(`pricing_rules.${i}.clauses.${j}`, ...clauseKeys.map((key) => `pricing_rules.${i}.clauses.${j}.${key}`));
    });
  });
  listOf(plan.bundles).forEach((_bundle, k) => {
    paths.push(`bundles.${k}`, ...bundleKeys.map((key) => `bundles.${k}.${key}`));
  });
  return paths;
};

/**
 * The whole plan as the API's body (`pricing_rules` and `bundles` replace the sets), built by
 * the editor and checked here with the API's own schema. A new plan goes to the list; a saved
 * one back to its editor. Only a refusal is answered.
 */
export const savePricingPlanAction = async (accountId: number, planId: number | null, payload: unknown): Promise<FormState> => {
  let createdId: number | null = null;
  try {
    const ctx = await portalContext(accountId);
    if (planId === null) createdId = (await createPricingPlan(ctx, parseInput(ZCreatePricingPlan, payload))).id;
    else await updatePricingPlan(ctx, recordNumber(planId), parseInput(ZUpdatePricingPlan, payload));
  } catch (error) {
    return failure(error, planFieldPaths(payload));
  }
  revalidateAccount(accountId);
  // The editor opens again on the stored plan (rules in the order they are tried), with the confirmation.
  redirect(createdId !== null ? withNotice(pricingPath(accountId, "plans"), "created") : withNotice(pricingPath(accountId, "plans", planId!), "updated"));
};

export const deletePricingPlanAction = async (accountId: number, planId: number): Promise<FormState> => {
  try {
    await deletePricingPlan(await portalContext(accountId), recordNumber(planId));
  } catch (error) {
    return failure(error, []);
  }
  revalidateAccount(accountId);
  redirect(withNotice(pricingPath(accountId, "plans"), "deleted"));
};
