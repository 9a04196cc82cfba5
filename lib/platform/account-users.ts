import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountUsers, users } from "@/db/schema";
import { upsertMembership } from "@/lib/accounts/create-account";
import type { Ctx, PlatformCaller } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import { findPlatformAccount } from "./accounts";
import { hasPermissible } from "./platform-apps";
import type { PlatformAccountUserDelete, PlatformAccountUserUpsert } from "./schemas";

type PlatformCtx = Ctx<PlatformCaller>;
type AccountUser = typeof accountUsers.$inferSelect;

export const presentPlatformAccountUser = (row: AccountUser) => ({
  id: row.id,
  account_id: row.accountId,
  user_id: row.userId,
  role: row.role,
  inviter_id: row.inviterId,
  availability: row.availability,
  auto_offline: row.autoOffline,
  active_at: row.activeAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The user named in the body must be one this app created (Chatwoot lets an app attach any user,
 * which let it add another account's administrator to its own accounts). Unknown and foreign ids
 * get the same 404, so ids reveal nothing.
 */
const requireOwnUser = async (ctx: PlatformCtx, userId: number) => {
  if (!(await hasPermissible(ctx, "User", userId))) throw notFound("User");
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
};

const membershipOf = async (db: DbOrTx, accountId: number, userId: number) =>
  (await db.select().from(accountUsers).where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId))))[0];

export const listPlatformAccountUsers = async (ctx: PlatformCtx, accountId: number) => {
  await findPlatformAccount(ctx, accountId);
  return ctx.db.select().from(accountUsers).where(eq(accountUsers.accountId, accountId)).orderBy(asc(accountUsers.id));
};

export const upsertPlatformAccountUser = (ctx: PlatformCtx, accountId: number, input: PlatformAccountUserUpsert) =>
  ctx.db.transaction(async (db) => {
    await findPlatformAccount({ ...ctx, db }, accountId);
    await requireOwnUser({ ...ctx, db }, input.user_id);
    const existing = await membershipOf(db, accountId, input.user_id);
    return upsertMembership(db, { accountId, userId: input.user_id, role: input.role ?? existing?.role ?? "agent" });
  });

/** Removes the membership only; removing one that does not exist is not an error. */
export const removePlatformAccountUser = (ctx: PlatformCtx, accountId: number, input: PlatformAccountUserDelete) =>
  ctx.db.transaction(async (db) => {
    await findPlatformAccount({ ...ctx, db }, accountId);
    await requireOwnUser({ ...ctx, db }, input.user_id);
    await db.delete(accountUsers).where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, input.user_id)));
  });
