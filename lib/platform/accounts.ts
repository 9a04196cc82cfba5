import { asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { mergeJson } from "@/db/json";
import { accounts, agentBots } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { revokeToken } from "@/lib/auth/access-tokens";
import type { Account, Ctx, PlatformCaller } from "@/lib/auth/caller";
import { findPermissible, forgetPermissible, grantPermissible, nonPermissible, permissibleIds, requirePermissible } from "./platform-apps";
import type { PlatformAccountCreate, PlatformAccountUpdate } from "./schemas";

type PlatformCtx = Ctx<PlatformCaller>;

export const presentPlatformAccount = (account: Account) => ({
  id: account.id,
  name: account.name,
  locale: account.locale,
  domain: account.domain,
  support_email: account.supportEmail,
  features: account.features,
  custom_attributes: account.customAttributes,
  limits: account.limits,
  status: account.status,
});

export const listPlatformAccounts = async (ctx: PlatformCtx) => {
  const ids = await permissibleIds(ctx, "Account");
  if (ids.length === 0) return [];
  return ctx.db.select().from(accounts).where(anyOf(accounts.id, ids)).orderBy(asc(accounts.id));
};

export const findPlatformAccount = (ctx: PlatformCtx, id: number) =>
  findPermissible(ctx, "Account", id, async () => (await ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]);

export const createPlatformAccount = (ctx: PlatformCtx, input: PlatformAccountCreate) =>
  ctx.db.transaction(async (db) => {
    const account = await createAccount(db, {
      name: input.name,
      locale: input.locale,
      domain: input.domain,
      supportEmail: input.support_email,
      status: input.status,
      features: input.features,
      limits: input.limits,
      customAttributes: input.custom_attributes,
    });
    await grantPermissible(db, ctx.caller.app.id, "Account", account.id);
    return account;
  });

export const updatePlatformAccount = async (ctx: PlatformCtx, id: number, input: PlatformAccountUpdate) => {
  await requirePermissible(ctx, "Account", id);
  const [account] = await ctx.db
    .update(accounts)
    .set({
      name: input.name,
      locale: input.locale,
      domain: input.domain,
      supportEmail: input.support_email,
      status: input.status,
      features: mergeJson(accounts.features, input.features),
      limits: mergeJson(accounts.limits, input.limits),
      customAttributes: mergeJson(accounts.customAttributes, input.custom_attributes),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, id))
    .returning();
  if (!account) throw nonPermissible();
  return account;
};

/**
 * Deletes the account; its rows go by foreign-key cascade. Its bots' tokens are polymorphic
 * (no foreign key), so they are revoked here, and every app forgets the account and its bots.
 */
export const deletePlatformAccount = (ctx: PlatformCtx, id: number) =>
  ctx.db.transaction(async (db) => {
    await requirePermissible({ ...ctx, db }, "Account", id);
    const bots = await db.select({ id: agentBots.id }).from(agentBots).where(eq(agentBots.accountId, id));
    for (const bot of bots) await revokeToken(db, "AgentBot", bot.id);
    const [deleted] = await db.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
    if (!deleted) throw nonPermissible();
    await forgetPermissible(db, "Account", [id]);
    await forgetPermissible(db, "AgentBot", bots.map((bot) => bot.id));
  });
