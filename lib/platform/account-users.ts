import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountUsers, users } from "@/db/schema";
import { upsertMembership } from "@/lib/accounts/create-account";
import type { Ctx, PlatformCaller } from "@/lib/auth/caller";
import { fieldError } from "@/lib/http/errors";
import { findPlatformAccount } from "./accounts";
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

/** The user named in the body must exist; which app created it does not matter (as in Chatwoot). */
const requireUser = async (db: DbOrTx, userId: number) => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw fieldError("user_id", "does not name an existing user");
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
    await requireUser(db, input.user_id);
    const existing = await membershipOf(db, accountId, input.user_id);
    return upsertMembership(db, { accountId, userId: input.user_id, role: input.role ?? existing?.role ?? "agent" });
  });

/** Removes the membership only; removing one that does not exist is not an error. */
export const removePlatformAccountUser = (ctx: PlatformCtx, accountId: number, input: PlatformAccountUserDelete) =>
  ctx.db.transaction(async (db) => {
    await findPlatformAccount({ ...ctx, db }, accountId);
    await requireUser(db, input.user_id);
    await db.delete(accountUsers).where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, input.user_id)));
  });
