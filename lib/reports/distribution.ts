import { asc, and, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { conversations, inboxes, labels, reportingEvents } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { requireOwned } from "./owned";
import { distributionBounds, distributionBuckets, type DistributionBucket } from "./figures";
import { idList, type RangeQuery, type InboxLabelMatrixQuery } from "./schemas";
import { within } from "./sql";
import { reportWindow } from "./window";

/** ./figures.ts's buckets as SQL over a first response's seconds (all hours, never business hours, as Chatwoot). */
const bucketSql = sql`case ${sql.join(
  distributionBounds.map(([bucket, bound]) => (Number.isFinite(bound) ? sql`when r.value < ${bound} then ${bucket}` : sql`else ${bucket}`)),
  sql` `,
)} end`;

/**
 * GET reports/first_response_time_distribution: the window's first responses per channel type
 * and delay bucket. Channel types with none are absent; a present one has all five buckets.
 */
export const firstResponseTimeDistribution = async (ctx: AccountCtx, query: RangeQuery) => {
  requirePermission(ctx, "report_manage");
  const rows = await ctx.db.execute<{ channel: string; bucket: DistributionBucket; n: number }>(sql`
    select i.channel_type as channel, ${bucketSql} as bucket, count(*)::int as n
    from ${reportingEvents} r join ${inboxes} i on i.id = r.inbox_id
    where r.account_id = ${ctx.account.id} and r.name = 'first_response' and ${within(sql`r.created_at`, reportWindow(query))}
    group by 1, 2`);
  const result: Record<string, Record<DistributionBucket, number>> = {};
  for (const row of rows) {
    result[row.channel] ??= Object.fromEntries(distributionBuckets.map((bucket) => [bucket, 0])) as Record<DistributionBucket, number>;
    result[row.channel]![row.bucket] = Number(row.n);
  }
  return result;
};

/**
 * GET reports/inbox_label_matrix: conversations created in the window per inbox (by name) and
 * label (by title); matrix[i][j] counts inbox i's conversations tagged label j.
 */
export const inboxLabelMatrix = async (ctx: AccountCtx, query: InboxLabelMatrixQuery) => {
  requirePermission(ctx, "report_manage");
  const inboxIds = idList(query.inbox_ids);
  const labelIds = idList(query.label_ids);
  await Promise.all([requireOwned(ctx, "inbox", inboxIds), requireOwned(ctx, "label", labelIds)]);
  const [inboxRows, labelRows] = await Promise.all([
    ctx.db
      .select({ id: inboxes.id, name: inboxes.name })
      .from(inboxes)
      .where(and(eq(inboxes.accountId, ctx.account.id), inboxIds.length ? anyOf(inboxes.id, inboxIds) : undefined))
      .orderBy(asc(inboxes.name), asc(inboxes.id)),
    ctx.db
      .select({ id: labels.id, title: labels.title })
      .from(labels)
      .where(and(eq(labels.accountId, ctx.account.id), labelIds.length ? anyOf(labels.id, labelIds) : undefined))
      .orderBy(asc(labels.title), asc(labels.id)),
  ]);
  const counts =
    inboxRows.length === 0 || labelRows.length === 0
      ? []
      : await ctx.db.execute<{ inbox: number; title: string; n: number }>(sql`
          select c.inbox_id as inbox, l.title, count(*)::int as n
          from ${conversations} c cross join unnest(c.labels) as l(title)
          where c.account_id = ${ctx.account.id} and ${within(sql`c.created_at`, reportWindow(query))}
            and c.inbox_id in (${sql.join(inboxRows.map((inbox) => sql`${inbox.id}`), sql`, `)})
          group by 1, 2`);
  const found = new Map(counts.map((row) => [`${row.inbox} ${row.title}`, Number(row.n)]));
  return {
    inboxes: inboxRows,
    labels: labelRows,
    // Conversations carry their labels' titles lowercased.
    matrix: inboxRows.map((inbox) => labelRows.map((label) => found.get(`${inbox.id} ${label.title.toLowerCase()}`) ?? 0)),
  };
};
