import { and, asc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { accountUsers, conversations, users } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { avatarUrl } from "@/lib/users/present";
import { requireOwned } from "./owned";
import type { GroupedLiveMetricsQuery, LiveMetricsQuery, ReportConversationsQuery } from "./schemas";
import { isOpen, liveCounts } from "./sql";

/**
 * Conversations as they stand now (not over a window): Chatwoot's live reports and
 * reports/conversations. What open, unattended, unassigned and pending mean is ./sql.ts's.
 */

const inAccount = (ctx: AccountCtx) => eq(conversations.accountId, ctx.account.id);

/** GET live_reports/conversation_metrics (and reports/conversations?type=account): the account's, or a team's. */
export const conversationMetrics = async (ctx: AccountCtx, query: LiveMetricsQuery) => {
  requirePermission(ctx, "report_manage");
  if (query.team_id !== undefined) await requireOwned(ctx, "team", [query.team_id]);
  const [row] = await ctx.db
    .select(liveCounts)
    .from(conversations)
    .where(and(inAccount(ctx), query.team_id === undefined ? undefined : eq(conversations.teamId, query.team_id)));
  return { open: row?.open ?? 0, unattended: row?.unattended ?? 0, unassigned: row?.unassigned ?? 0, pending: row?.pending ?? 0 };
};

/** GET live_reports/grouped_conversation_metrics: per team or assignee holding open conversations (null: none). */
export const groupedConversationMetrics = async (ctx: AccountCtx, query: GroupedLiveMetricsQuery) => {
  requirePermission(ctx, "report_manage");
  if (query.team_id !== undefined) await requireOwned(ctx, "team", [query.team_id]);
  const key = query.group_by === "team_id" ? conversations.teamId : conversations.assigneeId;
  const rows = await ctx.db
    .select({ key, open: liveCounts.open, unattended: liveCounts.unattended, unassigned: liveCounts.unassigned })
    .from(conversations)
    .where(and(inAccount(ctx), isOpen, query.team_id === undefined ? undefined : eq(conversations.teamId, query.team_id)))
    .groupBy(key)
    .orderBy(sql`${key} asc nulls first`);
  return rows.map(({ key: id, open, unattended, unassigned }) => ({ open, unattended, unassigned, [query.group_by]: id }));
};

const AGENTS_PER_PAGE = 25;

/**
 * GET reports/conversations: type=account → the live counts; type=agent → a page of 25 members
 * (in membership order), each with their open and unattended assigned conversations, the page
 * sorted by open conversations, most first.
 */
export const reportConversations = async (ctx: AccountCtx, query: ReportConversationsQuery) => {
  if (query.type === "account") return conversationMetrics(ctx, {});
  requirePermission(ctx, "report_manage");
  if (query.user_id !== undefined) await requireOwned(ctx, "agent", [query.user_id]);
  const members = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, customAttributes: users.customAttributes, availability: accountUsers.availability })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, ctx.account.id), query.user_id === undefined ? undefined : eq(accountUsers.userId, query.user_id)))
    .orderBy(asc(accountUsers.id))
    .limit(AGENTS_PER_PAGE)
    .offset((query.page - 1) * AGENTS_PER_PAGE);
  const counts =
    members.length === 0
      ? []
      : await ctx.db
          .select({ assignee: conversations.assigneeId, open: liveCounts.open, unattended: liveCounts.unattended })
          .from(conversations)
          .where(and(inAccount(ctx), isOpen, anyOf(conversations.assigneeId, members.map((m) => m.id))))
          .groupBy(conversations.assigneeId);
  const byAgent = new Map(counts.map((row) => [row.assignee, row]));
  return members
    .map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      thumbnail: avatarUrl(member),
      availability: member.availability,
      metric: { open: byAgent.get(member.id)?.open ?? 0, unattended: byAgent.get(member.id)?.unattended ?? 0 },
    }))
    .sort((a, b) => b.metric.open - a.metric.open);
};
