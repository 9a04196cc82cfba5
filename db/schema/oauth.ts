import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts";
import { tz } from "./columns";

/*
 * The OAuth 2.1 authorization server (lib/oauth). Every secret a client or user holds (client
 * secrets, codes, refresh tokens) is stored as a SHA-256 digest; access tokens are JWTs and are
 * not stored at all: a request checks its grant row, so revoking a grant stops its tokens at once.
 */

export const oauthClientKinds = [
  /** Registered by an account administrator in Settings → Integrations (confidential, may use client_credentials). */
  "integration",
  /** Registered by a client itself through RFC 7591 dynamic registration. */
  "dynamic",
  /** A Client ID Metadata Document: the client id is an HTTPS URL, its metadata fetched and cached. */
  "metadata_document",
] as const;
export type OAuthClientKind = (typeof oauthClientKinds)[number];

export const tokenEndpointAuthMethods = ["none", "client_secret_basic", "client_secret_post"] as const;
export type TokenEndpointAuthMethod = (typeof tokenEndpointAuthMethods)[number];

export const oauthClients = pgTable(
  "oauth_clients",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** What clients send as `client_id`: random for registered clients, the document URL for CIMD. */
    clientId: text().notNull(),
    kind: text({ enum: oauthClientKinds }).notNull(),
    /** Integrations belong to an account; dynamic and CIMD clients to no one. */
    accountId: integer().references(() => accounts.id, { onDelete: "cascade" }),
    /** The administrator who registered an integration: client_credentials tokens act with their rights. */
    ownerUserId: integer().references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    clientUri: text(),
    logoUri: text(),
    redirectUris: text().array().notNull().default([]),
    grantTypes: text().array().notNull(),
    tokenEndpointAuthMethod: text({ enum: tokenEndpointAuthMethods }).notNull(),
    /** SHA-256 of the client secret (confidential clients only). */
    secretDigest: text(),
    /** The scopes this client may be granted. */
    scopes: text().array().notNull(),
    /** The registration request or the fetched metadata document, as received (after validation). */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** CIMD: when the cached document must be fetched again. */
    metadataExpiresAt: tz(),
    revokedAt: tz(),
    createdAt: tz().notNull().defaultNow(),
    updatedAt: tz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("oauth_clients_client_id_key").on(t.clientId), index("oauth_clients_account_idx").on(t.accountId)],
);

/**
 * A user's authorization of a client for one account with some scopes: the family of every refresh
 * token issued under it. Revoking the grant (the user, an administrator, or refresh-token reuse)
 * ends all of its tokens; client_credentials grants have the integration's owner as user.
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: integer()
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    grantType: text({ enum: ["authorization_code", "client_credentials"] }).notNull(),
    scopes: text().array().notNull(),
    /** RFC 8707: the resource the tokens are for (their `aud`). */
    resource: text().notNull(),
    createdAt: tz().notNull().defaultNow(),
    lastUsedAt: tz(),
    revokedAt: tz(),
    /** Why: "user", "administrator", "client", "refresh_token_reuse". */
    revokedReason: text(),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userId, t.accountId), index("oauth_grants_client_idx").on(t.clientId), index("oauth_grants_account_idx").on(t.accountId)],
);

/** Single-use authorization codes, valid 60 seconds. */
export const oauthAuthorizationCodes = pgTable(
  "oauth_authorization_codes",
  {
    codeDigest: text().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    redirectUri: text().notNull(),
    codeChallenge: text().notNull(),
    scopes: text().array().notNull(),
    resource: text().notNull(),
    expiresAt: tz().notNull(),
    usedAt: tz(),
    /** The grant the code was exchanged into: a second exchange revokes it (RFC 6749 §4.1.2). */
    grantId: uuid(),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [index("oauth_authorization_codes_expiry_idx").on(t.expiresAt)],
);

/** Refresh tokens: rotated on every use; presenting a used one revokes its whole grant. */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    tokenDigest: text().primaryKey(),
    grantId: uuid()
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: tz().notNull(),
    usedAt: tz(),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [index("oauth_refresh_tokens_grant_idx").on(t.grantId)],
);

export const signingKeyStates = ["next", "current", "retired"] as const;

/**
 * JWT signing keys (ES256). `current` signs; `next` is published ahead of its turn so verifiers
 * that cache the JWKS already know it; `retired` keys stay published until every token they
 * signed has expired (2 hours), then are deleted.
 */
export const oauthSigningKeys = pgTable(
  "oauth_signing_keys",
  {
    kid: text().primaryKey(),
    state: text({ enum: signingKeyStates }).notNull(),
    publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
    privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: tz().notNull().defaultNow(),
    activatedAt: tz(),
    retiredAt: tz(),
  },
  (t) => [index("oauth_signing_keys_state_idx").on(t.state)],
);
