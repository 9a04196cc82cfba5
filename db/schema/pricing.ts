import { sql } from "drizzle-orm";
import { boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { accountId, tz, type Json } from "./columns";
import { contacts } from "./conversations";
import { companies, planningEvents, spaces } from "./planning";
import { quoteStatuses } from "@/lib/quotes/states";

/** Money and rates are exact decimals (read and written as strings), never floats. */
const money = () => numeric({ precision: 16, scale: 4 });

export const rateUnits = ["hour", "day", "person", "person_hour", "fixed"] as const;
export const rateCategories = ["space", "catering", "equipment", "staff", "other"] as const;

export const rates = pgTable(
  "rates",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    unit: text({ enum: rateUnits }).notNull(),
    amount: money().notNull(),
    /** Percent, e.g. 21 or 5.5. */
    taxRate: numeric({ precision: 6, scale: 3 }).notNull().default("0"),
    category: text({ enum: rateCategories }).notNull().default("space"),
    /** Null: any space. A space's own rates go with it. */
    spaceId: uuid().references(() => spaces.id, { onDelete: "cascade" }),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index("rates_account_idx").on(t.accountId, t.name)],
);

/** A package a planner adds to a quote as one line (kept inside its plan). */
export type BundleJson = { key: string; name: string; unit: "person" | "fixed"; amount: string; tax_rate: string; category: string; description: string | null };
export type ClauseJson = { field: string; operator: string; value: unknown };

export const pricingPlans = pgTable(
  "pricing_plans",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    validFrom: date(),
    validTo: date(),
    repeatYearly: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    isIntegrationPlan: boolean().notNull().default(false),
    experienceId: integer(),
    bundles: jsonb().$type<BundleJson[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index("pricing_plans_account_idx").on(t.accountId, t.name),
    // One default plan per account: setting another clears the previous in the same transaction.
    uniqueIndex("pricing_plans_one_default_key").on(t.accountId).where(sql`${t.isDefault}`),
  ],
);

export const pricingRules = pgTable(
  "pricing_rules",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    planId: integer()
      .notNull()
      .references(() => pricingPlans.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** A rate in use by a rule cannot be deleted (the API answers 409). */
    rateId: integer()
      .notNull()
      .references(() => rates.id, { onDelete: "restrict" }),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    clauses: jsonb().$type<ClauseJson[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("pricing_rules_plan_idx").on(t.planId, t.priority, t.id), index("pricing_rules_rate_idx").on(t.rateId)],
);

export const discountTypes = ["percentage", "fixed_amount"] as const;

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    code: text().notNull(),
    discountType: text({ enum: discountTypes }).notNull(),
    value: money().notNull(),
    active: boolean().notNull().default(true),
    validUntil: date(),
    maxRedemptions: integer(),
    redemptionsCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("discount_codes_account_code_key").on(t.accountId, sql`lower(${t.code})`)],
);


/**
 * One row per quote version. Everything the document shows is frozen in `snapshot` and
 * `breakdown` when the version is computed, so later changes to rates, plans, the event or the
 * account never change it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    planningEventId: uuid()
      .notNull()
      .references(() => planningEvents.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    status: text({ enum: quoteStatuses }).notNull().default("draft"),
    name: text(),
    poNumber: text(),
    notes: text(),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    pricingPlanId: integer(),
    discountCodeIds: integer().array().notNull().default([]),
    currency: text().notNull(),
    totalExclTax: money().notNull(),
    totalTax: money().notNull(),
    totalInclTax: money().notNull(),
    breakdown: jsonb().$type<Json>().notNull(),
    overrides: jsonb().$type<Json>().notNull().default({}),
    /** The pricing inputs and the document's parties as they were (account, customer, event, spaces). */
    snapshot: jsonb().$type<Json>().notNull(),
    /** `customer_*` and `company_*` overrides from the request. */
    customer: jsonb().$type<Json>().notNull().default({}),
    selectedOptionalKeys: text().array().notNull().default([]),
    validUntil: date(),
    publicToken: text().notNull(),
    quoteSentAt: tz(),
    /** Who sent it last: with the event's owner, notified of the customer's view and answer. */
    sentByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    viewedAt: tz(),
    /** How many times the customer opened the public page (quote conversion: views before acceptance). */
    viewCount: integer().notNull().default(0),
    acceptedAt: tz(),
    acceptanceReason: text(),
    acceptedByName: text(),
    acceptedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    acceptedIp: text(),
    acceptedUserAgent: text(),
    rejectedAt: tz(),
    rejectionReason: text(),
    withdrawnAt: tz(),
    archivedAt: tz(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("quotes_event_version_key").on(t.planningEventId, t.version),
    uniqueIndex("quotes_public_token_key").on(t.publicToken),
    index("quotes_account_idx").on(t.accountId, t.createdAt),
  ],
);

/** Raw bytes (PostgreSQL `bytea`): postgres.js reads and writes them as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * `queued`: waiting for its first or a retried attempt; `sent`: the mail server took it;
 * `stored`: kept here because no mail server is configured; `failed`: refused for good (5xx)
 * or out of attempts.
 */
export const outboxStatuses = ["queued", "sent", "stored", "failed"] as const;

/**
 * The mail queue and the portal's outbox: each message holds everything needed to deliver it
 * (sender, attachment bytes), so it is written in the transaction that decides to send it and
 * delivered after commit, retried by the mail dispatcher (lib/mail).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    /** `quote`: to a customer (the planners' outbox page); `notification`: to a member about their notifications. */
    kind: text({ enum: ["quote", "notification"] }).notNull().default("quote"),
    quoteId: integer().references(() => quotes.id, { onDelete: "set null" }),
    fromAddress: text().notNull(),
    replyTo: text(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    attachmentName: text(),
    attachmentContentType: text(),
    attachmentContent: bytea(),
    status: text({ enum: outboxStatuses }).notNull(),
    /** Delivery attempts started so far. */
    attempts: integer().notNull().default(0),
    /** When a `queued` message is due: its next attempt, or the end of a running attempt's lease. */
    nextAttemptAt: tz(),
    lastAttemptAt: tz(),
    /** The last failure as the mail server put it: for the account's members, never for API answers. */
    error: text(),
    /** The last failure's kind (`refused`, `deferred`, `unreachable`): safe to show anyone. */
    errorCode: text({ enum: ["refused", "deferred", "unreachable"] }),
    /** When the mail server took it. */
    sentAt: tz(),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [
    index("outbox_messages_account_idx").on(t.accountId, t.createdAt),
    index("outbox_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check("outbox_messages_status_check", sql`${t.status} in ('queued', 'sent', 'stored', 'failed')`),
    check("outbox_messages_kind_check", sql`${t.kind} in ('quote', 'notification')`),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
