import Big from "big.js";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { discountCodes } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import type { DiscountCode } from "./present";
import type { CreateDiscountCodeInput, UpdateDiscountCodeInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(discountCodes.accountId, ctx.account.id);

/** Every member may read the codes (planners apply them to quotes); ordered by code, any case. */
export const listDiscountCodes = (ctx: AccountCtx): Promise<DiscountCode[]> =>
  ctx.db
    .select()
    .from(discountCodes)
    .where(inAccount(ctx))
    .orderBy(sql`lower(${discountCodes.code})`, asc(discountCodes.id));

export const findDiscountCode = async (ctx: AccountCtx, id: number): Promise<DiscountCode> => {
  const [code] = await ctx.db
    .select()
    .from(discountCodes)
    .where(and(inAccount(ctx), eq(discountCodes.id, id)));
  if (!code) throw notFound("Discount code");
  return code;
};

/**
 * The account's codes with these ids, in the order the ids are given (a repeated id repeats
 * its code). Ids of no code of the account are left out: the caller compares lengths or
 * looks for the id to name the one that is missing.
 */
export const findDiscountCodes = async (ctx: AccountCtx, ids: readonly number[]): Promise<DiscountCode[]> => {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(discountCodes)
    .where(and(inAccount(ctx), anyOf(discountCodes.id, [...new Set(ids)])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** A percentage takes off at most everything; a fixed amount only has to be positive (zod checked that). */
const ensureValueFits = (type: DiscountCode["discountType"], value: string) => {
  if (type === "percentage" && new Big(value).gt(100)) throw fieldError("value", "must be at most 100 for a percentage");
};

const codeTaken = () => fieldError("code", "has already been taken", "taken");

const ensureCodeFree = async (ctx: AccountCtx, code: string, exceptId?: number) => {
  const [taken] = await ctx.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(inAccount(ctx), eq(sql`lower(${discountCodes.code})`, code.toLowerCase()), exceptId ? ne(discountCodes.id, exceptId) : undefined));
  if (taken) throw codeTaken();
};

/** Two writers can both pass ensureCodeFree; the unique index then refuses the second, answered the same way. */
const isCodeClash = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; constraint_name?: unknown };
    if (pg.code === "23505" && pg.constraint_name === "discount_codes_account_code_key") return true;
  }
  return false;
};

const mapCodeClash = (error: unknown): never => {
  throw isCodeClash(error) ? codeTaken() : error;
};

/** Input fields as columns; undefined leaves a column as it is (PATCH is partial). */
const columns = (input: UpdateDiscountCodeInput) => ({
  name: input.name,
  code: input.code,
  discountType: input.discount_type,
  value: input.value,
  active: input.active,
  validUntil: input.valid_until,
  maxRedemptions: input.max_redemptions,
});

export const createDiscountCode = async (ctx: AccountCtx, input: CreateDiscountCodeInput): Promise<DiscountCode> => {
  requirePermission(ctx, "quote_manage");
  ensureValueFits(input.discount_type, input.value);
  await ensureCodeFree(ctx, input.code);
  const [code] = await ctx.db
    .insert(discountCodes)
    .values({
      ...columns(input),
      name: input.name,
      code: input.code,
      discountType: input.discount_type,
      value: input.value,
      accountId: ctx.account.id,
    })
    .returning()
    .catch(mapCodeClash);
  return code!;
};

/** The value is checked against the type the code ends up with, whichever of the two changes. */
export const updateDiscountCode = async (ctx: AccountCtx, id: number, input: UpdateDiscountCodeInput): Promise<DiscountCode> => {
  requirePermission(ctx, "quote_manage");
  const current = await findDiscountCode(ctx, id);
  ensureValueFits(input.discount_type ?? current.discountType, input.value ?? current.value);
  if (input.code !== undefined) await ensureCodeFree(ctx, input.code, id);
  const [code] = await ctx.db
    .update(discountCodes)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(discountCodes.id, id)))
    .returning()
    .catch(mapCodeClash);
  if (!code) throw notFound("Discount code");
  return code;
};

/** Quotes keep what they were computed with (their snapshot), so a code in use may go. */
export const deleteDiscountCode = async (ctx: AccountCtx, id: number) => {
  requirePermission(ctx, "quote_manage");
  const [deleted] = await ctx.db
    .delete(discountCodes)
    .where(and(inAccount(ctx), eq(discountCodes.id, id)))
    .returning({ id: discountCodes.id });
  if (!deleted) throw notFound("Discount code");
};
