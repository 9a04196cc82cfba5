import { asc, eq, sql, type SQL } from "drizzle-orm";
import { accountUsers, conversationStatuses, conversations, inboxes, reportingEvents } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";
import { eventValue } from "./reports";
import type { RangeQuery, SummaryReportQuery } from "./schemas";
import { reportRecords } from "./records";
import { rollupAverage, rollupCount, rollupPath, rollupRows, type RollupFilter } from "./rollups";
import { within } from "./sql";
import { exceedsSixMonths, reportWindow } from "./window";

export type SummaryDimension = "agent" | "team" | "inbox" | "label";

/**
 * How each dimension groups: conversations created in the window by their assignee, team, inbox
 * or label; the window's reporting events by their user, inbox, or their conversation's team or
 * labels. Rows are every agent, team, inbox or label of the account, in id order.
 */
const dimensions: Record<SummaryDimension, { conversationKey: SQL; eventKey: SQL; eventJoin: SQL; unnest?: boolean; rollupBy: RollupFilter["by"] }> = {
  agent: { conversationKey: sql`c.assignee_id`, eventKey: sql`r.user_id`, eventJoin: sql``, rollupBy: "user_id" },
  inbox: { conversationKey: sql`c.inbox_id`, eventKey: sql`r.inbox_id`, eventJoin: sql``, rollupBy: "inbox_id" },
  team: { conversationKey: sql`c.team_id`, eventKey: sql`c.team_id`, eventJoin: sql`join ${conversations} c on c.id = r.conversation_id`, rollupBy: "team" },
  label: {
    conversationKey: sql`l.title`,
    eventKey: sql`l.title`,
    eventJoin: sql`join ${conversations} c on c.id = r.conversation_id cross join unnest(c.labels) as l(title)`,
    unnest: true,
    rollupBy: "label",
  },
};

const rowsOf = async (ctx: AccountCtx, dimension: SummaryDimension) => {
  const account = ctx.account.id;
  if (dimension === "agent") {
    const rows = await ctx.db.select({ id: accountUsers.userId }).from(accountUsers).where(eq(accountUsers.accountId, account)).orderBy(asc(accountUsers.id));
    return rows.map((row) => ({ id: row.id, key: String(row.id) }));
  }
  const records = await reportRecords(ctx, dimension);
  // Conversations carry their labels' titles lowercased.
  return records.map((record) => (dimension === "label" ? { id: record.id, name: record.name, key: record.name.toLowerCase() } : { id: record.id, key: String(record.id) }));
};

/**
 * GET summary_reports/{agent,team,inbox,label}: per row, conversations created and resolutions in
 * the window, and the average resolution, first-response and reply times (null when none) —
 * in working hours only with `business_hours`. Two queries whatever the number of rows.
 */
export const summaryReport = async (ctx: AccountCtx, dimension: SummaryDimension, query: SummaryReportQuery) => {
  requirePermission(ctx, "report_manage");
  const window = reportWindow(query);
  const account = ctx.account.id;
  const { conversationKey, eventKey, eventJoin, unnest, rollupBy } = dimensions[dimension];
  const value = eventValue(query.business_hours);
  const rolled = rollupPath.enabled ? rollupBy : undefined;
  // The rollups count a conversation by its inbox, team and labels; an agent's are its assignee's now, read raw.
  const conversationsRolled = rolled !== undefined && rolled !== "user_id";
  type EventFigures = { key: string | number | null; resolved: number; resolution: number | null; first_response: number | null; reply: number | null };
  const of = (name: string) => sql`u.key = ${name}`;
  const [rows, conversationCounts, eventFigures] = await Promise.all([
    rowsOf(ctx, dimension),
    conversationsRolled
      ? ctx.db.execute<{ key: string | number | null; n: number }>(
          sql`select u.g as key, sum(u.n)::int as n from ${rollupRows(account, ["conversations"], [window], { by: rolled })} u group by 1`,
        )
      : ctx.db.execute<{ key: string | number | null; n: number }>(sql`
      select ${conversationKey} as key, count(*)::int as n
      from ${conversations} c ${unnest ? sql`cross join unnest(c.labels) as l(title)` : sql``}
      where c.account_id = ${account} and ${within(sql`c.created_at`, window)}
      group by 1`),
    rolled
      ? ctx.db.execute<EventFigures>(sql`
      select u.g as key,
        ${rollupCount(of("conversation_resolved"))}::int as resolved,
        ${rollupAverage(of("conversation_resolved"))} as resolution,
        ${rollupAverage(of("first_response"))} as first_response,
        ${rollupAverage(of("reply_time"))} as reply
      from ${rollupRows(account, ["conversation_resolved", "first_response", "reply_time"], [window], { by: rolled }, query.business_hours)} u
      group by 1`)
      : ctx.db.execute<EventFigures>(sql`
      select ${eventKey} as key,
        count(*) filter (where r.name = 'conversation_resolved')::int as resolved,
        avg(${value}) filter (where r.name = 'conversation_resolved')::float8 as resolution,
        avg(${value}) filter (where r.name = 'first_response')::float8 as first_response,
        avg(${value}) filter (where r.name = 'reply_time')::float8 as reply
      from ${reportingEvents} r ${eventJoin}
      where r.account_id = ${account} and r.name in ('conversation_resolved', 'first_response', 'reply_time')
        and ${within(sql`r.created_at`, window)}
      group by 1`),
  ]);
  const conversationsBy = new Map(conversationCounts.map((row) => [String(row.key), Number(row.n)]));
  const eventsBy = new Map(eventFigures.map((row) => [String(row.key), row]));
  const seconds = (figure: number | null | undefined) => (figure === null || figure === undefined ? null : Number(figure));
  return rows.map((row) => {
    const figures = eventsBy.get(row.key);
    return {
      id: row.id,
      ...("name" in row ? { name: row.name } : {}),
      conversations_count: conversationsBy.get(row.key) ?? 0,
      resolved_conversations_count: Number(figures?.resolved ?? 0),
      avg_resolution_time: seconds(figures?.resolution),
      avg_first_response_time: seconds(figures?.first_response),
      avg_reply_time: seconds(figures?.reply),
    };
  });
};

const statusNames = conversationStatuses;

/**
 * GET summary_reports/channel: conversations created in the window per channel type and status.
 * Chatwoot refuses a window over six months (400); channel types without conversations are absent.
 */
export const channelSummary = async (ctx: AccountCtx, query: RangeQuery) => {
  requirePermission(ctx, "report_manage");
  const window = reportWindow(query);
  if (exceedsSixMonths(window)) {
    throw new ApiError("bad_request", "Date range should not exceed 6 months", {
      errors: [{ field: "until", message: "must be at most six months after since", code: "invalid" }],
    });
  }
  const rows = await ctx.db.execute<{ channel: string; status: number; n: number }>(sql`
    select i.channel_type as channel, c.status, count(*)::int as n
    from ${conversations} c join ${inboxes} i on i.id = c.inbox_id
    where c.account_id = ${ctx.account.id} and ${within(sql`c.created_at`, window)}
    group by 1, 2`);
  const result: Record<string, { open: number; resolved: number; pending: number; snoozed: number; total: number }> = {};
  for (const row of rows) {
    const channel = (result[row.channel] ??= { open: 0, resolved: 0, pending: 0, snoozed: 0, total: 0 });
    const status = statusNames[Number(row.status)];
    if (status) channel[status] += Number(row.n);
    channel.total += Number(row.n);
  }
  return result;
};
