import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { ssoTokens, users } from "@/db/schema";
import { generateToken, tokenDigest } from "./tokens";

const SSO_TTL_MS = 5 * 60 * 1000;

/** A one-time sign-in token for the user, valid five minutes. */
export const createSsoToken = async (db: DbOrTx, userId: number) => {
  const token = generateToken();
  await db.insert(ssoTokens).values({ userId, tokenDigest: tokenDigest(token), expiresAt: new Date(Date.now() + SSO_TTL_MS) });
  return token;
};

/** Spends a token: returns its user once, and never again. */
export const redeemSsoToken = async (db: DbOrTx, email: string, token: string) => {
  const [row] = await db
    .update(ssoTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoTokens.tokenDigest, tokenDigest(token)), isNull(ssoTokens.usedAt), gt(ssoTokens.expiresAt, new Date())))
    .returning({ userId: ssoTokens.userId });
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  return user && user.email.toLowerCase() === email.toLowerCase() ? user : null;
};
