import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { accounts, timestamps, users } from "./accounts";
import { accountId, tz, type Json } from "./columns";
import { agentBots } from "./bots";
import { portals } from "./knowledge";


/** Chatwoot's working hours row, one per weekday (0 = Sunday). */
export type WorkingHour = {
  day_of_week: number;
  closed_all_day: boolean;
  open_all_day: boolean;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
};

export const channelTypes = ["Channel::Api", "Channel::WebWidget"] as const;
export type ChannelType = (typeof channelTypes)[number];

/**
 * An inbox and its channel in one row. `identifier` is the Client API's inbox_identifier;
 * web widget settings live in `channel_config`.
 */
export const inboxes = pgTable(
  "inboxes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    channelType: text({ enum: channelTypes }).notNull(),
    identifier: text().notNull(),
    hmacToken: text().notNull(),
    hmacMandatory: boolean().notNull().default(false),
    secret: text().notNull(),
    webhookUrl: text(),
    channelConfig: jsonb().$type<Json>().notNull().default({}),
    avatarUrl: text(),
    greetingEnabled: boolean().notNull().default(false),
    greetingMessage: text(),
    enableEmailCollect: boolean().notNull().default(true),
    csatSurveyEnabled: boolean().notNull().default(false),
    enableAutoAssignment: boolean().notNull().default(true),
    autoAssignmentConfig: jsonb().$type<Json>().notNull().default({}),
    workingHoursEnabled: boolean().notNull().default(false),
    workingHours: jsonb().$type<WorkingHour[]>().notNull().default([]),
    outOfOfficeMessage: text(),
    timezone: text().notNull().default("UTC"),
    allowMessagesAfterResolved: boolean().notNull().default(true),
    lockToSingleConversation: boolean().notNull().default(false),
    senderNameType: text({ enum: ["friendly", "professional"] }).notNull().default("friendly"),
    businessName: text(),
    agentBotId: integer().references(() => agentBots.id, { onDelete: "set null" }),
    /** The help center whose articles agents insert here and the widget shows (Chatwoot's portal_id). */
    portalId: integer().references((): AnyPgColumn => portals.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("inboxes_account_idx").on(t.accountId, t.id), uniqueIndex("inboxes_identifier_key").on(t.identifier)],
);

export const inboxMembers = pgTable(
  "inbox_members",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbox_members_key").on(t.inboxId, t.userId), index("inbox_members_account_user_idx").on(t.accountId, t.userId)],
);

export const teams = pgTable(
  "teams",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    description: text(),
    allowAutoAssign: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("teams_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("team_members_key").on(t.teamId, t.userId), index("team_members_account_user_idx").on(t.accountId, t.userId)],
);

/** Conversations and contacts carry label titles in a text[] (GIN-indexed); this is the catalogue. */
export const labels = pgTable(
  "labels",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    title: text().notNull(),
    description: text(),
    color: text().notNull().default("#1f93ff"),
    showOnSidebar: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("labels_account_title_key").on(t.accountId, sql`lower(${t.title})`)],
);

export const contactTypes = ["visitor", "lead", "customer"] as const;

export const contacts = pgTable(
  "contacts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull().default(""),
    email: text(),
    phoneNumber: text(),
    identifier: text(),
    blocked: boolean().notNull().default(false),
    avatarUrl: text(),
    contactType: text({ enum: contactTypes }).notNull().default("visitor"),
    additionalAttributes: jsonb().$type<Json>().notNull().default({}),
    customAttributes: jsonb().$type<Json>().notNull().default({}),
    labels: text().array().notNull().default([]),
    lastActivityAt: tz(),
    ...timestamps,
  },
  (t) => [
    index("contacts_account_idx").on(t.accountId, t.id),
    index("contacts_account_activity_idx").on(t.accountId, t.lastActivityAt),
    uniqueIndex("contacts_account_email_key").on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex("contacts_account_identifier_key").on(t.accountId, t.identifier).where(sql`${t.identifier} is not null`),
    index("contacts_labels_idx").using("gin", t.labels),
    index("contacts_search_idx").using(
      "gin",
      sql`(coalesce(${t.name}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.phoneNumber}, '') || ' ' || coalesce(${t.identifier}, '')) gin_trgm_ops`,
    ),
  ],
);

/** A contact as seen by one inbox: `source_id` is the Client API's contact_identifier. */
export const contactInboxes = pgTable(
  "contact_inboxes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    sourceId: text().notNull(),
    hmacVerified: boolean().notNull().default(false),
    pubsubToken: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contact_inboxes_inbox_source_key").on(t.inboxId, t.sourceId),
    uniqueIndex("contact_inboxes_pubsub_key").on(t.pubsubToken),
    index("contact_inboxes_contact_idx").on(t.contactId),
  ],
);

/** Chatwoot's integer enums, stored as they are sent: status open 0, resolved 1, pending 2, snoozed 3. */
export const conversationStatuses = ["open", "resolved", "pending", "snoozed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];
/** Priority low 0, medium 1, high 2, urgent 3, or null. */
export const conversationPriorities = ["low", "medium", "high", "urgent"] as const;
export type ConversationPriority = (typeof conversationPriorities)[number];

export const conversations = pgTable(
  "conversations",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    /** Per-account number: the id the API shows. */
    displayId: integer().notNull(),
    uuid: uuid().notNull().defaultRandom(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    contactInboxId: integer().references(() => contactInboxes.id, { onDelete: "set null" }),
    assigneeId: integer().references(() => users.id, { onDelete: "set null" }),
    assigneeAgentBotId: integer().references(() => agentBots.id, { onDelete: "set null" }),
    teamId: integer().references(() => teams.id, { onDelete: "set null" }),
    status: smallint().notNull().default(0),
    priority: smallint(),
    snoozedUntil: tz(),
    muted: boolean().notNull().default(false),
    labels: text().array().notNull().default([]),
    additionalAttributes: jsonb().$type<Json>().notNull().default({}),
    customAttributes: jsonb().$type<Json>().notNull().default({}),
    campaignId: integer(),
    agentLastSeenAt: tz(),
    assigneeLastSeenAt: tz(),
    contactLastSeenAt: tz(),
    firstReplyCreatedAt: tz(),
    waitingSince: tz(),
    lastActivityAt: tz().notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("conversations_account_display_key").on(t.accountId, t.displayId),
    // Reports count conversations created in a window.
    index("conversations_account_created_idx").on(t.accountId, t.createdAt),
    index("conversations_account_status_activity_idx").on(t.accountId, t.status, t.lastActivityAt),
    index("conversations_account_assignee_idx").on(t.accountId, t.assigneeId, t.status, t.lastActivityAt),
    index("conversations_account_inbox_idx").on(t.accountId, t.inboxId, t.status),
    index("conversations_account_team_idx").on(t.accountId, t.teamId, t.status),
    index("conversations_contact_idx").on(t.contactId, t.lastActivityAt),
    index("conversations_contact_inbox_idx").on(t.contactInboxId),
    index("conversations_labels_idx").using("gin", t.labels),
    uniqueIndex("conversations_uuid_key").on(t.uuid),
  ],
);

/**
 * How many conversations each (account, inbox, team, status, assignee) holds, kept exact by
 * statement-level triggers on `conversations` (migration 0003), so the list's four counts are a
 * sum over a few dozen rows rather than a count over every open conversation. 0 stands for
 * "no team" and "no assignee".
 */
export const conversationCounters = pgTable(
  "conversation_counters",
  {
    accountId: accountId(),
    inboxId: integer().notNull(),
    teamId: integer().notNull(),
    status: smallint().notNull(),
    assigneeId: integer().notNull(),
    conversationsCount: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status, t.inboxId, t.teamId, t.assigneeId] })],
);

/** Counters per account (conversation display ids), incremented under the row lock. */
export const accountSequences = pgTable("account_sequences", {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  lastConversationDisplayId: integer().notNull().default(0),
});

/** message_type incoming 0, outgoing 1, activity 2, template 3; status sent 0, delivered 1, read 2, failed 3. */
export const messageTypes = ["incoming", "outgoing", "activity", "template"] as const;
export type MessageType = (typeof messageTypes)[number];
export const messageStatuses = ["sent", "delivered", "read", "failed"] as const;
export const senderTypes = ["Contact", "User", "AgentBot"] as const;
export type SenderType = (typeof senderTypes)[number];

export const messages = pgTable(
  "messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    inboxId: integer()
      .notNull()
      .references(() => inboxes.id, { onDelete: "cascade" }),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    messageType: smallint().notNull(),
    content: text(),
    contentType: text().notNull().default("text"),
    contentAttributes: jsonb().$type<Json>().notNull().default({}),
    private: boolean().notNull().default(false),
    status: smallint().notNull().default(0),
    sourceId: text(),
    senderType: text({ enum: senderTypes }),
    senderId: integer(),
    externalSourceIds: jsonb().$type<Json>().notNull().default({}),
    additionalAttributes: jsonb().$type<Json>().notNull().default({}),
    sentiment: jsonb().$type<Json>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    index("messages_account_created_idx").on(t.accountId, t.createdAt),
    // Reports count public messages by type in a window, per inbox or sender: read from the index alone.
    index("messages_report_idx")
      .on(t.accountId, t.messageType, t.createdAt, t.inboxId, t.senderType, t.senderId, t.conversationId)
      .where(sql`not ${t.private}`),
    index("messages_content_search_idx").using("gin", sql`${t.content} gin_trgm_ops`),
    index("messages_source_idx").on(t.inboxId, t.sourceId),
  ],
);

export const attachments = pgTable(
  "attachments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    messageId: bigint({ mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    fileType: text().notNull(),
    storageKey: text(),
    externalUrl: text(),
    fileName: text(),
    contentType: text(),
    fileSize: integer(),
    meta: jsonb().$type<Json>().notNull().default({}),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [index("attachments_message_idx").on(t.messageId)],
);

/** Reporting events (Chatwoot names: first_response, reply_time, conversation_resolved, …). */
export const reportingEvents = pgTable(
  "reporting_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    value: doublePrecision().notNull(),
    /** Seconds of `value` inside the inbox's working hours (0 when the inbox has none). */
    valueInBusinessHours: doublePrecision().notNull().default(0),
    conversationId: integer().references(() => conversations.id, { onDelete: "cascade" }),
    inboxId: integer().references(() => inboxes.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    eventStartTime: tz(),
    eventEndTime: tz(),
    createdAt: tz().notNull().defaultNow(),
    updatedAt: tz().notNull().defaultNow(),
  },
  (t) => [
    // Reports for the account, per inbox and per agent: the figures ride in the key, so a window's
    // events are read from the index alone (index-only scans).
    index("reporting_events_account_name_idx").on(t.accountId, t.name, t.createdAt, t.value, t.valueInBusinessHours, t.conversationId, t.inboxId, t.userId),
    index("reporting_events_account_name_inbox_idx").on(t.accountId, t.name, t.inboxId, t.createdAt, t.value, t.valueInBusinessHours, t.conversationId),
    index("reporting_events_account_name_user_idx").on(t.accountId, t.name, t.userId, t.createdAt, t.value, t.valueInBusinessHours, t.conversationId),
    // The account's event list, newest first.
    index("reporting_events_account_created_idx").on(t.accountId, t.createdAt),
    // A conversation's own events (last resolution, last hand-off).
    index("reporting_events_conversation_idx").on(t.conversationId, t.name, t.eventEndTime),
  ],
);

/**
 * Report figures per UTC hour, kept exact by statement-level triggers on conversations, messages
 * and reporting events (migration 0016), so a year's report sums a few thousand rows instead of
 * scanning a million. Metrics: `conversations` (by creation), `incoming` / `outgoing` (public
 * messages; outgoing's user is its sender when a User sent it) and one per reporting event name
 * (its user; the sums of its value and of its value in business hours). Each row is counted three
 * times: in the account's total (inbox and user -1), its inbox's (user -1) and its user's (inbox
 * -1), so a year's total is some 9,000 rows whatever the inboxes and agents. 0 stands for "no
 * inbox" and "no user".
 */
export const reportRollups = pgTable(
  "report_rollups",
  {
    accountId: accountId(),
    metric: text().notNull(),
    hour: tz().notNull(),
    inboxId: integer().notNull(),
    userId: integer().notNull().default(0),
    count: bigint({ mode: "number" }).notNull().default(0),
    valueSum: doublePrecision().notNull().default(0),
    valueBhSum: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.metric, t.hour, t.inboxId, t.userId] })],
);

/**
 * The same hourly figures by the conversation's team and labels (migration 0017): `dimension`
 * `team` (key: the team's id) or `label` (key: the label's title, lowercased as conversations
 * carry it). A conversation's messages and events count under its team and labels as they are
 * now: when they change, its whole contribution moves with them. Writers hold the conversation's
 * row (messages are posted under its lock; a team or label change updates it), so a new message
 * and a label change never miss each other.
 */
export const reportGroupRollups = pgTable(
  "report_group_rollups",
  {
    accountId: accountId(),
    dimension: text().notNull(),
    metric: text().notNull(),
    hour: tz().notNull(),
    key: text().notNull(),
    count: bigint({ mode: "number" }).notNull().default(0),
    valueSum: doublePrecision().notNull().default(0),
    valueBhSum: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.dimension, t.metric, t.hour, t.key] })],
);

export const attributeModels = ["conversation_attribute", "contact_attribute"] as const;
export const attributeDisplayTypes = ["text", "number", "currency", "percent", "link", "date", "list", "checkbox"] as const;

export const customAttributeDefinitions = pgTable(
  "custom_attribute_definitions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    attributeDisplayName: text().notNull(),
    attributeDisplayType: smallint().notNull().default(0),
    attributeDescription: text(),
    attributeKey: text().notNull(),
    attributeValues: jsonb().$type<unknown[]>().notNull().default([]),
    attributeModel: smallint().notNull().default(0),
    regexPattern: text(),
    regexCue: text(),
    defaultValue: jsonb(),
    ...timestamps,
  },
  (t) => [uniqueIndex("custom_attribute_definitions_key").on(t.accountId, t.attributeModel, t.attributeKey)],
);

/** Saved filters, per user and account. */
export const customFilters = pgTable(
  "custom_filters",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    filterType: text({ enum: ["conversation", "contact", "report"] }).notNull().default("conversation"),
    query: jsonb().$type<Json>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index("custom_filters_account_user_idx").on(t.accountId, t.userId)],
);
