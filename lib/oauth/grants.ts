import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { oauthGrants } from "@/db/schema";

/*
 * Grants: a user's authorization of a client for one account, the family of every token issued
 * under it. Revoking one ends all of its tokens at once (access tokens check their grant).
 */

export type OAuthGrant = typeof oauthGrants.$inferSelect;

export type RevocationReason = "user" | "administrator" | "client" | "refresh_token_reuse" | "authorization_code_reuse";

export const revokeGrant = (db: DbOrTx, grantId: string, reason: RevocationReason, now = new Date()) =>
  db
    .update(oauthGrants)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
