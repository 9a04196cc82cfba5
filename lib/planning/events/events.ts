import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { allocations, companies, contacts, conversations, planningEvents, pricingPlans } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { findConversation } from "@/lib/conversations/conversations";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { planningNow } from "@/lib/planning/clock";
import { liveAt } from "@/lib/planning/rules-sql";
import type { EventPage, EventView, PlanningEvent } from "./present";
import { eventsPerPage, isCurrency, type CreateEventInput, type EventListQuery, type UpdateEventInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(planningEvents.accountId, ctx.account.id);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The display ids of the conversations the events were started from, in one query (a deleted one is gone: its column is null). */
const conversationDisplayIds = async (ctx: AccountCtx, rows: PlanningEvent[]): Promise<Map<number, number>> => {
  const ids = [...new Set(rows.flatMap((row) => (row.conversationId ? [row.conversationId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await ctx.db
    .select({ id: conversations.id, displayId: conversations.displayId })
    .from(conversations)
    .where(and(eq(conversations.accountId, ctx.account.id), inArray(conversations.id, ids)));
  return new Map(found.map((row) => [row.id, row.displayId]));
};

/**
 * Every event's allocation ids (earliest first) and the span of its live ones, for a whole
 * page in one query, and the display id of the conversation each was started from. A hold
 * past its expiry no longer counts, as it no longer blocks.
 */
export const withAllocations = async (ctx: AccountCtx, rows: PlanningEvent[]): Promise<EventView[]> => {
  if (rows.length === 0) return [];
  const live = liveAt(allocations, planningNow());
  const [spans, displayIds] = await Promise.all([
    ctx.db
      .select({
        eventId: allocations.eventId,
        ids: sql<string[]>`array_agg(${allocations.id}::text order by ${allocations.startAt}, ${allocations.id})`,
        startAt: sql<Date | null>`min(${allocations.startAt}) filter (where ${live})`.mapWith(allocations.startAt),
        endAt: sql<Date | null>`max(${allocations.endAt}) filter (where ${live})`.mapWith(allocations.endAt),
      })
      .from(allocations)
      .where(
        and(
          eq(allocations.accountId, ctx.account.id),
          inArray(
            allocations.eventId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .groupBy(allocations.eventId),
    conversationDisplayIds(ctx, rows),
  ]);
  const byEvent = new Map(spans.map((span) => [span.eventId, span]));
  return rows.map((row) => {
    const span = byEvent.get(row.id);
    return {
      ...row,
      allocationIds: span?.ids ?? [],
      startAt: span?.startAt ?? null,
      endAt: span?.endAt ?? null,
      conversationDisplayId: (row.conversationId && displayIds.get(row.conversationId)) ?? null,
    };
  });
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

const findEventRow = async (ctx: AccountCtx, id: string): Promise<PlanningEvent> => {
  const [event] = await ctx.db
    .select()
    .from(planningEvents)
    .where(and(inAccount(ctx), eq(planningEvents.id, id)));
  if (!event) throw notFound("Event");
  return event;
};

export const findEvent = async (ctx: AccountCtx, id: string): Promise<EventView> => (await withAllocations(ctx, [await findEventRow(ctx, id)]))[0]!;

export type EventSummary = Pick<PlanningEvent, "id" | "name" | "status">;

/** Names and statuses of these events of the account, in one query; ids of no event of the account are left out. */
export const eventSummaries = async (ctx: AccountCtx, ids: readonly string[]): Promise<EventSummary[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return ctx.db
    .select({ id: planningEvents.id, name: planningEvents.name, status: planningEvents.status })
    .from(planningEvents)
    .where(and(inAccount(ctx), inArray(planningEvents.id, unique)));
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
 * Runs on `ctx.db`, so a caller that creates the event's allocations too passes a ctx whose
 * `db` is its transaction. A new event has no allocations yet.
 */
export const createEvent = async (ctx: AccountCtx, input: CreateEventInput): Promise<EventView> => {
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
    })
    .returning();
  return { ...event!, allocationIds: [], startAt: null, endAt: null, conversationDisplayId: conversation.displayId };
};

export const updateEvent = async (ctx: AccountCtx, id: string, input: UpdateEventInput): Promise<EventView> => {
  requirePermission(ctx, "planning_manage");
  await ensureReferences(ctx, input);
  const conversation = await resolveConversation(ctx, input.conversation_id);
  const [event] = await ctx.db
    .update(planningEvents)
    .set({ ...columns(input), conversationId: conversation.id, updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(planningEvents.id, id)))
    .returning();
  if (!event) throw notFound("Event");
  return (await withAllocations(ctx, [event]))[0]!;
};

/** The event's allocations go with it (their foreign key cascades), and with them what they blocked. */
export const deleteEvent = async (ctx: AccountCtx, id: string) => {
  requirePermission(ctx, "planning_manage");
  const [deleted] = await ctx.db
    .delete(planningEvents)
    .where(and(inAccount(ctx), eq(planningEvents.id, id)))
    .returning({ id: planningEvents.id });
  if (!deleted) throw notFound("Event");
};
