import { and, asc, count, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { conversations, reportingEvents } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { findConversation } from "@/lib/conversations/conversations";
import { requireOwned } from "./owned";
import type { ReportingEventsQuery } from "./schemas";

const PER_PAGE = 25;

const columns = {
  id: reportingEvents.id,
  name: reportingEvents.name,
  value: reportingEvents.value,
  valueInBusinessHours: reportingEvents.valueInBusinessHours,
  eventStartTime: reportingEvents.eventStartTime,
  eventEndTime: reportingEvents.eventEndTime,
  accountId: reportingEvents.accountId,
  conversationId: conversations.displayId,
  inboxId: reportingEvents.inboxId,
  userId: reportingEvents.userId,
  createdAt: reportingEvents.createdAt,
  updatedAt: reportingEvents.updatedAt,
};
type EventRow = {
  id: number;
  name: string;
  value: number;
  valueInBusinessHours: number;
  eventStartTime: Date | null;
  eventEndTime: Date | null;
  accountId: number;
  conversationId: number | null;
  inboxId: number | null;
  userId: number | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A reporting event as Chatwoot shows it; the conversation by its display id, as every route names it. */
const present = (row: EventRow) => ({
  id: row.id,
  name: row.name,
  value: row.value,
  value_in_business_hours: row.valueInBusinessHours,
  event_start_time: row.eventStartTime?.toISOString() ?? null,
  event_end_time: row.eventEndTime?.toISOString() ?? null,
  account_id: row.accountId,
  conversation_id: row.conversationId,
  inbox_id: row.inboxId,
  user_id: row.userId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** GET /api/v1/accounts/{id}/reporting_events: administrators only (Chatwoot: 401 for others), newest first, 25 a page. */
export const listReportingEvents = async (ctx: AccountCtx, query: ReportingEventsQuery) => {
  requireAdmin(ctx, "reporting_events.read");
  await Promise.all([
    requireOwned(ctx, "inbox", query.inbox_id === undefined ? [] : [query.inbox_id]),
    requireOwned(ctx, "agent", query.user_id === undefined ? [] : [query.user_id]),
  ]);
  const filters: (SQL | undefined)[] = [
    eq(reportingEvents.accountId, ctx.account.id),
    query.since === undefined ? undefined : gte(reportingEvents.createdAt, new Date(query.since * 1000)),
    query.until === undefined ? undefined : lte(reportingEvents.createdAt, new Date(query.until * 1000)),
    query.inbox_id === undefined ? undefined : eq(reportingEvents.inboxId, query.inbox_id),
    query.user_id === undefined ? undefined : eq(reportingEvents.userId, query.user_id),
    query.name === undefined ? undefined : eq(reportingEvents.name, query.name),
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(reportingEvents)
      .leftJoin(conversations, eq(conversations.id, reportingEvents.conversationId))
      .where(where)
      .orderBy(desc(reportingEvents.createdAt), desc(reportingEvents.id))
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    ctx.db.select({ n: count() }).from(reportingEvents).where(where),
  ]);
  const n = total?.n ?? 0;
  return { meta: { count: n, current_page: query.page, total_pages: Math.ceil(n / PER_PAGE) }, payload: rows.map(present) };
};

/** GET …/conversations/{conversation_id}/reporting_events: the conversation's events, oldest first, for whoever may see it. */
export const conversationReportingEvents = async (ctx: AccountCtx, displayId: number) => {
  const conversation = await findConversation(ctx, displayId);
  const rows = await ctx.db
    .select(columns)
    .from(reportingEvents)
    .innerJoin(conversations, eq(conversations.id, reportingEvents.conversationId))
    .where(and(eq(reportingEvents.accountId, ctx.account.id), eq(reportingEvents.conversationId, conversation.id)))
    .orderBy(asc(reportingEvents.createdAt), asc(reportingEvents.id));
  return rows.map(present);
};
