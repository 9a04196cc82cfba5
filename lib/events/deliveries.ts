import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { deliveryAttempts, eventDeliveries, events, type DeliveryTargetKind } from "@/db/schema";
import { findVisibleAgentBot } from "@/lib/agent-bots/agent-bots";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { findAccountInbox } from "@/lib/inboxes/inboxes";
import { deliveriesPerPage, type DeliveryListQuery } from "@/lib/webhooks/schemas";
import { findWebhook } from "@/lib/webhooks/webhooks";
import { wakeDispatchers } from "./record";

/*
 * The delivery log of one target (an account webhook, an agent bot or an API inbox), and
 * redelivery: one implementation for the three kinds. Administrators only, like the webhooks.
 */

export type DeliveryTarget = { kind: DeliveryTargetKind; id: number };

const targetColumn = { webhook: eventDeliveries.webhookId, agent_bot: eventDeliveries.agentBotId, inbox: eventDeliveries.inboxId } as const;

/** The target must be one the account sees (a system bot connected to its inbox included): else a 404. */
const ensureTarget = async (ctx: AccountCtx, target: DeliveryTarget) => {
  requireAdmin(ctx, "webhooks.manage");
  if (target.kind === "webhook") await findWebhook(ctx, target.id);
  else if (target.kind === "agent_bot") await findVisibleAgentBot(ctx, target.id);
  else await findAccountInbox(ctx, target.id);
};

/** The log's rows lead on account_id, as its indexes do. */
const ofTarget = (ctx: AccountCtx, target: DeliveryTarget) => and(eq(eventDeliveries.accountId, ctx.account.id), eq(targetColumn[target.kind], target.id));

/** Deliveries with their event's name and every attempt: two queries, whatever the page holds. */
const loadDeliveries = async (ctx: AccountCtx, where: SQL | undefined, page = 1) => {
  const rows = await ctx.db
    .select({ delivery: eventDeliveries, event: events.name })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(where)
    .orderBy(desc(eventDeliveries.id))
    .limit(deliveriesPerPage)
    .offset((page - 1) * deliveriesPerPage);
  const ids = rows.map((row) => row.delivery.id);
  const attempts = ids.length
    ? await ctx.db
        .select()
        .from(deliveryAttempts)
        .where(and(eq(deliveryAttempts.accountId, ctx.account.id), anyOf(deliveryAttempts.deliveryRowId, ids)))
        .orderBy(asc(deliveryAttempts.deliveryRowId), asc(deliveryAttempts.attempt), asc(deliveryAttempts.id))
    : [];
  return rows.map((row) => ({ ...row, attempts: attempts.filter((attempt) => attempt.deliveryRowId === row.delivery.id) }));
};

export type LoggedDelivery = Awaited<ReturnType<typeof loadDeliveries>>[number];

export const listDeliveries = async (ctx: AccountCtx, target: DeliveryTarget, query: DeliveryListQuery) => {
  await ensureTarget(ctx, target);
  const where = ofTarget(ctx, target);
  const [deliveries, [total]] = await Promise.all([
    loadDeliveries(ctx, where, query.page),
    ctx.db.select({ count: count() }).from(eventDeliveries).where(where),
  ]);
  return { deliveries, count: total?.count ?? 0, page: query.page };
};

/**
 * Sends a delivery that is over (delivered or failed) once more: pending again, due now, with a
 * new retry window, and the same delivery id (X-Chatwoot-Delivery), so a receiver that keeps the
 * ids it processed recognises a repeat. Attempts keep counting, so the log's numbers stay
 * unique; a bot's redelivery therefore gets one attempt, not a fresh budget. A delivery still
 * pending is refused: it is going to be tried anyway.
 */
export const redeliver = async (ctx: AccountCtx, target: DeliveryTarget, deliveryId: string) => {
  await ensureTarget(ctx, target);
  if (!isUuid(deliveryId)) throw notFound("Delivery");
  const where = and(ofTarget(ctx, target), eq(eventDeliveries.deliveryId, deliveryId));
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ status: eventDeliveries.status }).from(eventDeliveries).where(where).for("update");
    if (!row) throw notFound("Delivery");
    if (row.status === "pending") throw new ApiError("invalid_transition", "The delivery is still pending: it will be tried again without a redelivery");
    await tx
      .update(eventDeliveries)
      .set({ status: "pending", nextAttemptAt: new Date(), firstAttemptAt: null, deliveredAt: null })
      .where(where);
    await wakeDispatchers(tx);
  });
  const [delivery] = await loadDeliveries(ctx, where);
  return delivery!;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const presentDelivery = ({ delivery, event, attempts }: LoggedDelivery) => ({
  id: delivery.id,
  delivery_id: delivery.deliveryId,
  event,
  status: delivery.status,
  attempts: delivery.attempts,
  created_at: delivery.createdAt.toISOString(),
  last_attempt_at: iso(delivery.lastAttemptAt),
  next_attempt_at: iso(delivery.nextAttemptAt),
  delivered_at: iso(delivery.deliveredAt),
  last_status: delivery.lastStatus,
  last_error: delivery.lastError,
  attempts_log: attempts.map((attempt) => ({
    attempt: attempt.attempt,
    started_at: attempt.startedAt.toISOString(),
    url: attempt.url,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error_code: attempt.errorCode,
    error: attempt.error,
  })),
});

export const presentDeliveryList = (page: Awaited<ReturnType<typeof listDeliveries>>) => ({
  payload: { deliveries: page.deliveries.map(presentDelivery) },
  meta: { current_page: page.page, count: page.count },
});
