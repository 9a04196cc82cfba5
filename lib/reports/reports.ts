import { and, eq, sql, type SQL } from "drizzle-orm";
import { conversations, labels, messages, reportingEvents } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import type { OutgoingMessagesQuery, ReportGrouping, ReportMetric, ReportQuery, ReportScope } from "./schemas";
import { rollupAverage, rollupCount, rollupPath, rollupRows, wholeHourZone, type RollupFilter, type RollupKey } from "./rollups";
import { requireOwned } from "./owned";
import { reportRecords } from "./records";
import { at, within, zoneSql } from "./sql";
import { previousWindow, reportWindow, reportZone, spanOf, type ReportWindow } from "./window";

/**
 * Reports are computed from what is stored: messages, conversations and reporting events
 * (first_response, reply_time, conversation_resolved, …). Outgoing counts leave out private
 * notes; grouped by agent they count only messages users sent (never bots).
 */
const OUTGOING = 1;
const INCOMING = 0;

export type Scope = { type: ReportScope; id?: number; labelTitle?: string };

/** Checks the scoped record belongs to the account (404 otherwise) and resolves a label id to its title. */
export const resolveScope = async (ctx: AccountCtx, type: ReportScope, id: number | undefined): Promise<Scope> => {
  if (type === "account") return { type };
  if (id === undefined) throw notFound(type);
  if (type !== "label") {
    await requireOwned(ctx, type, [id]);
    return { type, id };
  }
  const [label] = await ctx.db.select({ title: labels.title }).from(labels).where(and(eq(labels.accountId, ctx.account.id), eq(labels.id, id)));
  if (!label) throw notFound(type);
  // Conversations carry their labels' titles lowercased.
  return { type, id, labelTitle: label.title.toLowerCase() };
};

/** A conversation (alias `c`) in the scope: agent = its assignee, as Chatwoot's `user.conversations`. */
export const conversationScope = (scope: Scope): SQL | undefined => {
  if (scope.type === "inbox") return sql`c.inbox_id = ${scope.id}`;
  if (scope.type === "team") return sql`c.team_id = ${scope.id}`;
  if (scope.type === "label") return sql`${scope.labelTitle} = any(c.labels)`;
  if (scope.type === "agent") return sql`c.assignee_id = ${scope.id}`;
  return undefined;
};

/** A reporting event (alias `r`, its conversation `c`) in the scope: agent = the event's user. */
export const eventScope = (scope: Scope): SQL | undefined => {
  if (scope.type === "agent") return sql`r.user_id = ${scope.id}`;
  if (scope.type === "inbox") return sql`r.inbox_id = ${scope.id}`;
  return conversationScope(scope);
};

const needsConversation = (scope: Scope) => scope.type === "team" || scope.type === "label";

/** Seconds of a duration event: all of them, or only those inside the inbox's working hours. */
export const eventValue = (businessHours: boolean | undefined) => (businessHours ? sql`r.value_in_business_hours` : sql`r.value`);

const and_ = (...conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

/*
 * Each metric reads one of three sources. A source is read once per request: every metric of a
 * summary, for both windows, is an aggregate with its own FILTER over that one pass.
 */
type Source = "conversations" | "messages" | "events";
type Metric = {
  source: Source;
  kind: "count" | "avg";
  /** Which rows of the source the metric takes, in the scope. */
  rows: (scope: Scope) => SQL;
  /** Counts conversations, not events (Chatwoot's bot hand-offs). */
  distinctConversations?: boolean;
  event?: string;
};

const event = (name: string, kind: Metric["kind"], extra: Partial<Metric> = {}): Metric => ({
  source: "events",
  kind,
  event: name,
  rows: (scope) => and_(sql`r.name = ${name}`, eventScope(scope)),
  ...extra,
});

const metrics: Record<ReportMetric, Metric> = {
  conversations_count: { source: "conversations", kind: "count", rows: (scope) => and_(conversationScope(scope)) },
  incoming_messages_count: {
    source: "messages",
    kind: "count",
    rows: (scope) => and_(sql`m.message_type = ${INCOMING}`, scope.type === "inbox" ? sql`m.inbox_id = ${scope.id}` : conversationScope(scope)),
  },
  outgoing_messages_count: {
    source: "messages",
    kind: "count",
    rows: (scope) =>
      and_(
        sql`m.message_type = ${OUTGOING}`,
        scope.type === "agent"
          ? sql`m.sender_type = 'User' and m.sender_id = ${scope.id}`
          : scope.type === "inbox"
            ? sql`m.inbox_id = ${scope.id}`
            : conversationScope(scope),
      ),
  },
  avg_first_response_time: event("first_response", "avg"),
  avg_resolution_time: event("conversation_resolved", "avg"),
  resolutions_count: event("conversation_resolved", "count"),
  reply_time: event("reply_time", "avg"),
  bot_resolutions_count: event("conversation_bot_resolved", "count"),
  bot_handoffs_count: event("conversation_bot_handoff", "count", { distinctConversations: true }),
};

const rollupKey = (metric: ReportMetric): RollupKey =>
  metric === "conversations_count" ? "conversations" : metric === "incoming_messages_count" ? "incoming" : metric === "outgoing_messages_count" ? "outgoing" : metrics[metric].event!;

/**
 * Which rollup rows answer the metric in the scope, or undefined when only the raw rows can: the
 * rollups know an inbox, a user (an event's, an outgoing message's User sender) and the
 * conversation's team and labels (moved when they change), not its assignee. Bot hand-offs count
 * distinct conversations, which sums of counts cannot: raw (record.ts records one per
 * conversation, but imported or older rows may hold more).
 */
export const rollupFilter = (metric: ReportMetric, scope: Scope): RollupFilter | undefined => {
  if (!rollupPath.enabled || metrics[metric].distinctConversations) return undefined;
  if (scope.type === "account") return {};
  if (scope.type === "inbox") return { inboxes: [scope.id!] };
  if (scope.type === "team") return { team: scope.id! };
  if (scope.type === "label") return { label: scope.labelTitle! };
  const byUser = metrics[metric].source === "events" || metric === "outgoing_messages_count";
  return scope.type === "agent" && byUser ? { user: scope.id } : undefined;
};

/** The metric's figure over the rollup rows (rollups.ts) of window `w`. */
const rollupAggregate = (metric: ReportMetric, w: number) => {
  const when = sql`w = ${w} and key = ${rollupKey(metric)}`;
  return metrics[metric].kind === "avg" ? rollupAverage(when) : rollupCount(when);
};

/** FROM, the time column and the account condition of a source, for the metrics read from it. */
const sourceSql = (ctx: AccountCtx, source: Source, scope: Scope, read: readonly ReportMetric[]) => {
  const account = ctx.account.id;
  if (source === "conversations") return { from: sql`${conversations} c`, time: sql`c.created_at`, where: sql`c.account_id = ${account}` };
  if (source === "messages") {
    // The conversation is joined only when the scope is one of its columns.
    const alone = scope.type === "account" || scope.type === "inbox" || (scope.type === "agent" && read.every((m) => m === "outgoing_messages_count"));
    return {
      from: alone ? sql`${messages} m` : sql`${messages} m join ${conversations} c on c.id = m.conversation_id`,
      time: sql`m.created_at`,
      where: sql`m.account_id = ${account} and m.message_type in (${INCOMING}, ${OUTGOING}) and not m.private`,
    };
  }
  const names = [...new Set(read.map((m) => metrics[m].event!))];
  return {
    from: needsConversation(scope) ? sql`${reportingEvents} r join ${conversations} c on c.id = r.conversation_id` : sql`${reportingEvents} r`,
    time: sql`r.created_at`,
    where: sql`r.account_id = ${account} and r.name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  };
};

/** The metric's aggregate over the rows also matching `when`. */
const aggregate = (metric: Metric, scope: Scope, when: SQL, businessHours: boolean | undefined) => {
  const rows = sql`${metric.rows(scope)} and ${when}`;
  if (metric.kind === "avg") return sql`avg(${eventValue(businessHours)}) filter (where ${rows})::float8`;
  return metric.distinctConversations ? sql`count(distinct r.conversation_id) filter (where ${rows})::int` : sql`count(*) filter (where ${rows})::int`;
};
const countOf = (metric: Metric, scope: Scope, when: SQL) => sql`count(*) filter (where ${metric.rows(scope)} and ${when})::int`;

type AverageMetric = "avg_first_response_time" | "avg_resolution_time" | "reply_time";
type Totals<M extends ReportMetric> = { [K in M]: K extends AverageMetric ? number | null : number };

/**
 * The metrics over the current and the previous window: one query per source, each metric an
 * aggregate with a FILTER per window. Averages of nothing are null (Chatwoot's AVG), counts 0.
 */
export const totalsOver = async <M extends ReportMetric>(
  ctx: AccountCtx,
  read: readonly M[],
  scope: Scope,
  current: ReportWindow,
  previous: ReportWindow,
  businessHours: boolean | undefined,
): Promise<{ current: Totals<M>; previous: Totals<M> }> => {
  const result = { current: {} as Totals<M>, previous: {} as Totals<M> };
  const store = (metric: M, current: number | string | null | undefined, previous: number | string | null | undefined) => {
    const read = (value: number | string | null | undefined) => (value === null || value === undefined ? (metrics[metric].kind === "avg" ? null : 0) : Number(value));
    (result.current as Record<M, number | null>)[metric] = read(current);
    (result.previous as Record<M, number | null>)[metric] = read(previous);
  };
  // Every metric the rollups answer in one query (its filter is the scope's, the same for all).
  const rolled = read.filter((metric) => rollupFilter(metric, scope) !== undefined);
  const bySource = new Map<Source, M[]>();
  for (const metric of read) {
    if (!rolled.includes(metric)) bySource.set(metrics[metric].source, [...(bySource.get(metrics[metric].source) ?? []), metric]);
  }
  const rollupQuery = async () => {
    if (rolled.length === 0) return;
    const rows = rollupRows(ctx.account.id, [...new Set(rolled.map(rollupKey))], [current, previous], rollupFilter(rolled[0]!, scope)!, businessHours);
    const columns = rolled.flatMap((metric, i) => [
      sql`${rollupAggregate(metric, 0)} as ${sql.identifier(`c${i}`)}`,
      sql`${rollupAggregate(metric, 1)} as ${sql.identifier(`p${i}`)}`,
    ]);
    const [row] = await ctx.db.execute<Record<string, number | string | null>>(sql`select ${sql.join(columns, sql`, `)} from ${rows} u`);
    rolled.forEach((metric, i) => store(metric, row?.[`c${i}`], row?.[`p${i}`]));
  };
  await Promise.all([
    rollupQuery(),
    ...[...bySource].map(async ([source, group]) => {
      const { from, time, where } = sourceSql(ctx, source, scope, group);
      const columns = group.flatMap((metric, i) => [
        sql`${aggregate(metrics[metric], scope, within(time, current), businessHours)} as ${sql.identifier(`c${i}`)}`,
        sql`${aggregate(metrics[metric], scope, within(time, previous), businessHours)} as ${sql.identifier(`p${i}`)}`,
      ]);
      const [row] = await ctx.db.execute<Record<string, number | string | null>>(
        sql`select ${sql.join(columns, sql`, `)} from ${from} where ${where} and ${within(time, spanOf(current, previous))}`,
      );
      group.forEach((metric, i) => store(metric, row?.[`c${i}`], row?.[`p${i}`]));
    }),
  ]);
  return result;
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

/** A summary's figures in Chatwoot's key order, then `previous` with the same keys. */
const summaryOf = async <M extends ReportMetric>(ctx: AccountCtx, query: ReportQuery, read: readonly M[]) => {
  requirePermission(ctx, "report_manage");
  const scope = await resolveScope(ctx, query.type ?? "account", query.id);
  const window = reportWindow(query);
  const { current, previous } = await totalsOver(ctx, read, scope, window, previousWindow(window), query.business_hours);
  const ordered = (totals: Totals<M>) => Object.fromEntries(read.map((metric) => [metric, totals[metric]])) as Totals<M>;
  return { ...ordered(current), previous: ordered(previous) };
};

/** GET reports/summary: each metric over the window, and over the equal window before it. */
export const reportSummary = (ctx: AccountCtx, query: ReportQuery) => summaryOf(ctx, query, summaryMetrics);

/** GET reports/bot_summary: bot resolutions and hand-offs (distinct conversations), with `previous`. */
export const botSummary = (ctx: AccountCtx, query: ReportQuery) => summaryOf(ctx, query, ["bot_resolutions_count", "bot_handoffs_count"] as const);

type TimeseriesPoint = { value: number; timestamp: number; count?: number };

/**
 * GET reports?metric=…: one point per hour/day/week (from Monday)/month/year of the window in the
 * caller's zone, empty buckets included (0); each point's timestamp is its bucket's start.
 * An unknown or missing metric is `{}`, as Chatwoot answers it.
 */
export const reportTimeseries = async (
  ctx: AccountCtx,
  query: ReportQuery & { metric?: ReportMetric; group_by?: ReportGrouping },
): Promise<TimeseriesPoint[] | Record<string, never>> => {
  requirePermission(ctx, "report_manage");
  const scope = await resolveScope(ctx, query.type ?? "account", query.id);
  if (!query.metric) return {};
  const metric = metrics[query.metric];
  const window = reportWindow(query);
  const grouping = query.group_by ?? "day";
  const { from, time, where } = sourceSql(ctx, metric.source, scope, [query.metric]);
  const reportingZone = reportZone(query);
  const zone = zoneSql(reportingZone);
  const unit = sql.raw(`'${grouping}'`);
  const local = (instant: SQL) => sql`date_trunc(${unit}, ${instant} at time zone ${zone})`;
  // An hour that a DST change skips has a local label but no instant of its own: left out.
  const real = grouping === "hour" ? sql`where (b at time zone ${zone}) at time zone ${zone} = b` : sql``;
  // The rollups' whole UTC hours fall in one bucket each when the zone's offset is whole hours.
  const filter = wholeHourZone(reportingZone, window) ? rollupFilter(query.metric, scope) : undefined;
  const points =
    filter === undefined
      ? sql`
      select ${local(time)} as bucket, ${aggregate(metric, scope, sql`true`, query.business_hours)} as value, ${countOf(metric, scope, sql`true`)} as count
      from ${from}
      where ${where} and ${within(time, window)}
      group by 1`
      : sql`
      select ${local(sql`u.t`)} as bucket, ${rollupAggregate(query.metric, 0)} as value, ${rollupCount(sql`true`)} as count
      from ${rollupRows(ctx.account.id, [rollupKey(query.metric)], [window], filter, query.business_hours)} u
      group by 1`;
  const rows = await ctx.db.execute<{ bucket: string; value: number | null; count: number }>(sql`
    with buckets as (
      select b as bucket from generate_series(${local(at(window.since))}, ${local(at(window.until))}, ${sql.raw(`'1 ${grouping}'`)}::interval) b ${real}
    ), points as (${points})
    select extract(epoch from (b.bucket at time zone ${zone}))::bigint as bucket, coalesce(p.value, 0) as value, coalesce(p.count, 0) as count
    from buckets b left join points p on p.bucket = b.bucket
    order by b.bucket`);
  return rows.map((row) => ({
    value: Number(row.value),
    timestamp: Number(row.bucket),
    ...(metric.kind === "avg" ? { count: Number(row.count) } : {}),
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
  // The rollups know each message's sender, inbox and conversation's team and labels.
  const rolledCountsBy = async (by: NonNullable<RollupFilter["by"]>, raw: () => Promise<Map<string, number>>) => {
    if (!rollupPath.enabled) return raw();
    const rows = await ctx.db.execute<{ key: string; n: number }>(
      sql`select u.g as key, sum(u.n)::int as n from ${rollupRows(account, ["outgoing"], [window], { by })} u group by 1`,
    );
    return new Map(rows.map((row) => [row.key, Number(row.n)]));
  };
  const present = (rows: { id: number; name: string; key?: string }[], counts: Map<string, number>) =>
    rows.map((row) => ({ id: row.id, name: row.name, outgoing_messages_count: counts.get(row.key ?? String(row.id)) ?? 0 }));

  const records = await reportRecords(ctx, query.group_by);
  switch (query.group_by) {
    case "agent":
      return present(records, await rolledCountsBy("user_id", () => countsBy(sql`m.sender_id`, sql``, sql`m.sender_type = 'User'`)));
    case "inbox":
      return present(records, await rolledCountsBy("inbox_id", () => countsBy(sql`m.inbox_id`)));
    case "team":
      return present(
        records,
        await rolledCountsBy("team", () => countsBy(sql`c.team_id`, sql`join ${conversations} c on c.id = m.conversation_id`, sql`c.team_id is not null`)),
      );
    default: {
      const counts = await rolledCountsBy("label", () =>
        countsBy(sql`l.title`, sql`join ${conversations} c on c.id = m.conversation_id cross join unnest(c.labels) as l(title)`),
      );
      return present(records.map((row) => ({ ...row, key: row.name.toLowerCase() })), counts);
    }
  }
};
