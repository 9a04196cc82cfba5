import { seesCredentials } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { isFailing } from "./health";
import type { WebhookRow } from "./webhooks";

/** Chatwoot's `_webhook.json.jbuilder` (with `inbox.channel_type`), plus our `failing` and `failing_since`. */
export const presentWebhook = (ctx: AccountCtx, { webhook, inbox, gaveUpSinceStreak }: WebhookRow) => ({
  id: webhook.id,
  name: webhook.name,
  url: webhook.url,
  account_id: webhook.accountId,
  subscriptions: webhook.subscriptions,
  // The secret outlives any OAuth grant: never copied out through one.
  ...(seesCredentials(ctx) ? { secret: webhook.secret } : {}),
  inbox: inbox ? { id: inbox.id, name: inbox.name, channel_type: inbox.channelType } : null,
  failing: isFailing({ consecutiveFailures: webhook.consecutiveFailures, failingSince: webhook.failingSince, gaveUpSinceStreak }),
  failing_since: webhook.failingSince?.toISOString() ?? null,
});

export const presentWebhookList = (ctx: AccountCtx, rows: readonly WebhookRow[]) => ({
  payload: { webhooks: rows.map((row) => presentWebhook(ctx, row)) },
});

export const presentWebhookPayload = (ctx: AccountCtx, row: WebhookRow) => ({ payload: { webhook: presentWebhook(ctx, row) } });
