import { integer, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** Free-form JSON objects (custom attributes, metadata, snapshots). */
export type Json = Record<string, unknown>;

/** Every time is a timestamptz. */
export const tz = () => timestamp({ withTimezone: true });

/** The owning account of an account-scoped row; its rows go with it. */
export const accountId = () =>
  integer()
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });
