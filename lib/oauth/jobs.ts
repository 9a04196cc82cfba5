import { lt } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { oauthAuthorizationCodes, oauthRefreshTokens } from "@/db/schema";
import { rotateSigningKeys, rotationDue } from "./keys";

/*
 * The authorization server's housekeeping (lib/http/jobs.ts runs it every five minutes): signing
 * keys rotated when the current one is older than OAUTH_KEY_ROTATION_DAYS, and codes and refresh
 * tokens dropped once they can no longer be used. Spent codes are kept a day past their expiry, so
 * a replayed code is still recognised (and its grant revoked) for that long.
 */

const spentCodeRetentionMs = 24 * 60 * 60 * 1000;

export const pruneOAuthRecords = async (db: DbOrTx, now = new Date()) => {
  await db.delete(oauthAuthorizationCodes).where(lt(oauthAuthorizationCodes.expiresAt, new Date(now.getTime() - spentCodeRetentionMs)));
  await db.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, now));
};

export const oauthMaintenance = async (db: DbOrTx, now = new Date()) => {
  if (await rotationDue(db, now)) await rotateSigningKeys(db, now);
  await pruneOAuthRecords(db, now);
};
