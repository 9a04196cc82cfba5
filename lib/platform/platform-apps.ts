import { and, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { platformAppPermissibles, platformApps, type PermissibleType } from "@/db/schema";
import { issueToken } from "@/lib/auth/access-tokens";
import type { Ctx, PlatformCaller } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";

/** Operators create platform apps from the CLI; the token is printed once there. */
export const createPlatformApp = async (db: DbOrTx, name: string) =>
  db.transaction(async (tx) => {
    const [app] = await tx.insert(platformApps).values({ name }).returning();
    return { app: app!, token: await issueToken(tx, "PlatformApp", app!.id) };
  });

export const grantPermissible = (db: DbOrTx, appId: number, type: PermissibleType, id: number) =>
  db
    .insert(platformAppPermissibles)
    .values({ platformAppId: appId, permissibleType: type, permissibleId: id })
    .onConflictDoNothing();

export const nonPermissible = () => new ApiError("unauthorized", "Non permissible resource");

/** Chatwoot's permissible rule: an app touches only what it created or was granted. */
export const hasPermissible = async (ctx: Ctx<PlatformCaller>, type: PermissibleType, id: number) => {
  const [row] = await ctx.db
    .select({ id: platformAppPermissibles.id })
    .from(platformAppPermissibles)
    .where(
      and(
        eq(platformAppPermissibles.platformAppId, ctx.caller.app.id),
        eq(platformAppPermissibles.permissibleType, type),
        eq(platformAppPermissibles.permissibleId, id),
      ),
    );
  return row !== undefined;
};

export const requirePermissible = async (ctx: Ctx<PlatformCaller>, type: PermissibleType, id: number) => {
  if (!(await hasPermissible(ctx, type, id))) throw nonPermissible();
};

export const permissibleIds = async (ctx: Ctx<PlatformCaller>, type: PermissibleType) =>
  (
    await ctx.db
      .select({ id: platformAppPermissibles.permissibleId })
      .from(platformAppPermissibles)
      .where(and(eq(platformAppPermissibles.platformAppId, ctx.caller.app.id), eq(platformAppPermissibles.permissibleType, type)))
  ).map((row) => row.id);

export const forgetPermissible = (db: DbOrTx, type: PermissibleType, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .delete(platformAppPermissibles)
        .where(and(eq(platformAppPermissibles.permissibleType, type), anyOf(platformAppPermissibles.permissibleId, ids)));

/**
 * Loads a record the app may touch. A missing record is answered like another app's, so an
 * id tells the app nothing about records it does not own.
 */
export const findPermissible = async <T>(
  ctx: Ctx<PlatformCaller>,
  type: PermissibleType,
  id: number,
  load: () => Promise<T | undefined>,
): Promise<T> => {
  await requirePermissible(ctx, type, id);
  const record = await load();
  if (!record) throw nonPermissible();
  return record;
};
