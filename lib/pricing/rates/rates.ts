import { and, asc, count, eq } from "drizzle-orm";
import { pricingPlans, pricingRules, rates, spaces } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import type { Rate } from "./present";
import type { CreateRateInput, UpdateRateInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(rates.accountId, ctx.account.id);

/** Every member may read the rates (quotes are priced with them); ordered by name, then id. */
export const listRates = (ctx: AccountCtx): Promise<Rate[]> =>
  ctx.db.select().from(rates).where(inAccount(ctx)).orderBy(asc(rates.name), asc(rates.id));

export const findRate = async (ctx: AccountCtx, id: number): Promise<Rate> => {
  const [rate] = await ctx.db
    .select()
    .from(rates)
    .where(and(inAccount(ctx), eq(rates.id, id)));
  if (!rate) throw notFound("Rate");
  return rate;
};

const ensureSpaceOfAccount = async (ctx: AccountCtx, spaceId: string) => {
  const [found] = await ctx.db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(eq(spaces.accountId, ctx.account.id), eq(spaces.id, spaceId)));
  if (!found) throw fieldError("space_id", "is not a space of this account");
};

/** Input fields as columns; undefined leaves a column as it is (PATCH is partial). */
const columns = (input: UpdateRateInput) => ({
  name: input.name,
  unit: input.unit,
  amount: input.amount,
  taxRate: input.tax_rate,
  category: input.category,
  spaceId: input.space_id,
  active: input.active,
});

export const createRate = async (ctx: AccountCtx, input: CreateRateInput): Promise<Rate> => {
  requirePermission(ctx, "quote_manage");
  if (input.space_id) await ensureSpaceOfAccount(ctx, input.space_id);
  const [rate] = await ctx.db
    .insert(rates)
    .values({ ...columns(input), name: input.name, unit: input.unit, amount: input.amount, accountId: ctx.account.id })
    .returning();
  return rate!;
};

export const updateRate = async (ctx: AccountCtx, id: number, input: UpdateRateInput): Promise<Rate> => {
  requirePermission(ctx, "quote_manage");
  await findRate(ctx, id);
  if (input.space_id) await ensureSpaceOfAccount(ctx, input.space_id);
  const [rate] = await ctx.db
    .update(rates)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(rates.id, id)))
    .returning();
  if (!rate) throw notFound("Rate");
  return rate;
};

/**
 * Refused (409) while a pricing rule prices with the rate, naming the first one. The row lock
 * waits for plan writes that already reference the rate (their foreign key check holds a key
 * share lock on it) and makes later ones wait for this delete, so no rule slips in between the
 * check and the delete.
 */
export const deleteRate = async (ctx: AccountCtx, id: number) => {
  requirePermission(ctx, "quote_manage");
  await ctx.db.transaction(async (db) => {
    const [rate] = await db
      .select({ id: rates.id })
      .from(rates)
      .where(and(inAccount(ctx), eq(rates.id, id)))
      .for("update");
    if (!rate) throw notFound("Rate");
    const [first] = await db
      .select({ rule: pricingRules.name, plan: pricingPlans.name })
      .from(pricingRules)
      .innerJoin(pricingPlans, eq(pricingPlans.id, pricingRules.planId))
      .where(eq(pricingRules.rateId, id))
      .orderBy(asc(pricingPlans.name), asc(pricingRules.priority), asc(pricingRules.id))
      .limit(1);
    if (first) {
      const [total] = await db.select({ count: count() }).from(pricingRules).where(eq(pricingRules.rateId, id));
      const others = (total?.count ?? 1) - 1;
      const more = others > 0 ? ` and ${others} other rule${others === 1 ? "" : "s"}` : "";
      throw new ApiError("conflict", `Used by rule '${first.rule}' of plan '${first.plan}'${more}`);
    }
    await db.delete(rates).where(and(inAccount(ctx), eq(rates.id, id)));
  });
};
