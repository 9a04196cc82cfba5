import type { BundleJson, pricingPlans, pricingRules } from "@/db/schema";

export type PricingPlan = typeof pricingPlans.$inferSelect;
export type PricingRule = typeof pricingRules.$inferSelect;
/** A plan with its rules, by priority then id (the order the engine tries them in). */
export type PricingPlanView = PricingPlan & { rules: PricingRule[] };

export const presentPricingRule = (rule: PricingRule) => ({
  id: rule.id,
  name: rule.name,
  rate_id: rule.rateId,
  priority: rule.priority,
  active: rule.active,
  is_default: rule.isDefault,
  clauses: rule.clauses.map(({ field, operator, value }) => ({ field, operator, value })),
});

/** Bundles keep their decimals as exact strings inside the plan; JSON carries them as numbers. */
export const presentBundle = (bundle: BundleJson) => ({
  key: bundle.key,
  name: bundle.name,
  unit: bundle.unit,
  amount: Number(bundle.amount),
  tax_rate: Number(bundle.tax_rate),
  category: bundle.category,
  description: bundle.description,
});

export const presentPricingPlan = (plan: PricingPlanView) => ({
  id: plan.id,
  name: plan.name,
  valid_from: plan.validFrom,
  valid_to: plan.validTo,
  repeat_yearly: plan.repeatYearly,
  active: plan.active,
  is_default: plan.isDefault,
  is_integration_plan: plan.isIntegrationPlan,
  experience_id: plan.experienceId,
  bundles: plan.bundles.map(presentBundle),
  pricing_rules: plan.rules.map(presentPricingRule),
  created_at: plan.createdAt.toISOString(),
  updated_at: plan.updatedAt.toISOString(),
});
