import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { agentBots } from "./bots";
import { accountId, tz, type Json } from "./columns";
import { inboxes } from "./conversations";

/** Orders events by when they became visible (commit order), for the live stream's cursor. */
export const eventsSeq = pgSequence("events_seq");

/**
 * The transactional outbox: one row per change others should hear of, written in the same
 * transaction as the change. The audience columns carry no foreign keys: an event outlives the
 * conversation or inbox it is about.
 */
export const events = pgTable(
  "events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** Assigned after commit, in commit order (live updates); null until then. */
    seq: bigint({ mode: "number" }),
    accountId: accountId(),
    name: text().notNull(),
    inboxId: integer(),
    conversationId: integer(),
    contactInboxId: integer(),
    subjectType: text(),
    subjectId: text(),
    actor: jsonb().$type<Json>().notNull().default({}),
    audience: jsonb().$type<Json>().notNull().default({}),
    /** The body sent to webhooks and bots (with `event`); null when no outside target wanted it. */
    payload: jsonb().$type<Json>(),
    /** The live (push-format) data. */
    live: jsonb().$type<Json>().notNull().default({}),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("events_seq_key").on(t.seq).where(sql`${t.seq} is not null`),
    index("events_unsequenced_idx").on(t.id).where(sql`${t.seq} is null`),
    index("events_account_seq_idx").on(t.accountId, t.seq),
    index("events_created_idx").on(t.createdAt),
  ],
);

export const webhookSubscriptionDefaults = [
  "conversation_status_changed",
  "conversation_updated",
  "conversation_created",
  "message_created",
  "message_updated",
  "webwidget_triggered",
];

/** Account webhooks (Chatwoot's), optionally scoped to one inbox's events. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    inboxId: integer().references(() => inboxes.id, { onDelete: "cascade" }),
    name: text(),
    url: text().notNull(),
    subscriptions: text()
      .array()
      .notNull()
      .default(sql`'{${sql.raw(webhookSubscriptionDefaults.join(","))}}'::text[]`),
    secret: text().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    failingSince: tz(),
    lastSuccessAt: tz(),
    lastFailureAt: tz(),
    ...timestamps,
  },
  (t) => [uniqueIndex("webhooks_account_url_key").on(t.accountId, t.url), index("webhooks_account_idx").on(t.accountId, t.id)],
);

export const deliveryTargetKinds = ["webhook", "inbox", "agent_bot"] as const;
export type DeliveryTargetKind = (typeof deliveryTargetKinds)[number];
export const deliveryStatuses = ["pending", "delivered", "failed"] as const;

/**
 * One event for one target: its `delivery_id` (X-Chatwoot-Delivery) stays the same across
 * retries. A `pending` row is due at `next_attempt_at`, which a claim pushes past its lease.
 */
export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    eventId: bigint({ mode: "number" })
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    deliveryId: uuid().notNull().defaultRandom(),
    targetKind: text({ enum: deliveryTargetKinds }).notNull(),
    webhookId: integer().references(() => webhooks.id, { onDelete: "cascade" }),
    inboxId: integer().references(() => inboxes.id, { onDelete: "cascade" }),
    agentBotId: integer().references(() => agentBots.id, { onDelete: "cascade" }),
    status: text({ enum: deliveryStatuses }).notNull().default("pending"),
    /** Attempts started so far. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: tz(),
    /** The start of the retry window. */
    firstAttemptAt: tz(),
    lastAttemptAt: tz(),
    deliveredAt: tz(),
    lastStatus: integer(),
    lastError: text(),
    lastErrorCode: text(),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_deliveries_delivery_id_key").on(t.deliveryId),
    index("event_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("event_deliveries_event_idx").on(t.eventId),
    index("event_deliveries_webhook_idx").on(t.accountId, t.webhookId, t.id),
    index("event_deliveries_agent_bot_idx").on(t.accountId, t.agentBotId, t.id),
    index("event_deliveries_inbox_idx").on(t.accountId, t.inboxId, t.id),
    check("event_deliveries_target_kind_check", sql`${t.targetKind} in ('webhook', 'inbox', 'agent_bot')`),
    check("event_deliveries_status_check", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt at a delivery, as it went: the delivery log. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    deliveryRowId: bigint({ mode: "number" })
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    startedAt: tz().notNull(),
    durationMs: integer().notNull(),
    url: text().notNull(),
    statusCode: integer(),
    errorCode: text(),
    error: text(),
    retryAfterS: integer(),
    responseExcerpt: text(),
  },
  (t) => [index("delivery_attempts_account_idx").on(t.accountId, t.deliveryRowId, t.attempt)],
);

/** Failure streaks of bots and API inboxes (webhooks keep theirs in their own row). */
export const targetHealth = pgTable(
  "target_health",
  {
    accountId: accountId(),
    targetKind: text({ enum: deliveryTargetKinds }).notNull(),
    targetId: integer().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    failingSince: tz(),
    lastSuccessAt: tz(),
    lastFailureAt: tz(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.targetKind, t.targetId] })],
);

/** When a user last had a live connection open (presence). */
export const userPresence = pgTable("user_presence", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSeenAt: tz().notNull(),
});
