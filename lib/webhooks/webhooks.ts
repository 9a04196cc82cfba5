import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { deliveryAttempts, eventDeliveries, inboxes, webhooks, webhookSubscriptionDefaults } from "@/db/schema";
import { refuseThroughOAuth, requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { generateToken } from "@/lib/auth/tokens";
import { inboxFromBody } from "@/lib/contacts/contacts";
import { fieldError, notFound } from "@/lib/http/errors";
import { postgresError } from "@/lib/log";
import { ensureOutboundUrl } from "@/lib/outbound/check";
import type { CreateWebhookInput, UpdateWebhookInput } from "./schemas";

/*
 * Account webhooks (Chatwoot's Webhooks API): administrators only. The dispatcher
 * (lib/events/dispatch.ts) reads the URL and secret of a webhook at each attempt, so an edit or a
 * rotated secret applies to deliveries already queued.
 */

/**
 * Whether a delivery to the webhook gave up during its current failure streak: its last attempt
 * started at or after `failing_since` (the two are written from the same clock reading).
 */
const gaveUpSinceStreak = sql<boolean>`case when ${webhooks.failingSince} is null then false else exists (
  select 1 from ${eventDeliveries}
  join ${deliveryAttempts} on ${deliveryAttempts.accountId} = ${eventDeliveries.accountId}
    and ${deliveryAttempts.deliveryRowId} = ${eventDeliveries.id} and ${deliveryAttempts.attempt} = ${eventDeliveries.attempts}
  where ${eventDeliveries.accountId} = ${webhooks.accountId} and ${eventDeliveries.webhookId} = ${webhooks.id}
    and ${eventDeliveries.status} = 'failed' and ${deliveryAttempts.startedAt} >= ${webhooks.failingSince}
) end`;

/** A webhook with what its JSON shows beside its own columns: its inbox and its health. */
const selectWebhooks = (ctx: AccountCtx, where?: SQL) =>
  ctx.db
    .select({
      webhook: webhooks,
      inbox: { id: inboxes.id, name: inboxes.name, channelType: inboxes.channelType },
      gaveUpSinceStreak,
    })
    .from(webhooks)
    .leftJoin(inboxes, eq(inboxes.id, webhooks.inboxId))
    .where(and(eq(webhooks.accountId, ctx.account.id), where))
    .orderBy(asc(webhooks.id));

export type WebhookRow = Awaited<ReturnType<typeof selectWebhooks>>[number];

export const listWebhooks = (ctx: AccountCtx) => {
  requireAdmin(ctx, "webhooks.manage");
  return selectWebhooks(ctx);
};

/** One webhook of the account (another account's id is a 404, as a missing one). */
export const findWebhook = async (ctx: AccountCtx, id: number): Promise<WebhookRow> => {
  requireAdmin(ctx, "webhooks.manage");
  const [row] = await selectWebhooks(ctx, eq(webhooks.id, id));
  if (!row) throw notFound("Webhook");
  return row;
};

/** `(account_id, url)` is unique: a concurrent duplicate gets past the check as the index's error, answered like Chatwoot's. */
const translateTakenUrl = (error: unknown): never => {
  const pg = postgresError(error);
  if (pg?.code === "23505" && pg.constraint_name === "webhooks_account_url_key") throw fieldError("url", "has already been taken", "taken");
  throw error;
};

/** What both create and update check: the inbox is the account's, the URL leads nowhere private. */
const checkReferences = async (ctx: AccountCtx, input: UpdateWebhookInput) => {
  if (input.inbox_id) await inboxFromBody(ctx, input.inbox_id);
  await ensureOutboundUrl("url", input.url);
};

export const createWebhook = async (ctx: AccountCtx, input: CreateWebhookInput) => {
  requireAdmin(ctx, "webhooks.manage");
  await checkReferences(ctx, input);
  const [created] = await ctx.db
    .insert(webhooks)
    .values({
      accountId: ctx.account.id,
      url: input.url,
      name: input.name ?? null,
      subscriptions: input.subscriptions ?? webhookSubscriptionDefaults,
      inboxId: input.inbox_id ?? null,
      secret: generateToken(),
    })
    .returning({ id: webhooks.id })
    .catch(translateTakenUrl);
  return findWebhook(ctx, created!.id);
};

export const updateWebhook = async (ctx: AccountCtx, id: number, input: UpdateWebhookInput) => {
  await findWebhook(ctx, id);
  await checkReferences(ctx, input);
  await ctx.db
    .update(webhooks)
    .set({ url: input.url, name: input.name, subscriptions: input.subscriptions, inboxId: input.inbox_id, updatedAt: new Date() })
    .where(and(eq(webhooks.accountId, ctx.account.id), eq(webhooks.id, id)))
    .catch(translateTakenUrl);
  return findWebhook(ctx, id);
};

/** Its queued and logged deliveries go with it (foreign keys cascade). */
export const deleteWebhook = async (ctx: AccountCtx, id: number) => {
  await findWebhook(ctx, id);
  await ctx.db.delete(webhooks).where(and(eq(webhooks.accountId, ctx.account.id), eq(webhooks.id, id)));
};

/** A new signing secret; deliveries still queued are signed with it. */
export const resetWebhookSecret = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "webhooks.manage");
  refuseThroughOAuth(ctx, "reset a webhook's secret");
  await findWebhook(ctx, id);
  await ctx.db
    .update(webhooks)
    .set({ secret: generateToken(), updatedAt: new Date() })
    .where(and(eq(webhooks.accountId, ctx.account.id), eq(webhooks.id, id)));
  return findWebhook(ctx, id);
};
