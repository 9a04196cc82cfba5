import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { accountUsers, conversations, inboxes, labels, messages, reportingEvents, teams, users } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import type { OutgoingMessagesQuery, ReportMetric, ReportScope, SummaryQuery, TimeseriesQuery } from "./schemas";
import { previousWindow, reportWindow, type ReportWindow } from "./window";

/**
 * Reports are computed from what is stored: messages, conversations and reporting events
 * (first_response, reply_time, conversation_resolved, …). Outgoing counts leave out private
 * notes; grouped by agent they count only messages users sent (never bots).
 */
const OUTGOING = 1;
const INCOMING = 0;

type Scope = { type: ReportScope; id?: number; labelTitle?: string };

/** Checks the scoped record belongs to the account (404 otherwise) and resolves a label id to its title. */
const resolveScope = async (ctx: AccountCtx, type: ReportScope, id: number | undefined): Promise<Scope> => {
  if (type === "account") return { type };
  if (id === undefined) throw notFound(type);
  const account = ctx.account.id;
  const lookups: Record<Exclude<ReportScope, "account">, () => Promise<unknown[]>> = {
    agent: () => ctx.db.select({ id: accountUsers.id }).from(accountUsers).where(and(eq(accountUsers.accountId, account), eq(accountUsers.userId, id))),
    inbox: () => ctx.db.select({ id: inboxes.id }).from(inboxes).where(and(eq(inboxes.accountId, account), eq(inboxes.id, id))),
    team: () => ctx.db.select({ id: teams.id }).from(teams).where(and(eq(teams.accountId, account), eq(teams.id, id))),
    label: () => ctx.db.select({ title: labels.title }).from(labels).where(and(eq(labels.accountId, account), eq(labels.id, id))),
  };
  const [row] = await lookups[type]();
  if (!row) throw notFound(type);
  return { type, id, labelTitle: (row as { title?: string }).title };
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const within = (time: SQL, window: ReportWindow) => sql`${time} between ${at(window.since)} and ${at(window.until)}`;

type Source = { from: SQL; time: SQL; where: SQL; aggregate: "count" | "avg" };

const conversationScope = (scope: Scope): SQL | undefined => {
  if (scope.type === "inbox") return sql`c.inbox_id = ${scope.id}`;
  if (scope.type === "team") return sql`c.team_id = ${scope.id}`;
  if (scope.type === "label") return sql`${scope.labelTitle} = any(c.labels)`;
  if (scope.type === "agent") return sql`c.assignee_id = ${scope.id}`;
  return undefined;
};

const eventNames: Partial<Record<ReportMetric, { name: string; aggregate: "count" | "avg" }>> = {
  avg_first_response_time: { name: "first_response", aggregate: "avg" },
  avg_resolution_time: { name: "conversation_resolved", aggregate: "avg" },
  resolutions_count: { name: "conversation_resolved", aggregate: "count" },
  reply_time: { name: "reply_time", aggregate: "avg" },
  bot_resolutions_count: { name: "conversation_bot_resolved", aggregate: "count" },
  bot_handoffs_count: { name: "conversation_bot_handoff", aggregate: "count" },
};

const sourceOf = (ctx: AccountCtx, metric: ReportMetric, scope: Scope): Source => {
  const account = ctx.account.id;
  const extra = (condition: SQL | undefined) => (condition ? sql` and ${condition}` : sql``);
  if (metric === "conversations_count") {
    return { from: sql`${conversations} c`, time: sql`c.created_at`, where: sql`c.account_id = ${account}${extra(conversationScope(scope))}`, aggregate: "count" };
  }
  if (metric === "incoming_messages_count" || metric === "outgoing_messages_count") {
    const outgoing = metric === "outgoing_messages_count";
    const byScope =
      scope.type === "agent" && outgoing
        ? sql`m.sender_type = 'User' and m.sender_id = ${scope.id}`
        : scope.type === "inbox"
          ? sql`m.inbox_id = ${scope.id}`
          : conversationScope(scope);
    return {
      from: sql`${messages} m join ${conversations} c on c.id = m.conversation_id`,
      time: sql`m.created_at`,
      where: sql`m.account_id = ${account} and m.message_type = ${outgoing ? OUTGOING : INCOMING} and not m.private${extra(byScope)}`,
      aggregate: "count",
    };
  }
  const event = eventNames[metric]!;
  const byScope = scope.type === "agent" ? sql`r.user_id = ${scope.id}` : scope.type === "inbox" ? sql`r.inbox_id = ${scope.id}` : conversationScope(scope);
  return {
    from: sql`${reportingEvents} r left join ${conversations} c on c.id = r.conversation_id`,
    time: sql`r.created_at`,
    where: sql`r.account_id = ${account} and r.name = ${event.name}${extra(byScope)}`,
    aggregate: event.aggregate,
  };
};

const valueExpression = (source: Source) => (source.aggregate === "count" ? sql`count(*)::float8` : sql`coalesce(avg(r.value), 0)::float8`);

const aggregateOver = async (ctx: AccountCtx, metric: ReportMetric, scope: Scope, window: ReportWindow) => {
  const source = sourceOf(ctx, metric, scope);
  const [row] = await ctx.db.execute<{ value: number }>(
    sql`select ${valueExpression(source)} as value from ${source.from} where ${source.where} and ${within(source.time, window)}`,
  );
  return Number(row?.value ?? 0);
};

const summaryMetrics = [
  "conversations_count",
  "incoming_messages_count",
  "outgoing_messages_count",
  "avg_first_response_time",
  "avg_resolution_time",
  "resolutions_count",
  "reply_time",
] as const satisfies readonly ReportMetric[];

const summarise = async (ctx: AccountCtx, scope: Scope, window: ReportWindow) => {
  const values = await Promise.all(summaryMetrics.map((metric) => aggregateOver(ctx, metric, scope, window)));
  return Object.fromEntries(summaryMetrics.map((metric, i) => [metric, values[i]!])) as Record<(typeof summaryMetrics)[number], number>;
};

/** GET reports/summary: each metric over the window, and over the equal window before it. */
export const reportSummary = async (ctx: AccountCtx, query: SummaryQuery) => {
  requirePermission(ctx, "report_manage");
  const scope = await resolveScope(ctx, query.type, query.id);
  const window = reportWindow(query);
  const [current, previous] = await Promise.all([summarise(ctx, scope, window), summarise(ctx, scope, previousWindow(window))]);
  return { ...current, previous };
};

/** GET reports?metric=…: one point per hour/day/week/month/year of the window, empty buckets included. */
export const reportTimeseries = async (ctx: AccountCtx, query: TimeseriesQuery) => {
  requirePermission(ctx, "report_manage");
  const scope = await resolveScope(ctx, query.type, query.id);
  const window = reportWindow(query);
  const source = sourceOf(ctx, query.metric, scope);
  const unit = sql.raw(`'${query.group_by}'`);
  const step = sql.raw(`'1 ${query.group_by}'`);
  const offset = sql`make_interval(mins => ${Math.round(query.timezone_offset * 60)})`;
  const local = (time: SQL) => sql`date_trunc(${unit}, (${time} at time zone 'UTC') + ${offset})`;
  const rows = await ctx.db.execute<{ bucket: string; value: number; count: number }>(sql`
    with buckets as (
      select generate_series(${local(at(window.since))}, ${local(at(window.until))}, ${step}::interval) as bucket
    ), points as (
      select ${local(source.time)} as bucket, ${valueExpression(source)} as value, count(*)::int as count
      from ${source.from}
      where ${source.where} and ${within(source.time, window)}
      group by 1
    )
    select extract(epoch from (b.bucket - ${offset}))::bigint as bucket, coalesce(p.value, 0) as value, coalesce(p.count, 0) as count
    from buckets b left join points p on p.bucket = b.bucket
    order by b.bucket`);
  return rows.map((row) => ({
    value: Number(row.value),
    timestamp: Number(row.bucket),
    ...(source.aggregate === "avg" ? { count: Number(row.count) } : {}),
  }));
};

/**
 * GET reports/outgoing_messages_count: one row per agent, team, inbox or label of the account
 * (zero rows included), ordered by id.
 */
export const outgoingMessagesCount = async (ctx: AccountCtx, query: OutgoingMessagesQuery) => {
  requirePermission(ctx, "report_manage");
  const window = reportWindow(query);
  const account = ctx.account.id;
  const counted = sql`m.account_id = ${account} and m.message_type = ${OUTGOING} and not m.private and ${within(sql`m.created_at`, window)}`;
  const countsBy = async (key: SQL, join: SQL = sql``, condition: SQL = sql`true`) => {
    const rows = await ctx.db.execute<{ key: string | number; n: number }>(
      sql`select ${key} as key, count(*)::int as n from ${messages} m ${join} where ${counted} and ${condition} group by 1`,
    );
    return new Map(rows.map((row) => [String(row.key), Number(row.n)]));
  };
  const present = (rows: { id: number; name: string; key?: string }[], counts: Map<string, number>) =>
    rows.map((row) => ({ id: row.id, name: row.name, outgoing_messages_count: counts.get(row.key ?? String(row.id)) ?? 0 }));

  switch (query.group_by) {
    case "agent": {
      const agents = await ctx.db
        .select({ id: users.id, name: users.name })
        .from(accountUsers)
        .innerJoin(users, eq(users.id, accountUsers.userId))
        .where(eq(accountUsers.accountId, account))
        .orderBy(asc(users.id));
      return present(agents, await countsBy(sql`m.sender_id`, sql``, sql`m.sender_type = 'User'`));
    }
    case "inbox": {
      const rows = await ctx.db.select({ id: inboxes.id, name: inboxes.name }).from(inboxes).where(eq(inboxes.accountId, account)).orderBy(asc(inboxes.id));
      return present(rows, await countsBy(sql`m.inbox_id`));
    }
    case "team": {
      const rows = await ctx.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.accountId, account)).orderBy(asc(teams.id));
      return present(rows, await countsBy(sql`c.team_id`, sql`join ${conversations} c on c.id = m.conversation_id`, sql`c.team_id is not null`));
    }
    default: {
      const rows = await ctx.db.select({ id: labels.id, name: labels.title }).from(labels).where(eq(labels.accountId, account)).orderBy(asc(labels.id));
      const counts = await countsBy(sql`l.title`, sql`join ${conversations} c on c.id = m.conversation_id cross join unnest(c.labels) as l(title)`);
      return present(rows.map((row) => ({ ...row, key: row.name.toLowerCase() })), counts);
    }
  }
};
