import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { issueToken, revokeToken, tokenOf } from "@/lib/auth/access-tokens";
import type { Ctx, PlatformCaller, User } from "@/lib/auth/caller";
import { hashNewPassword } from "@/lib/auth/passwords";
import { createSsoToken } from "@/lib/auth/sso";
import { fieldError } from "@/lib/http/errors";
import { createUser, ensureEmailFree, findUserByEmail } from "@/lib/users/create-user";
import { mergeJson } from "@/db/json";
import { findPermissible, forgetPermissible, grantPermissible, hasPermissible, nonPermissible, requirePermissible } from "./platform-apps";
import type { PlatformUserCreate, PlatformUserUpdate } from "./schemas";

type PlatformCtx = Ctx<PlatformCaller>;

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

export const findPlatformUser = (ctx: PlatformCtx, id: number) =>
  findPermissible(ctx, "User", id, async () => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]);

/** Creates the user in a savepoint: if a concurrent request took the email first, that user is the answer. */
const createOrFind = async (db: DbOrTx, input: PlatformUserCreate & { name: string }) => {
  try {
    const user = await db.transaction((savepoint) =>
      createUser(savepoint, {
        name: input.name,
        email: input.email,
        password: input.password,
        displayName: input.display_name,
        customAttributes: input.custom_attributes,
      }),
    );
    return { user, created: true };
  } catch (error) {
    const user = isUniqueViolation(error) ? await findUserByEmail(db, input.email) : undefined;
    if (!user) throw error;
    return { user, created: false };
  }
};

/**
 * Chatwoot's find-or-create, made safe: posting the email of a user the app already manages
 * returns that user unchanged; a new email creates a confirmed user with an access token. A
 * user the app does not manage is refused (422 taken): otherwise any app could claim any
 * user by email and then mint their token or sign-in link.
 */
export const createPlatformUser = (ctx: PlatformCtx, input: PlatformUserCreate) =>
  ctx.db.transaction(async (db) => {
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      if (!(await hasPermissible({ ...ctx, db }, "User", existing.id))) throw fieldError("email", "has already been taken", "taken");
      return existing;
    }
    const { name } = input;
    if (name === undefined) throw fieldError("name", "is required", "required");
    const { user, created } = await createOrFind(db, { ...input, name });
    if (!created && !(await hasPermissible({ ...ctx, db }, "User", user.id))) throw fieldError("email", "has already been taken", "taken");
    await grantPermissible(db, ctx.caller.app.id, "User", user.id);
    return user;
  });

export const updatePlatformUser = (ctx: PlatformCtx, id: number, input: PlatformUserUpdate) =>
  ctx.db.transaction(async (db) => {
    const current = await findPlatformUser({ ...ctx, db }, id);
    if (input.email !== undefined && input.email !== current.email.toLowerCase()) await ensureEmailFree(db, input.email, id);
    const [user] = await db
      .update(users)
      .set({
        name: input.name,
        displayName: input.display_name,
        email: input.email,
        uid: input.email,
        passwordHash: input.password !== undefined ? await hashNewPassword(input.password, input.email ?? current.email) : undefined,
        customAttributes: mergeJson(users.customAttributes, input.custom_attributes),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return user!;
  });

/** Deletes the user with their memberships and sign-in links (cascade); the token is revoked here. */
export const deletePlatformUser = (ctx: PlatformCtx, id: number) =>
  ctx.db.transaction(async (db) => {
    await requirePermissible({ ...ctx, db }, "User", id);
    await revokeToken(db, "User", id);
    const [deleted] = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (!deleted) throw nonPermissible();
    await forgetPermissible(db, "User", [id]);
  });

export const platformUserLoginUrl = async (ctx: PlatformCtx, id: number, baseUrl: string) => {
  const user = await findPlatformUser(ctx, id);
  const token = await createSsoToken(ctx.db, user.id);
  return `${baseUrl}/login?email=${encodeURIComponent(user.email)}&sso_auth_token=${encodeURIComponent(token)}`;
};

/** The user's current token; a user without one (never, unless revoked) gets one issued. */
export const platformUserToken = async (ctx: PlatformCtx, id: number) => {
  const user = await findPlatformUser(ctx, id);
  const token = (await tokenOf(ctx.db, "User", user.id)) ?? (await issueToken(ctx.db, "User", user.id));
  return presentUserToken(user, token);
};

const presentUserToken = (user: User, accessToken: string) => ({
  access_token: accessToken,
  expiry: null,
  user: { id: user.id, name: user.name, display_name: user.displayName, email: user.email, pubsub_token: user.pubsubToken },
});
