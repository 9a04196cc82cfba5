import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { allocations, companies, contacts, conversations, planningEvents, pricingPlans } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { findConversation } from "@/lib/conversations/conversations";
import { recordAllocationEvent, recordEventChange, recordEventCreated } from "@/lib/events/planning-payloads";
import { actorOf } from "@/lib/events/record";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { planningNow } from "@/lib/planning/clock";
import { liveAt } from "@/lib/planning/rules-sql";
import type { EventPage, EventView, PlanningEvent } from "./present";
import { eventsPerPage, isCurrency, type CreateEventInput, type EventListQuery, type UpdateEventInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(planningEvents.accountId, ctx.account.id);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The display ids of the conversations the events were started from, in one query (a deleted one is gone: its column is null). */
const conversationDisplayIds = async (db: DbOrTx, accountId: number, rows: PlanningEvent[]): Promise<Map<number, number>> => {
  const ids = [...new Set(rows.flatMap((row) => (row.conversationId ? [row.conversationId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: conversations.id, displayId: conversations.displayId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), anyOf(conversations.id, ids)));
  return new Map(found.map((row) => [row.id, row.displayId]));
};

/**
 * Every event's allocation ids (earliest first) and the span of its live ones, for a whole
 * page in one query, and the display id of the conversation each was started from. A hold
 * past its expiry no longer counts, as it no longer blocks. Takes the account, not a caller:
 * the customer's acceptance renders the event it changes too.
 */
const eventViews = async (db: DbOrTx, accountId: number, rows: PlanningEvent[]): Promise<EventView[]> => {
  if (rows.length === 0) return [];
  const live = liveAt(allocations, planningNow());
  const [spans, displayIds] = await Promise.all([
    db
      .select({
        eventId: allocations.eventId,
        ids: sql<string[]>`array_agg(${allocations.id}::text order by ${allocations.startAt}, ${allocations.id})`,
        startAt: sql<Date | null>`min(${allocations.startAt}) filter (where ${live})`.mapWith(allocations.startAt),
        endAt: sql<Date | null>`max(${allocations.endAt}) filter (where ${live})`.mapWith(allocations.endAt),
      })
      .from(allocations)
      .where(
        and(
          eq(allocations.accountId, accountId),
          anyOf(
            allocations.eventId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .groupBy(allocations.eventId),
    conversationDisplayIds(db, accountId, rows),
  ]);
  const byEvent = new Map(spans.map((span) => [span.eventId, span]));
  return rows.map((row) => {
    const span = byEvent.get(row.id);
    return Object.assign(row, {
      allocationIds: span?.ids ?? [],
      startAt: span?.startAt ?? null,
      endAt: span?.endAt ?? null,
      conversationDisplayId: (row.conversationId && displayIds.get(row.conversationId)) ?? null,
    });
  });
};

export const withAllocations = (ctx: AccountCtx, rows: PlanningEvent[]): Promise<EventView[]> => eventViews(ctx.db, ctx.account.id, rows);

/** One of the account's events as the API shows it; `forUpdate` holds its row until the transaction ends. */
export const eventView = async (db: DbOrTx, accountId: number, id: string, options: { forUpdate?: boolean } = {}): Promise<EventView> => {
  const query = db
    .select()
    .from(planningEvents)
    .where(and(eq(planningEvents.accountId, accountId), eq(planningEvents.id, id)));
  const rows = await (options.forUpdate ? query.for("update") : query);
  if (rows.length === 0) throw notFound("Event");
  return (await eventViews(db, accountId, rows))[0]!;
};

/** Newest first; `status` and `q` (part of the name, any case) narrow the list. */
export const listEvents = async (ctx: AccountCtx, query: EventListQuery): Promise<EventPage> => {
  const where = and(
    inAccount(ctx),
    query.status ? eq(planningEvents.status, query.status) : undefined,
    query.q ? sql`${planningEvents.name} ilike ${`%${escapeLike(query.q)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(planningEvents)
      .where(where)
      .orderBy(desc(planningEvents.createdAt), desc(planningEvents.id))
      .limit(eventsPerPage)
      .offset((query.page - 1) * eventsPerPage),
    ctx.db.select({ count: count() }).from(planningEvents).where(where),
  ]);
  return { events: await withAllocations(ctx, rows), count: total?.count ?? 0, page: query.page };
};

export const findEvent = (ctx: AccountCtx, id: string): Promise<EventView> => eventView(ctx.db, ctx.account.id, id);

export type EventSummary = Pick<PlanningEvent, "id" | "name" | "status">;

/** Names and statuses of these events of the account, in one query; ids of no event of the account are left out. */
export const eventSummaries = async (ctx: AccountCtx, ids: readonly string[]): Promise<EventSummary[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return ctx.db
    .select({ id: planningEvents.id, name: planningEvents.name, status: planningEvents.status })
    .from(planningEvents)
    .where(and(inAccount(ctx), anyOf(planningEvents.id, unique)));
};

/**
 * The conversation a body names by display id, under the conversations service's own rule (one
 * the caller may not see is as unknown as another account's): a 422 naming the field, not a 404.
 * Undefined leaves the column as it is; null clears it.
 */
const resolveConversation = async (ctx: AccountCtx, displayId: number | null | undefined) => {
  if (displayId === undefined || displayId === null) return { id: displayId, displayId: displayId ?? null };
  try {
    const conversation = await findConversation(ctx, displayId);
    return { id: conversation.id, displayId: conversation.displayId };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw fieldError("conversation_id", "is not a conversation of this account you can see");
    throw error;
  }
};

/** A body's contact and company must be the account's own: a 422 naming the field, not a 404. */
const ensureReferences = async (ctx: AccountCtx, input: { contact_id?: number | null; company_id?: number | null; pricing_plan_id?: number | null }) => {
  if (input.pricing_plan_id) {
    const [plan] = await ctx.db
      .select({ id: pricingPlans.id })
      .from(pricingPlans)
      .where(and(eq(pricingPlans.accountId, ctx.account.id), eq(pricingPlans.id, input.pricing_plan_id)));
    if (!plan) throw fieldError("pricing_plan_id", "is not a pricing plan of this account");
  }
  if (input.contact_id) {
    const [contact] = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, ctx.account.id), eq(contacts.id, input.contact_id)));
    if (!contact) throw fieldError("contact_id", "is not a contact of this account");
  }
  if (input.company_id) {
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.accountId, ctx.account.id), eq(companies.id, input.company_id)));
    if (!company) throw fieldError("company_id", "is not a company of this account");
  }
};

/** The account's `settings.currency` when it names a real currency, else EUR. */
const accountCurrency = (ctx: AccountCtx) => {
  const setting = ctx.account.settings.currency;
  const code = typeof setting === "string" ? setting.trim().toUpperCase() : "";
  return isCurrency(code) ? code : "EUR";
};

/** Input fields as columns; undefined leaves a column as it is (PATCH is partial). */
const columns = (input: UpdateEventInput) => ({
  name: input.name,
  description: input.description,
  status: input.status,
  contactId: input.contact_id,
  companyId: input.company_id,
  attendeesCount: input.attendees_count,
  currency: input.currency,
  pricingPlanId: input.pricing_plan_id,
  notes: input.notes,
  customAttributes: input.custom_attributes,
});

/**
 * The new event's row, without its `event_created`: createEventWithAllocations records that once
 * the allocations are attached. Runs on `ctx.db`, the caller's transaction.
 */
export const insertEvent = async (ctx: AccountCtx, input: CreateEventInput): Promise<EventView> => {
  requirePermission(ctx, "planning_manage");
  await ensureReferences(ctx, input);
  const conversation = await resolveConversation(ctx, input.conversation_id);
  const [event] = await ctx.db
    .insert(planningEvents)
    .values({
      ...columns(input),
      name: input.name,
      currency: input.currency ?? accountCurrency(ctx),
      conversationId: conversation.id,
      accountId: ctx.account.id,
      // The planner the event's notifications go to: whoever created it (a user; a bot's events fall back to quote managers).
      ownerId: ctx.caller.kind === "user" ? ctx.caller.user.id : null,
    })
    .returning();
  return { ...event!, allocationIds: [], startAt: null, endAt: null, conversationDisplayId: conversation.displayId };
};

/** A new event has no allocations yet; it and its `event_created` are written together. */
export const createEvent = (ctx: AccountCtx, input: CreateEventInput): Promise<EventView> =>
  ctx.db.transaction(async (db) => {
    const event = await insertEvent({ ...ctx, db }, input);
    await recordEventCreated(db, { view: event, actor: actorOf(ctx.caller) });
    return event;
  });

/** The row is locked before it is changed, so `event_updated` says what this update changed. */
export const updateEvent = async (ctx: AccountCtx, id: string, input: UpdateEventInput): Promise<EventView> => {
  requirePermission(ctx, "planning_manage");
  await ensureReferences(ctx, input);
  const conversation = await resolveConversation(ctx, input.conversation_id);
  return ctx.db.transaction(async (db) => {
    const before = await eventView(db, ctx.account.id, id, { forUpdate: true });
    const [event] = await db
      .update(planningEvents)
      .set({ ...columns(input), conversationId: conversation.id, updatedAt: new Date() })
      .where(and(inAccount(ctx), eq(planningEvents.id, id)))
      .returning();
    const [after] = await eventViews(db, ctx.account.id, [event!]);
    await recordEventChange(db, { before, after: after!, actor: actorOf(ctx.caller) });
    return after!;
  });
};

/**
 * The event's allocations go with it (their foreign key cascades), and with them what they
 * blocked: each is announced as deleted (`allocation_cancelled`, `deleted: true`).
 */
export const deleteEvent = async (ctx: AccountCtx, id: string) => {
  requirePermission(ctx, "planning_manage");
  await ctx.db.transaction(async (db) => {
    // Allocations first, then the event: the order an allocation's own write takes them in.
    const gone = await db
      .select()
      .from(allocations)
      .where(and(eq(allocations.accountId, ctx.account.id), eq(allocations.eventId, id)))
      .orderBy(asc(allocations.startAt), asc(allocations.id))
      .for("update");
    const [deleted] = await db
      .delete(planningEvents)
      .where(and(inAccount(ctx), eq(planningEvents.id, id)))
      .returning({ id: planningEvents.id });
    if (!deleted) throw notFound("Event");
    for (const allocation of gone) {
      await recordAllocationEvent(db, { name: "allocation_cancelled", allocation, actor: actorOf(ctx.caller), deleted: true });
    }
  });
};
