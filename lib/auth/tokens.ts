import { createHash, randomBytes } from "node:crypto";

/** 24 random bytes as base64url: 192 bits, URL- and header-safe. */
export const generateToken = () => randomBytes(24).toString("base64url");

/** Tokens are looked up by this digest, never by comparing the secret itself. */
export const tokenDigest = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
