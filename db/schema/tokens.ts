import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";

export const tokenOwnerTypes = ["User", "AgentBot", "PlatformApp"] as const;
export type TokenOwnerType = (typeof tokenOwnerTypes)[number];

/**
 * One live token per owner. Requests are matched on `token_digest` (SHA-256 of the secret),
 * so no lookup ever compares the secret itself byte by byte. The plain value is kept because
 * Chatwoot clients read it back (`access_token` on profile, bots and platform users).
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ownerType: text({ enum: tokenOwnerTypes }).notNull(),
    ownerId: integer().notNull(),
    token: text().notNull(),
    tokenDigest: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("access_tokens_digest_key").on(t.tokenDigest), uniqueIndex("access_tokens_owner_key").on(t.ownerType, t.ownerId)],
);

export const platformApps = pgTable("platform_apps", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  ...timestamps,
});

export const permissibleTypes = ["Account", "User", "AgentBot"] as const;
export type PermissibleType = (typeof permissibleTypes)[number];

/** What a platform app created (or was granted): the only records its token may touch. */
export const platformAppPermissibles = pgTable(
  "platform_app_permissibles",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    platformAppId: integer()
      .notNull()
      .references(() => platformApps.id, { onDelete: "cascade" }),
    permissibleType: text({ enum: permissibleTypes }).notNull(),
    permissibleId: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("platform_app_permissibles_key").on(t.platformAppId, t.permissibleType, t.permissibleId),
    index("platform_app_permissibles_target_idx").on(t.permissibleType, t.permissibleId),
  ],
);

/** One-time sign-in links (Platform API `users/{id}/login`): short-lived, single use, stored as digests. */
export const ssoTokens = pgTable(
  "sso_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenDigest: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sso_tokens_digest_key").on(t.tokenDigest), index("sso_tokens_user_idx").on(t.userId)],
);
