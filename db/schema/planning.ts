import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { accountId, tz, type Json } from "./columns";
import { contacts, conversations } from "./conversations";
import { galleries, portalCategories } from "./knowledge";


/** Opening hours per weekday name (`monday` … `sunday`), `HH:MM` in the space's time zone. */
export type Schedule = Partial<Record<string, { open: string; close: string }>>;

/**
 * What an allocation books. Every space owns one (`spaces.resource_id`); the exclusion
 * constraint on occupancies works per resource, so other bookable things can join later.
 */
export const planningResources = pgTable(
  "planning_resources",
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountId(),
    kind: text({ enum: ["space"] }).notNull().default("space"),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [index("planning_resources_account_idx").on(t.accountId)],
);

export const spaces = pgTable(
  "spaces",
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountId(),
    resourceId: uuid()
      .notNull()
      .references(() => planningResources.id),
    /** The containing space (Hall AB contains Hall A and Hall B); deleting a parent with children is refused. */
    parentId: uuid().references((): AnyPgColumn => spaces.id, { onDelete: "restrict" }),
    /** The top-level venue the space belongs to. */
    venueId: uuid().references((): AnyPgColumn => spaces.id, { onDelete: "restrict" }),
    name: text().notNull(),
    description: text(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    availableFrom: date(),
    availableUntil: date(),
    squareMeters: integer(),
    theater: integer(),
    classroom: integer(),
    standing: integer(),
    banquet: integer(),
    boardroom: integer(),
    uShape: integer(),
    concert: integer(),
    cocktail: integer(),
    maxCapacitySeated: integer(),
    maxCapacityStanding: integer(),
    workingHoursEnabled: boolean().notNull().default(false),
    timezone: text().notNull().default("UTC"),
    outOfOfficeMessage: text(),
    /** Live holds that may overlap on this space at once; null is no limit. */
    maxTentativeAllocations: integer(),
    /** Minutes until a hold expires unless confirmed; null is never. */
    tentativeExpiryMinutes: integer(),
    customAttributes: jsonb().$type<Json>().notNull().default({}),
    schedule: jsonb().$type<Schedule>().notNull().default({}),
    /** A category of articles about the space (facilities, AV, accessibility, house rules). */
    knowledgebaseId: integer().references(() => portalCategories.id, { onDelete: "set null" }),
    /** The space's photo gallery. */
    galleryKnowledgebaseId: integer().references(() => galleries.id, { onDelete: "set null" }),
    /** Secret of the space's iCalendar feed URL; rotating it revokes old links. */
    icalToken: text()
      .notNull()
      .$defaultFn(() => randomBytes(18).toString("base64url")),
    ...timestamps,
  },
  (t) => [
    index("spaces_account_position_idx").on(t.accountId, t.position, t.name),
    uniqueIndex("spaces_resource_key").on(t.resourceId),
    index("spaces_parent_idx").on(t.parentId),
    index("spaces_venue_idx").on(t.venueId),
    index("spaces_knowledgebase_idx").on(t.knowledgebaseId),
    index("spaces_gallery_idx").on(t.galleryKnowledgebaseId),
  ],
);

/** Customers' organisations: events and quotes name one. */
export const companies = pgTable(
  "companies",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    vatNumber: text(),
    email: text(),
    address: text(),
    customAttributes: jsonb().$type<Json>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index("companies_account_name_idx").on(t.accountId, sql`lower(${t.name})`)],
);

export const planningEventStatuses = ["lead", "tentative", "definite", "lost", "cancelled"] as const;
export type PlanningEventStatus = (typeof planningEventStatuses)[number];

export const planningEvents = pgTable(
  "planning_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountId(),
    name: text().notNull(),
    description: text(),
    status: text({ enum: planningEventStatuses }).notNull().default("lead"),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    companyId: integer().references(() => companies.id, { onDelete: "set null" }),
    /** The conversation the event was started from (the API names it by its display id). */
    conversationId: integer().references(() => conversations.id, { onDelete: "set null" }),
    attendeesCount: integer(),
    currency: text().notNull(),
    /** The pricing plan chosen for the event's quotes (foreign key in migration 0006: pricing_plans is declared later). */
    pricingPlanId: integer(),
    notes: text(),
    customAttributes: jsonb().$type<Json>().notNull().default({}),
    /** The planner: notified of the event's quotes and holds (lib/notifications). The creating user by default. */
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("planning_events_account_created_idx").on(t.accountId, t.createdAt),
    // A contact's events (the contact page, the conversation panel); a conversation's events.
    index("planning_events_contact_idx").on(t.contactId, t.createdAt),
    index("planning_events_conversation_idx").on(t.conversationId),
  ],
);

export const allocationStatuses = ["tentative", "confirmed", "cancelled", "expired"] as const;
export type AllocationStatus = (typeof allocationStatuses)[number];

export const allocations = pgTable(
  "allocations",
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountId(),
    spaceId: uuid()
      .notNull()
      .references(() => spaces.id, { onDelete: "restrict" }),
    resourceId: uuid()
      .notNull()
      .references(() => planningResources.id),
    eventId: uuid().references(() => planningEvents.id, { onDelete: "cascade" }),
    startAt: tz().notNull(),
    endAt: tz().notNull(),
    bufferBeforeMin: integer().notNull().default(0),
    bufferAfterMin: integer().notNull().default(0),
    title: text(),
    description: text(),
    category: text(),
    status: text({ enum: allocationStatuses }).notNull().default("tentative"),
    stage: text(),
    /** Hold rank among overlapping holds: 1 is the first option. */
    sequence: integer(),
    metadata: jsonb().$type<Json>().notNull().default({}),
    /** When a hold lapses unless confirmed; null for confirmed allocations and holds that never lapse. */
    expiresAt: tz(),
    /** When it was confirmed (hold conversion reports); null until then. */
    confirmedAt: tz(),
    /** When its status last changed (to confirmed, cancelled or expired). */
    statusChangedAt: tz(),
    ...timestamps,
  },
  (t) => [
    index("allocations_account_window_idx").using("gist", t.accountId, sql`tstzrange(${t.startAt}, ${t.endAt})`),
    index("allocations_space_start_idx").on(t.spaceId, t.startAt),
    index("allocations_event_idx").on(t.eventId),
    index("allocations_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'tentative' and ${t.expiresAt} is not null`),
    check("allocations_window_check", sql`${t.endAt} > ${t.startAt}`),
    check("allocations_buffers_check", sql`${t.bufferBeforeMin} >= 0 and ${t.bufferAfterMin} >= 0`),
  ],
);

/**
 * One row per resource a live allocation blocks: its own space's and those of every space
 * inside it (booking Hall AB blocks Hall A and Hall B; booking Hall A then conflicts with it
 * on Hall A's row, while Hall A and Hall B never share a row). `starts_at`/`ends_at` are the
 * buffered range. The exclusion constraint (migration 0004) makes two confirmed allocations
 * on one resource impossible to overlap.
 */
export const allocationOccupancies = pgTable(
  "allocation_occupancies",
  {
    allocationId: uuid()
      .notNull()
      .references(() => allocations.id, { onDelete: "cascade" }),
    resourceId: uuid()
      .notNull()
      .references(() => planningResources.id, { onDelete: "cascade" }),
    accountId: accountId(),
    status: text({ enum: ["tentative", "confirmed"] }).notNull(),
    startsAt: tz().notNull(),
    endsAt: tz().notNull(),
    expiresAt: tz(),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.resourceId] }),
    index("allocation_occupancies_resource_idx").using("gist", t.resourceId, sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
  ],
);
