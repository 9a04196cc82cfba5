import { z } from "zod";
import { rateCategories } from "@/db/schema";
import { ZBodyId, ZBool, ZDate, ZName } from "@/lib/http/schemas";
import { clauseFields, clauseOperators, clauseProblem } from "../plans";
import { ZAmount, ZTaxRate } from "../rates/schemas";

const maxInt = 2_147_483_647;

/**
 * A condition of a rule. Shapes depend on the field and operator together, so the pricing
 * engine's own check decides (the engine skips what it would refuse); its verdict names the
 * part at fault, which becomes the error's path (`pricing_rules.0.clauses.2.operator`).
 */
export const ZClause = z
  .object({
    field: z.unknown().meta({ override: { type: "string", enum: [...clauseFields] } }),
    operator: z.unknown().meta({ override: { type: "string", enum: [...clauseOperators] } }),
    value: z.unknown().meta({
      description: "One value for eq, gte and lte; a non-empty list for in; [low, high] for between",
    }),
  })
  .superRefine((clause, ctx) => {
    const problem = clauseProblem(clause);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message, input: clause[problem.field] });
  })
  .transform(({ field, operator, value }) => ({ field: field as string, operator: operator as string, value }))
  .meta({ id: "PricingClause" });

const ZRuleInput = z
  .object({
    name: ZName,
    rate_id: ZBodyId.meta({ description: "A rate of the account" }),
    priority: z.int().min(-maxInt).max(maxInt).optional().meta({ description: "Lower is tried first; 0 when omitted" }),
    active: ZBool.optional(),
    is_default: ZBool.optional().meta({ description: "Prices what no other rule matches; at most one per plan" }),
    clauses: z.array(ZClause).max(50).optional().meta({ description: "All must hold; none: the rule always holds" }),
  })
  .meta({ id: "PricingRuleInput" });
export type RuleInput = z.output<typeof ZRuleInput>;

const ZRules = z
  .array(ZRuleInput)
  .max(500)
  .superRefine((rules, ctx) => {
    const defaults = rules.flatMap((rule, index) => (rule.is_default ? [index] : []));
    for (const index of defaults.slice(1)) {
      ctx.addIssue({ code: "custom", path: [index, "is_default"], message: "only one rule of a plan may be the default", input: true });
    }
  });

export const bundleKeyPattern = /^[A-Za-z0-9_-]{1,64}$/;

const ZBundleInput = z
  .object({
    key: z
      .string()
      .regex(bundleKeyPattern, { message: "may only contain letters, digits, _ and - (at most 64)" })
      .optional()
      .meta({ description: "Stable id of the bundle within its plan (quote overrides name it); generated when omitted" }),
    name: ZName,
    unit: z.enum(["person", "fixed"]),
    amount: ZAmount,
    tax_rate: ZTaxRate.optional().meta({ description: "Percent; 0 when omitted" }),
    category: z.enum(rateCategories).optional().meta({ description: "other when omitted" }),
    description: z.string().max(10_000).nullable().optional(),
  })
  .meta({ id: "PricingBundleInput" });
export type BundleInput = z.output<typeof ZBundleInput>;

const ZBundles = z
  .array(ZBundleInput)
  .max(200)
  .superRefine((bundles, ctx) => {
    const seen = new Set<string>();
    bundles.forEach((bundle, index) => {
      if (bundle.key === undefined) return;
      if (seen.has(bundle.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: "is used by another bundle of the plan", input: bundle.key });
      seen.add(bundle.key);
    });
  });

const planFields = {
  name: ZName,
  valid_from: ZDate.nullable().optional().meta({ description: "First day the plan applies; null is open" }),
  valid_to: ZDate.nullable().optional().meta({ description: "Last day the plan applies (not before valid_from); null is open" }),
  repeat_yearly: ZBool.optional().meta({ description: "Compare month and day only, every year" }),
  active: ZBool.optional(),
  is_default: ZBool.optional().meta({ description: "The plan used when no other applies; setting it clears the previous default" }),
  pricing_rules: ZRules.optional().meta({ description: "Replaces the plan's rules when given" }),
  bundles: ZBundles.optional().meta({ description: "Replaces the plan's bundles when given" }),
};

export const ZCreatePricingPlan = z.object(planFields).meta({ id: "PricingPlanCreate" });
export type CreatePricingPlanInput = z.output<typeof ZCreatePricingPlan>;
export const ZUpdatePricingPlan = z.object(planFields).partial().meta({ id: "PricingPlanUpdate" });
export type UpdatePricingPlanInput = z.output<typeof ZUpdatePricingPlan>;

export const ZPricingRule = z
  .object({
    id: z.int(),
    name: z.string(),
    rate_id: z.int(),
    priority: z.int(),
    active: z.boolean(),
    is_default: z.boolean(),
    clauses: z.array(z.object({ field: z.string(), operator: z.string(), value: z.unknown() })),
  })
  .meta({ id: "PricingRule" });

export const ZBundle = z
  .object({
    key: z.string(),
    name: z.string(),
    unit: z.enum(["person", "fixed"]),
    amount: z.number(),
    tax_rate: z.number(),
    category: z.string(),
    description: z.string().nullable(),
  })
  .meta({ id: "PricingBundle" });

export const ZPricingPlan = z
  .object({
    id: z.int(),
    name: z.string(),
    valid_from: z.iso.date().nullable(),
    valid_to: z.iso.date().nullable(),
    repeat_yearly: z.boolean(),
    active: z.boolean(),
    is_default: z.boolean(),
    is_integration_plan: z.boolean(),
    experience_id: z.int().nullable(),
    bundles: z.array(ZBundle),
    pricing_rules: z.array(ZPricingRule).meta({ description: "By priority, then id" }),
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "PricingPlan" });

export const ZPricingPlanList = z.array(ZPricingPlan).meta({ id: "PricingPlanList" });
