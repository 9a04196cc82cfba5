import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { issueToken, revokeToken, tokenOf } from "@/lib/auth/access-tokens";
import type { Ctx, PlatformCaller, User } from "@/lib/auth/caller";
import { hashPassword } from "@/lib/auth/passwords";
import { createSsoToken } from "@/lib/auth/sso";
import { fieldError } from "@/lib/http/errors";
import { createUser, findUserByEmail } from "@/lib/users/create-user";
import { mergeJson } from "./accounts";
import { findPermissible, forgetPermissible, grantPermissible, nonPermissible, requirePermissible } from "./platform-apps";
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
    return await db.transaction((savepoint) =>
      createUser(savepoint, {
        name: input.name,
        email: input.email,
        password: input.password,
        displayName: input.display_name,
        customAttributes: input.custom_attributes,
      }),
    );
  } catch (error) {
    const user = isUniqueViolation(error) ? await findUserByEmail(db, input.email) : undefined;
    if (!user) throw error;
    return user;
  }
};

/**
 * Chatwoot's find-or-create: a user who already has this email is returned unchanged (and the
 * app may manage it from now on); anyone else is created confirmed, with an access token.
 */
export const createPlatformUser = (ctx: PlatformCtx, input: PlatformUserCreate) =>
  ctx.db.transaction(async (db) => {
    let user = await findUserByEmail(db, input.email);
    if (!user) {
      const { name } = input;
      if (name === undefined) throw fieldError("name", "is required", "required");
      user = await createOrFind(db, { ...input, name });
    }
    await grantPermissible(db, ctx.caller.app.id, "User", user.id);
    return user;
  });

export const updatePlatformUser = (ctx: PlatformCtx, id: number, input: PlatformUserUpdate) =>
  ctx.db.transaction(async (db) => {
    const current = await findPlatformUser({ ...ctx, db }, id);
    if (input.email !== undefined && input.email !== current.email.toLowerCase()) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, id)));
      if (taken) throw fieldError("email", "has already been taken", "taken");
    }
    const [user] = await db
      .update(users)
      .set({
        name: input.name,
        displayName: input.display_name,
        email: input.email,
        uid: input.email,
        passwordHash: input.password !== undefined ? await hashPassword(input.password) : undefined,
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

/** Where sign-in links point: the configured public URL, else the address the request came to. */
export const appBaseUrl = (request: Request) =>
  (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? new URL(request.url).origin).replace(/\/+$/, "");

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
