import { sql } from "drizzle-orm";
import { conversations, messages, reportingEvents } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { wholePercent } from "./figures";
import { requireOwned } from "./owned";
import { idList, type BotMetricsQuery } from "./schemas";
import { within } from "./sql";
import { reportWindow } from "./window";

/**
 * GET reports/bot_metrics: the window's conversations (optionally of some inboxes), the outgoing
 * messages sent in them during the window (private notes left out), and the share of those
 * conversations a bot resolved or handed to a human (distinct conversations of the window's events).
 */
export const botMetrics = async (ctx: AccountCtx, query: BotMetricsQuery) => {
  requirePermission(ctx, "report_manage");
  const inboxIds = idList(query.inbox_ids);
  await requireOwned(ctx, "inbox", inboxIds);
  const window = reportWindow(query);
  const account = ctx.account.id;
  const inInboxes = (column: ReturnType<typeof sql>) =>
    inboxIds.length === 0 ? sql`true` : sql`${column} in (${sql.join(inboxIds.map((id) => sql`${id}`), sql`, `)})`;
  const [row] = await ctx.db.execute<{ conversations: number; messages: number; resolved: number; handed: number }>(sql`
    with window_conversations as (
      select c.id from ${conversations} c
      where c.account_id = ${account} and ${within(sql`c.created_at`, window)} and ${inInboxes(sql`c.inbox_id`)}
    )
    select
      (select count(*) from window_conversations)::int as conversations,
      (select count(*) from ${messages} m
        where m.account_id = ${account} and m.message_type = 1 and not m.private and ${within(sql`m.created_at`, window)}
          and m.conversation_id in (select id from window_conversations))::int as messages,
      count(distinct r.conversation_id) filter (where r.name = 'conversation_bot_resolved')::int as resolved,
      count(distinct r.conversation_id) filter (where r.name = 'conversation_bot_handoff')::int as handed
    from ${reportingEvents} r
    where r.account_id = ${account} and r.name in ('conversation_bot_resolved', 'conversation_bot_handoff')
      and ${within(sql`r.created_at`, window)} and ${inInboxes(sql`r.inbox_id`)}`);
  const total = Number(row?.conversations ?? 0);
  return {
    conversation_count: total,
    message_count: Number(row?.messages ?? 0),
    resolution_rate: wholePercent(Number(row?.resolved ?? 0), total),
    handoff_rate: wholePercent(Number(row?.handed ?? 0), total),
  };
};
