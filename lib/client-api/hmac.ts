import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/http/errors";
import type { Inbox } from "@/lib/inboxes/summary";

/** What a website computes server-side to vouch for a visitor: hex HMAC-SHA256(inbox hmac_token, identifier). */
export const identifierHash = (hmacToken: string, identifier: string) => createHmac("sha256", hmacToken).update(identifier).digest("hex");

const sameHash = (expected: string, given: string) => {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
};

const hmacFailed = (message: string) => new ApiError("unauthorized", `HMAC failed: ${message}`);

/**
 * Chatwoot's identity validation. A hash that is sent must match the identifier (401 if not);
 * an inbox with `hmac_mandatory` refuses a missing one. Returns whether the identity is verified.
 */
export const verifyIdentity = (inbox: Inbox, identifier: string | null | undefined, hash: string | null | undefined): boolean => {
  if (!hash) {
    if (inbox.hmacMandatory) throw hmacFailed(identifier ? "identifier_hash is required" : "identifier and identifier_hash are required");
    return false;
  }
  if (!identifier) throw hmacFailed("identifier_hash was sent without an identifier");
  if (!sameHash(identifierHash(inbox.hmacToken, identifier), hash)) throw hmacFailed("Invalid Identifier Hash Provided");
  return true;
};

/** A known identifier without a verified hash: continuing as that contact would hand its details to anyone. */
export const unverifiedExistingContact = () =>
  hmacFailed("identifier_hash is required to continue as an existing contact");
