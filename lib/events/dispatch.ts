import { and, asc, eq, lte, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { agentBots, deliveryAttempts, eventDeliveries, events, inboxes, targetHealth, webhooks } from "@/db/schema";
import { logFailure } from "@/lib/log";
import { guardedFetch, OutboundError } from "@/lib/outbound/fetch";
import { handOffAfterBotFailure, markMessageFailed } from "./failures";
import { botPolicy, classify, nextStep, webhookPolicy, type AttemptOutcome } from "./retry";
import { deliveryHeaders } from "./sign";

type DeliveryRow = typeof eventDeliveries.$inferSelect;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * A claimed delivery is not due again for `WEBHOOK_LEASE_SECONDS` (60), far longer than an
 * attempt may take: no other dispatcher attempts it meanwhile, and should this process die
 * mid-attempt it is retried once the lease ends (at-least-once).
 */
const leaseMs = () => envNumber("WEBHOOK_LEASE_SECONDS", 60) * 1000;
const timeoutMs = () => envNumber("WEBHOOK_TIMEOUT_SECONDS", 5) * 1000;
/** The part of a receiver's answer that is read (and kept, 1 KiB of it, in the log). */
const maxResponseBytes = 64 * 1024;
const excerptChars = 1024;

export type DispatchOptions = {
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Jitter's source. */
  random?: () => number;
  /** Deliveries claimed at a time. */
  batch?: number;
  /** Claims per run, at most. */
  maxBatches?: number;
};

/**
 * Takes up to `batch` due pending deliveries under `FOR UPDATE SKIP LOCKED` — so two dispatchers
 * (in one process or on two machines) never take the same one — counting the attempt and
 * pushing `next_attempt_at` past the lease before anything is sent.
 */
export const claimDeliveries = (db: DbOrTx, now: Date, batch: number): Promise<DeliveryRow[]> =>
  db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, "pending"), lte(eventDeliveries.nextAttemptAt, now)))
      .orderBy(asc(eventDeliveries.nextAttemptAt), asc(eventDeliveries.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(eventDeliveries)
      .set({
        attempts: sql`${eventDeliveries.attempts} + 1`,
        lastAttemptAt: now,
        firstAttemptAt: sql`coalesce(${eventDeliveries.firstAttemptAt}, ${now.toISOString()}::timestamptz)`,
        nextAttemptAt: new Date(now.getTime() + leaseMs()),
      })
      .where(
        anyOf(
          eventDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

type Destination = { url: string; secret: string | null } | null;

/** The target's current URL and secret: a fixed URL or a rotated secret applies to retries. */
const destinationOf = async (db: DbOrTx, delivery: DeliveryRow): Promise<Destination> => {
  if (delivery.targetKind === "webhook" && delivery.webhookId !== null) {
    const [row] = await db.select({ url: webhooks.url, secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, delivery.webhookId));
    return row ?? null;
  }
  if (delivery.targetKind === "inbox" && delivery.inboxId !== null) {
    const [row] = await db
      .select({ url: inboxes.webhookUrl, secret: inboxes.secret, channelType: inboxes.channelType })
      .from(inboxes)
      .where(eq(inboxes.id, delivery.inboxId));
    return row?.url && row.channelType === "Channel::Api" ? { url: row.url, secret: row.secret } : null;
  }
  if (delivery.targetKind === "agent_bot" && delivery.agentBotId !== null) {
    const [row] = await db.select({ url: agentBots.outgoingUrl, secret: agentBots.secret }).from(agentBots).where(eq(agentBots.id, delivery.agentBotId));
    return row?.url ? { url: row.url, secret: row.secret } : null;
  }
  return null;
};

const targetId = (delivery: DeliveryRow) => delivery.webhookId ?? delivery.inboxId ?? delivery.agentBotId ?? 0;

/** Failure streaks: reset by a success, counted (from when they began) by each failed attempt. */
const recordHealth = async (db: DbOrTx, delivery: DeliveryRow, ok: boolean, now: Date) => {
  const success = { consecutiveFailures: 0, failingSince: null, lastSuccessAt: now };
  if (delivery.targetKind === "webhook") {
    await db
      .update(webhooks)
      .set(
        ok
          ? success
          : {
              consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
              failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)`,
              lastFailureAt: now,
            },
      )
      .where(eq(webhooks.id, targetId(delivery)));
    return;
  }
  const key = { accountId: delivery.accountId, targetKind: delivery.targetKind, targetId: targetId(delivery) };
  await db
    .insert(targetHealth)
    .values(ok ? { ...key, ...success } : { ...key, consecutiveFailures: 1, failingSince: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [targetHealth.accountId, targetHealth.targetKind, targetHealth.targetId],
      set: ok
        ? success
        : {
            consecutiveFailures: sql`${targetHealth.consecutiveFailures} + 1`,
            failingSince: sql`coalesce(${targetHealth.failingSince}, ${now.toISOString()}::timestamptz)`,
            lastFailureAt: now,
          },
    });
};

const send = async (destination: NonNullable<Destination>, delivery: DeliveryRow, event: { name: string; body: string }, now: Date) => {
  const started = performance.now();
  let outcome: AttemptOutcome;
  let excerpt: string | null = null;
  try {
    const response = await guardedFetch(destination.url, {
      purpose: "webhook",
      method: "POST",
      headers: deliveryHeaders({ deliveryId: delivery.deliveryId, secret: destination.secret, body: event.body, now, event: event.name, attempt: delivery.attempts }),
      body: event.body,
      timeoutMs: timeoutMs(),
      maxBytes: maxResponseBytes,
      truncate: true,
    });
    outcome = { kind: "response", status: response.status, retryAfter: response.headers.get("retry-after") };
    excerpt = (await response.text()).slice(0, excerptChars) || null;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    outcome = { kind: "error", code: error.code, message: error.message };
  }
  return { outcome, excerpt, durationMs: Math.round(performance.now() - started) };
};

/** One attempt at a claimed delivery, logged, and its outcome recorded unless a later claim owns it by now. */
const attempt = async (db: DbOrTx, delivery: DeliveryRow, now: Date, random: () => number) => {
  const [event] = await db.select({ name: events.name, payload: events.payload }).from(events).where(eq(events.id, delivery.eventId));
  const destination = await destinationOf(db, delivery);
  const body = JSON.stringify(event?.payload ?? {});
  const sent = destination && event ? await send(destination, delivery, { name: event.name, body }, now) : null;
  const outcome: AttemptOutcome = sent?.outcome ?? { kind: "error", code: "no_target", message: "The target no longer has a URL" };
  const classified = classify(outcome, now);
  const step = nextStep({
    classified,
    attempt: delivery.attempts,
    firstAttemptAt: delivery.firstAttemptAt ?? now,
    now,
    policy: delivery.targetKind === "agent_bot" ? botPolicy() : webhookPolicy(),
    random,
  });
  const status = outcome.kind === "response" ? outcome.status : null;
  const error = outcome.kind === "error" ? outcome.message : classified.result === "delivered" ? null : `HTTP ${status}`;
  const errorCode = classified.result === "delivered" ? null : classified.code;
  const [recorded] = await db
    .update(eventDeliveries)
    .set({
      status: step.status,
      nextAttemptAt: step.status === "pending" ? step.nextAttemptAt : null,
      deliveredAt: step.status === "delivered" ? now : null,
      lastStatus: status,
      lastError: error,
      lastErrorCode: errorCode,
    })
    .where(and(eq(eventDeliveries.id, delivery.id), eq(eventDeliveries.attempts, delivery.attempts)))
    .returning({ id: eventDeliveries.id });
  await db.insert(deliveryAttempts).values({
    accountId: delivery.accountId,
    deliveryRowId: delivery.id,
    attempt: delivery.attempts,
    startedAt: now,
    durationMs: sent?.durationMs ?? 0,
    url: destination?.url ?? "",
    statusCode: status,
    errorCode,
    error,
    retryAfterS: classified.result === "retry" && classified.retryAfterMs !== null ? Math.round(classified.retryAfterMs / 1000) : null,
    responseExcerpt: sent?.excerpt ?? null,
  });
  if (destination) await recordHealth(db, delivery, step.status === "delivered", now);
  if (recorded && step.status === "failed" && event) await afterFinalFailure(db, delivery, event.name, error ?? "delivery failed");
  return step.status;
};

/** Chatwoot's failure side effects, for message events only. */
const afterFinalFailure = async (db: DbOrTx, delivery: DeliveryRow, name: string, error: string) => {
  if (name !== "message_created" && name !== "message_updated") return;
  const [event] = await db
    .select({ conversationId: events.conversationId, subjectId: events.subjectId })
    .from(events)
    .where(eq(events.id, delivery.eventId));
  if (!event?.conversationId) return;
  if (delivery.targetKind === "agent_bot") await handOffAfterBotFailure(db, event.conversationId);
  if (delivery.targetKind === "inbox" && event.subjectId) await markMessageFailed(db, Number(event.subjectId), error);
};

/**
 * The dispatcher's run: claims due deliveries in batches and attempts each batch concurrently,
 * until none is due (or `maxBatches`). Any number of these may run at once, in one process or
 * many, on one database.
 */
export const dispatchDue = async (db: DbOrTx, options: DispatchOptions = {}) => {
  const clock = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batch = options.batch ?? envNumber("WEBHOOK_CONCURRENCY", 16);
  const totals = { attempted: 0, delivered: 0, failed: 0 };
  for (let round = 0; round < (options.maxBatches ?? 100); round++) {
    const claimed = await claimDeliveries(db, clock(), batch);
    if (claimed.length === 0) break;
    const results = await Promise.all(
      claimed.map((delivery) =>
        attempt(db, delivery, clock(), random).catch((error: unknown) => {
          // The claim stands: the delivery is tried again once its lease ends.
          logFailure({ where: "event delivery attempt" }, error);
          return "pending" as const;
        }),
      ),
    );
    totals.attempted += claimed.length;
    totals.delivered += results.filter((status) => status === "delivered").length;
    totals.failed += results.filter((status) => status === "failed").length;
  }
  return totals;
};
