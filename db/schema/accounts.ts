import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable("accounts", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  locale: text().notNull().default("en"),
  domain: text(),
  supportEmail: text(),
  status: text({ enum: ["active", "suspended"] }).notNull().default("active"),
  features: jsonb().$type<Record<string, boolean>>().notNull().default({}),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  limits: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    displayName: text(),
    email: text().notNull(),
    passwordHash: text(),
    uid: text().notNull(),
    pubsubToken: text().notNull(),
    messageSignature: text(),
    uiSettings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    customAttributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    confirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`), uniqueIndex("users_pubsub_token_key").on(t.pubsubToken)],
);

export const roles = ["agent", "administrator"] as const;
export const availabilities = ["online", "offline", "busy"] as const;

export const accountUsers = pgTable(
  "account_users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text({ enum: roles }).notNull().default("agent"),
    permissions: text().array().notNull().default([]),
    availability: text({ enum: availabilities }).notNull().default("online"),
    autoOffline: boolean().notNull().default(true),
    inviterId: integer().references(() => users.id, { onDelete: "set null" }),
    activeAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("account_users_account_user_key").on(t.accountId, t.userId), index("account_users_user_idx").on(t.userId)],
);

export { timestamps };
