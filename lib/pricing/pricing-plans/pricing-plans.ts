import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { pricingPlans, pricingRules, rates, type BundleJson } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import { validationFailed } from "@/lib/http/validation";
import type { PricingPlan, PricingPlanView, PricingRule } from "./present";
import type { BundleInput, CreatePricingPlanInput, RuleInput, UpdatePricingPlanInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(pricingPlans.accountId, ctx.account.id);

/** Loads the rules of all the plans in one query. */
const withRules = async (ctx: AccountCtx, plans: PricingPlan[]): Promise<PricingPlanView[]> => {
  if (plans.length === 0) return [];
  const rules = await ctx.db
    .select()
    .from(pricingRules)
    .where(
      and(
        eq(pricingRules.accountId, ctx.account.id),
        anyOf(
          pricingRules.planId,
          plans.map((plan) => plan.id),
        ),
      ),
    )
    .orderBy(asc(pricingRules.planId), asc(pricingRules.priority), asc(pricingRules.id));
  const byPlan = new Map<number, PricingRule[]>();
  for (const rule of rules) byPlan.set(rule.planId, [...(byPlan.get(rule.planId) ?? []), rule]);
  return plans.map((plan) => ({ ...plan, rules: byPlan.get(plan.id) ?? [] }));
};

/** Every member may read the plans (quotes are priced with them); ordered by name, then id, each with its rules. */
export const listPricingPlans = async (ctx: AccountCtx): Promise<PricingPlanView[]> =>
  withRules(ctx, await ctx.db.select().from(pricingPlans).where(inAccount(ctx)).orderBy(asc(pricingPlans.name), asc(pricingPlans.id)));

export const findPricingPlan = async (ctx: AccountCtx, id: number): Promise<PricingPlanView> => {
  const [plan] = await ctx.db
    .select()
    .from(pricingPlans)
    .where(and(inAccount(ctx), eq(pricingPlans.id, id)));
  if (!plan) throw notFound("Pricing plan");
  const [view] = await withRules(ctx, [plan]);
  return view!;
};

const ensureDatesInOrder = (from: string | null, to: string | null) => {
  if (from && to && to < from) throw fieldError("valid_to", "must not be before valid_from");
};

/**
 * Every rule's rate must be one of the account's. The rows are key-share locked, so a rate
 * cannot be deleted between this check and the rules' insert (deleteRate locks it for update).
 */
const ensureRatesOfAccount = async (ctx: AccountCtx, rules: RuleInput[]) => {
  if (rules.length === 0) return;
  const ids = [...new Set(rules.map((rule) => rule.rate_id))];
  const found = await ctx.db
    .select({ id: rates.id })
    .from(rates)
    .where(and(eq(rates.accountId, ctx.account.id), anyOf(rates.id, ids)))
    .for("key share");
  const known = new Set(found.map((rate) => rate.id));
  const errors = rules.flatMap((rule, index) =>
    known.has(rule.rate_id) ? [] : [{ field: `pricing_rules.${index}.rate_id`, message: "is not a rate of this account", code: "invalid" }],
  );
  if (errors.length > 0) throw validationFailed(errors);
};

/**
 * Default switches of one account queue here, so two plans made default at once end with the
 * later one as the default instead of a unique-index failure for one of them.
 */
const lockDefault = (ctx: AccountCtx) => ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('pricing_plans.default'), ${ctx.account.id})`);

/** The account's current default plan (other than `planId`) stops being it. Call with lockDefault held. */
const clearDefault = (ctx: AccountCtx, planId?: number) =>
  ctx.db
    .update(pricingPlans)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(pricingPlans.isDefault, true), planId === undefined ? undefined : ne(pricingPlans.id, planId)));

const newKey = (taken: Set<string>) => {
  for (;;) {
    const key = randomBytes(4).toString("hex");
    if (!taken.has(key)) return key;
  }
};

/**
 * Bundles as the plan stores them. Quote overrides name a bundle by its key, so a bundle sent
 * without one keeps the key of the plan's bundle with the same name, and only a new bundle gets
 * a new key.
 */
const storedBundles = (bundles: BundleInput[], previous: BundleJson[]): BundleJson[] => {
  const taken = new Set(bundles.flatMap((bundle) => (bundle.key === undefined ? [] : [bundle.key])));
  const previousKeys = new Map<string, string>();
  for (const bundle of previous) if (!previousKeys.has(bundle.name)) previousKeys.set(bundle.name, bundle.key);
  return bundles.map((bundle) => {
    let key = bundle.key;
    if (key === undefined) {
      const kept = previousKeys.get(bundle.name);
      key = kept !== undefined && !taken.has(kept) ? kept : newKey(taken);
      taken.add(key);
    }
    return {
      key,
      name: bundle.name,
      unit: bundle.unit,
      amount: bundle.amount,
      tax_rate: bundle.tax_rate ?? "0",
      category: bundle.category ?? "other",
      description: bundle.description ?? null,
    };
  });
};

/** Rules are inserted in the order given, so equal priorities keep that order (ids ascend). */
const insertRules = async (ctx: AccountCtx, planId: number, rules: RuleInput[]) => {
  if (rules.length === 0) return;
  await ctx.db.insert(pricingRules).values(
    rules.map((rule) => ({
      accountId: ctx.account.id,
      planId,
      name: rule.name,
      rateId: rule.rate_id,
      priority: rule.priority ?? 0,
      active: rule.active ?? true,
      isDefault: rule.is_default ?? false,
      clauses: rule.clauses ?? [],
    })),
  );
};

/** Input fields as columns; undefined leaves a column as it is (PATCH is partial). */
const columns = (input: UpdatePricingPlanInput) => ({
  name: input.name,
  validFrom: input.valid_from,
  validTo: input.valid_to,
  repeatYearly: input.repeat_yearly,
  active: input.active,
  isDefault: input.is_default,
});

/** The plan, its rules and bundles in one transaction; a default plan takes over from the previous one. */
export const createPricingPlan = async (ctx: AccountCtx, input: CreatePricingPlanInput): Promise<PricingPlanView> => {
  requirePermission(ctx, "quote_manage");
  ensureDatesInOrder(input.valid_from ?? null, input.valid_to ?? null);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    if (input.pricing_rules) await ensureRatesOfAccount(tx, input.pricing_rules);
    if (input.is_default) {
      await lockDefault(tx);
      await clearDefault(tx);
    }
    const [plan] = await db
      .insert(pricingPlans)
      .values({ ...columns(input), name: input.name, accountId: ctx.account.id, bundles: storedBundles(input.bundles ?? [], []) })
      .returning({ id: pricingPlans.id });
    await insertRules(tx, plan!.id, input.pricing_rules ?? []);
    return findPricingPlan(tx, plan!.id);
  });
};

/**
 * `pricing_rules` and `bundles`, when given, replace the plan's sets: the rules are deleted and
 * inserted again (with new ids) in the same transaction, so a refused update leaves the plan
 * as it was. The plan row is locked first, so two updates of one plan do not mix their rules.
 */
export const updatePricingPlan = async (ctx: AccountCtx, id: number, input: UpdatePricingPlanInput): Promise<PricingPlanView> => {
  requirePermission(ctx, "quote_manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    // The default lock comes before the row lock, in the same order createPricingPlan takes them.
    if (input.is_default) await lockDefault(tx);
    const [current] = await db
      .select()
      .from(pricingPlans)
      .where(and(inAccount(ctx), eq(pricingPlans.id, id)))
      .for("update");
    if (!current) throw notFound("Pricing plan");
    ensureDatesInOrder(
      input.valid_from !== undefined ? input.valid_from : current.validFrom,
      input.valid_to !== undefined ? input.valid_to : current.validTo,
    );
    if (input.pricing_rules) await ensureRatesOfAccount(tx, input.pricing_rules);
    if (input.is_default && !current.isDefault) await clearDefault(tx, id);
    await db
      .update(pricingPlans)
      .set({
        ...columns(input),
        bundles: input.bundles ? storedBundles(input.bundles, current.bundles) : undefined,
        updatedAt: new Date(),
      })
      .where(and(inAccount(ctx), eq(pricingPlans.id, id)));
    if (input.pricing_rules) {
      await db.delete(pricingRules).where(and(eq(pricingRules.accountId, ctx.account.id), eq(pricingRules.planId, id)));
      await insertRules(tx, id, input.pricing_rules);
    }
    return findPricingPlan(tx, id);
  });
};

/** Its rules go with it. */
export const deletePricingPlan = async (ctx: AccountCtx, id: number) => {
  requirePermission(ctx, "quote_manage");
  const [deleted] = await ctx.db
    .delete(pricingPlans)
    .where(and(inAccount(ctx), eq(pricingPlans.id, id)))
    .returning({ id: pricingPlans.id });
  if (!deleted) throw notFound("Pricing plan");
};
