import { and, asc, count, desc, eq, ne, or, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { allocations, conversations, planningEvents, quotes, spaces, type AllocationStatus, type PlanningEventStatus } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { findContact } from "@/lib/contacts/contacts";
import { findConversation } from "@/lib/conversations/conversations";
import { statusIn } from "@/lib/quotes/quotes";
import type { QuoteStatus } from "@/lib/quotes/states";
import { planningNow } from "./clock";
import { isLapsed } from "./rules";

/**
 * A customer's whole story with the venue, for the contact page and the conversation's side
 * panel: her events (status, dates, spaces, the conversation each was started from), every
 * quote version with its total, and the bookings (confirmed allocations) she holds. Four
 * account-scoped queries whatever the number of events; the newest events first, at most
 * `limit` of them with the total said. From a conversation, the events started in it count
 * too, whoever they were later made out to.
 */

export type StoryAllocation = {
  id: string;
  space: string;
  timezone: string;
  start_at: string;
  end_at: string;
  /** As a planner reads it: a hold past its expiry shows as expired even before the sweeper runs. */
  status: AllocationStatus;
};

export type StoryQuote = {
  id: number;
  version: number;
  status: QuoteStatus;
  currency: string;
  total_incl_tax: string;
  accepted_at: string | null;
};

export type StoryEvent = {
  id: string;
  name: string;
  status: PlanningEventStatus;
  /** The conversation (display id) the event was started from. */
  conversation_id: number | null;
  /** First start and last end of its allocations that are not cancelled; null without any. */
  start_at: string | null;
  end_at: string | null;
  timezone: string | null;
  allocations: StoryAllocation[];
  quotes: StoryQuote[];
};

export type CustomerStory = { events: StoryEvent[]; total_events: number; bookings: (StoryAllocation & { event_id: string; event_name: string })[] };

export const storyLimit = 20;

export const contactStory = async (
  ctx: AccountCtx,
  contactId: number,
  { limit = storyLimit, conversationId }: { limit?: number; /** Internal id of a conversation whose events count too. */ conversationId?: number } = {},
): Promise<CustomerStory> => {
  await findContact(ctx, contactId);
  const mine = and(
    eq(planningEvents.accountId, ctx.account.id),
    conversationId === undefined ? eq(planningEvents.contactId, contactId) : or(eq(planningEvents.contactId, contactId), eq(planningEvents.conversationId, conversationId)),
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select({ event: planningEvents, conversationDisplayId: conversations.displayId })
      .from(planningEvents)
      .leftJoin(conversations, eq(conversations.id, planningEvents.conversationId))
      .where(mine)
      .orderBy(desc(planningEvents.createdAt), desc(planningEvents.id))
      .limit(limit),
    ctx.db.select({ total: count() }).from(planningEvents).where(mine),
  ]);
  const ids = rows.map((row) => row.event.id);
  if (ids.length === 0) return { events: [], total_events: total, bookings: [] };
  const [allocationRows, quoteRows] = await Promise.all([
    ctx.db
      .select({
        id: allocations.id,
        eventId: allocations.eventId,
        status: allocations.status,
        expiresAt: allocations.expiresAt,
        startAt: allocations.startAt,
        endAt: allocations.endAt,
        space: spaces.name,
        timezone: spaces.timezone,
      })
      .from(allocations)
      .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
      .where(and(eq(allocations.accountId, ctx.account.id), anyOf(allocations.eventId, ids), ne(allocations.status, "cancelled")))
      .orderBy(asc(allocations.startAt)),
    ctx.db
      .select({
        id: quotes.id,
        eventId: quotes.planningEventId,
        version: quotes.version,
        status: quotes.status,
        validUntil: quotes.validUntil,
        timezone: sql<string | null>`${quotes.snapshot}->>'timezone'`,
        currency: quotes.currency,
        total: quotes.totalInclTax,
        acceptedAt: quotes.acceptedAt,
      })
      .from(quotes)
      .where(and(eq(quotes.accountId, ctx.account.id), anyOf(quotes.planningEventId, ids)))
      .orderBy(desc(quotes.version)),
  ]);
  const now = planningNow();
  const allocationsOf = new Map<string, StoryAllocation[]>();
  for (const row of allocationRows) {
    const list = allocationsOf.get(row.eventId!) ?? [];
    list.push({
      id: row.id,
      space: row.space,
      timezone: row.timezone,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt.toISOString(),
      status: isLapsed(row, now) ? "expired" : row.status,
    });
    allocationsOf.set(row.eventId!, list);
  }
  const quotesOf = new Map<string, StoryQuote[]>();
  for (const row of quoteRows) {
    const list = quotesOf.get(row.eventId) ?? [];
    list.push({
      id: row.id,
      version: row.version,
      status: statusIn(row, row.timezone),
      currency: row.currency,
      total_incl_tax: row.total,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
    });
    quotesOf.set(row.eventId, list);
  }
  const events = rows.map(({ event, conversationDisplayId }): StoryEvent => {
    const own = allocationsOf.get(event.id) ?? [];
    return {
      id: event.id,
      name: event.name,
      status: event.status,
      conversation_id: conversationDisplayId,
      start_at: own[0]?.start_at ?? null,
      end_at: own.length > 0 ? own.map((allocation) => allocation.end_at).sort().at(-1)! : null,
      timezone: own[0]?.timezone ?? null,
      allocations: own,
      quotes: quotesOf.get(event.id) ?? [],
    };
  });
  const bookings = events.flatMap((event) =>
    event.allocations.filter((allocation) => allocation.status === "confirmed").map((allocation) => ({ ...allocation, event_id: event.id, event_name: event.name })),
  );
  return { events, total_events: total, bookings };
};

export type ConversationStory = CustomerStory & { contact_id: number; conversation_id: number };

/**
 * The story beside a conversation (by display id, under the conversations service's visibility
 * rule: one the caller may not see is not found): its contact's, with the events started in it.
 */
export const conversationStory = async (ctx: AccountCtx, displayId: number): Promise<ConversationStory> => {
  const conversation = await findConversation(ctx, displayId);
  const story = await contactStory(ctx, conversation.contactId, { conversationId: conversation.id });
  return { ...story, contact_id: conversation.contactId, conversation_id: conversation.displayId };
};
