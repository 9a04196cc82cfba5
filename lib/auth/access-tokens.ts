import { and, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { accessTokens, type TokenOwnerType } from "@/db/schema";
import { generateToken, tokenDigest } from "./tokens";

/**
 * Gives an owner a fresh token, replacing any it had: the old value stops working in the same
 * statement, so a reset leaves no window where both are valid.
 */
export const issueToken = async (db: DbOrTx, ownerType: TokenOwnerType, ownerId: number) => {
  const token = generateToken();
  await db
    .insert(accessTokens)
    .values({ ownerType, ownerId, token, tokenDigest: tokenDigest(token) })
    .onConflictDoUpdate({
      target: [accessTokens.ownerType, accessTokens.ownerId],
      set: { token, tokenDigest: tokenDigest(token), updatedAt: new Date() },
    });
  return token;
};

export const tokensOf = async (db: DbOrTx, ownerType: TokenOwnerType, ownerIds: number[]) => {
  if (ownerIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ ownerId: accessTokens.ownerId, token: accessTokens.token })
    .from(accessTokens)
    .where(and(eq(accessTokens.ownerType, ownerType), anyOf(accessTokens.ownerId, ownerIds)));
  return new Map(rows.map((row) => [row.ownerId, row.token]));
};

export const tokenOf = async (db: DbOrTx, ownerType: TokenOwnerType, ownerId: number) =>
  (await tokensOf(db, ownerType, [ownerId])).get(ownerId) ?? null;

export const revokeToken = (db: DbOrTx, ownerType: TokenOwnerType, ownerId: number) =>
  db.delete(accessTokens).where(and(eq(accessTokens.ownerType, ownerType), eq(accessTokens.ownerId, ownerId)));
