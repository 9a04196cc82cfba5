import { and, eq, lt, sql } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { oauthSigningKeys } from "@/db/schema";

/*
 * Signing keys for access tokens (ES256), kept in PostgreSQL so every app instance signs and
 * verifies with the same keys. Rotation (`rotateSigningKeys`, run by the job runner every
 * `OAUTH_KEY_ROTATION_DAYS`, default 30, and by `npm run admin -- rotate-oauth-keys`):
 * `next` becomes `current`, `current` becomes `retired`, a new `next` is made. The JWKS publishes
 * all three, so a verifier that cached it before a rotation already knows the new key, and
 * tokens signed by the old one verify until they expire (2 hours); retired keys are then deleted.
 */

export const signingAlgorithm = "ES256";
/** Retired keys stay published this long: longer than any access token lives. */
const retiredKeyLifetimeMs = 3 * 60 * 60 * 1000;
const cacheMs = 60_000;

type Row = typeof oauthSigningKeys.$inferSelect;
export type SigningKey = { kid: string; key: CryptoKey };

let cache: { rows: Row[]; loadedAt: number } | null = null;

const newKey = async (state: "next" | "current") => {
  const { publicKey, privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    state,
    publicJwk: { ...publicJwk, kid, alg: signingAlgorithm, use: "sig" },
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: signingAlgorithm },
    activatedAt: state === "current" ? new Date() : null,
  };
};

/** Serialises key changes across instances (a transaction-scoped advisory lock). */
const lockKeys = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('oauth_signing_keys'))`);

/** Makes sure a current and a next key exist (the first token issued creates them). */
const ensureKeys = (db: DbOrTx) =>
  db.transaction(async (tx) => {
    await lockKeys(tx);
    const rows = await tx.select({ state: oauthSigningKeys.state }).from(oauthSigningKeys).where(anyOf(oauthSigningKeys.state, ["current", "next"]));
    const missing = (["current", "next"] as const).filter((state) => !rows.some((row) => row.state === state));
    if (missing.length > 0) await tx.insert(oauthSigningKeys).values(await Promise.all(missing.map(newKey)));
  });

const loadKeys = async (db: DbOrTx, fresh = false): Promise<Row[]> => {
  if (!fresh && cache && Date.now() - cache.loadedAt < cacheMs) return cache.rows;
  let rows = await db.select().from(oauthSigningKeys);
  if (!rows.some((row) => row.state === "current") || !rows.some((row) => row.state === "next")) {
    await ensureKeys(db);
    rows = await db.select().from(oauthSigningKeys);
  }
  cache = { rows, loadedAt: Date.now() };
  return rows;
};

const imported = new Map<string, CryptoKey>();
const importKey = async (kid: string, jwk: Record<string, unknown>) => {
  const id = `${kid}:${"d" in jwk ? "private" : "public"}`;
  let key = imported.get(id);
  if (!key) {
    key = (await importJWK(jwk as JWK, signingAlgorithm)) as CryptoKey;
    imported.set(id, key);
  }
  return key;
};

/** The key that signs tokens now. */
export const currentSigningKey = async (db: DbOrTx): Promise<SigningKey> => {
  const row = (await loadKeys(db)).find((key) => key.state === "current");
  if (!row) throw new Error("no current OAuth signing key");
  return { kid: row.kid, key: await importKey(row.kid, row.privateJwk) };
};

/** The public key a token names, reloading once when the kid is new to this instance (another rotated). */
export const verificationKey = async (db: DbOrTx, kid: string | undefined): Promise<CryptoKey | null> => {
  if (!kid) return null;
  let row = (await loadKeys(db)).find((key) => key.kid === kid);
  if (!row) row = (await loadKeys(db, true)).find((key) => key.kid === kid);
  return row ? importKey(row.kid, row.publicJwk) : null;
};

/** `/.well-known/jwks.json`: current, next and retired public keys. */
export const publishedKeys = async (db: DbOrTx) => ({
  keys: (await loadKeys(db)).sort((a, b) => a.state.localeCompare(b.state)).map((row) => row.publicJwk),
});

/** One rotation step (see above); returns the new current key's id. */
export const rotateSigningKeys = async (db: DbOrTx, now = new Date()) => {
  const kid = await db.transaction(async (tx) => {
    await lockKeys(tx);
    await tx.delete(oauthSigningKeys).where(and(eq(oauthSigningKeys.state, "retired"), lt(oauthSigningKeys.retiredAt, new Date(now.getTime() - retiredKeyLifetimeMs))));
    await tx.update(oauthSigningKeys).set({ state: "retired", retiredAt: now }).where(eq(oauthSigningKeys.state, "current"));
    const [promoted] = await tx.update(oauthSigningKeys).set({ state: "current", activatedAt: now }).where(eq(oauthSigningKeys.state, "next")).returning();
    const fresh = promoted ? [await newKey("next")] : [await newKey("current"), await newKey("next")];
    await tx.insert(oauthSigningKeys).values(fresh);
    return promoted?.kid ?? fresh[0]!.kid;
  });
  cache = null;
  return kid;
};

/** Whether the current key is older than the rotation period (the job runner asks). */
export const rotationDue = async (db: DbOrTx, now = new Date()) => {
  const days = Number(process.env.OAUTH_KEY_ROTATION_DAYS ?? "30");
  const current = (await loadKeys(db, true)).find((key) => key.state === "current");
  const since = current?.activatedAt ?? current?.createdAt;
  return Boolean(since && Number.isFinite(days) && days > 0 && now.getTime() - since.getTime() > days * 86_400_000);
};
