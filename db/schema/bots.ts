import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { accounts, timestamps } from "./accounts";

/** An agent bot belongs to one account, or to none (a global bot made through the Platform API). */
export const agentBots = pgTable(
  "agent_bots",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer().references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    description: text(),
    thumbnail: text(),
    outgoingUrl: text(),
    botType: text({ enum: ["webhook"] }).notNull().default("webhook"),
    botConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    secret: text().notNull(),
    ...timestamps,
  },
  (t) => [index("agent_bots_account_idx").on(t.accountId, t.id)],
);

export const cannedResponses = pgTable(
  "canned_responses",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shortCode: text().notNull(),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [index("canned_responses_account_idx").on(t.accountId, t.shortCode)],
);
