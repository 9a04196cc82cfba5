import crypto, { createHash, randomBytes } from "node:crypto";

/** 24 random bytes as base64url: 192 bits, URL- and header-safe. */
export const generateToken = () => randomBytes(24).toString("base64url");

/** Node's one-shot digest (20.12 and later): no Hash object for each of the two a request takes. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

/** Tokens are looked up by this digest, never by comparing the secret itself. */
export const tokenDigest = (token: string) => (oneShot ? oneShot("sha256", token, "hex") : createHash("sha256").update(token, "utf8").digest("hex"));
