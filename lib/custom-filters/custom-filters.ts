import { and, asc, count, eq } from "drizzle-orm";
import { accountUsers, customFilters } from "@/db/schema";
import type { AccountCtx, UserCaller } from "@/lib/auth/caller";
import { ApiError, notFound } from "@/lib/http/errors";
import type { CustomFilter } from "./present";
import type { CreateCustomFilterInput, FilterType, UpdateCustomFilterInput } from "./schemas";

/** Chatwoot's cap on saved filters per user and account. */
export const maxFiltersPerUser = 50;

type UserCtx = AccountCtx<UserCaller>;

/** Saved filters are private: every query is scoped to the caller as well as the account. */
const mine = (ctx: UserCtx) => and(eq(customFilters.accountId, ctx.account.id), eq(customFilters.userId, ctx.caller.user.id));

export const listCustomFilters = (ctx: UserCtx, filterType: FilterType): Promise<CustomFilter[]> =>
  ctx.db
    .select()
    .from(customFilters)
    .where(and(mine(ctx), eq(customFilters.filterType, filterType)))
    .orderBy(asc(customFilters.id));

/** Another user's filter is answered as missing. */
export const findCustomFilter = async (ctx: UserCtx, id: number): Promise<CustomFilter> => {
  const [row] = await ctx.db
    .select()
    .from(customFilters)
    .where(and(mine(ctx), eq(customFilters.id, id)));
  if (!row) throw notFound("Custom filter");
  return row;
};

export const createCustomFilter = async (ctx: UserCtx, input: CreateCustomFilterInput): Promise<CustomFilter> =>
  ctx.db.transaction(async (db) => {
    // The caller's membership row serialises their concurrent creates, so the cap holds.
    await db
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, ctx.account.id), eq(accountUsers.userId, ctx.caller.user.id)))
      .for("update");
    const [row] = await db.select({ total: count() }).from(customFilters).where(mine(ctx));
    if ((row?.total ?? 0) >= maxFiltersPerUser) {
      throw new ApiError("invalid", `You can save at most ${maxFiltersPerUser} custom filters in an account`, {
        errors: [{ field: "base", message: `at most ${maxFiltersPerUser} custom filters per user`, code: "invalid" }],
      });
    }
    const [created] = await db
      .insert(customFilters)
      .values({
        accountId: ctx.account.id,
        userId: ctx.caller.user.id,
        name: input.name,
        filterType: input.filterType,
        query: input.query,
      })
      .returning();
    return created!;
  });

export const updateCustomFilter = async (ctx: UserCtx, id: number, input: UpdateCustomFilterInput): Promise<CustomFilter> => {
  await findCustomFilter(ctx, id);
  const [row] = await ctx.db
    .update(customFilters)
    .set({ name: input.name, filterType: input.filterType, query: input.query, updatedAt: new Date() })
    .where(and(mine(ctx), eq(customFilters.id, id)))
    .returning();
  return row!;
};

export const deleteCustomFilter = async (ctx: UserCtx, id: number) => {
  await findCustomFilter(ctx, id);
  await ctx.db.delete(customFilters).where(and(mine(ctx), eq(customFilters.id, id)));
};
