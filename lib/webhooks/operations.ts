import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import {
  ZCreateWebhook,
  ZDelivery,
  ZDeliveryList,
  ZDeliveryListQuery,
  ZDeliveryParams,
  ZUpdateWebhook,
  ZWebhookList,
  ZWebhookPayload,
} from "./schemas";

const tag = "Webhooks";
const base = "/api/v1/accounts/{account_id}/webhooks";

export const listWebhooksOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's webhooks (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZWebhookList,
});

export const createWebhookOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a webhook (administrators); subscriptions default to Chatwoot's six conversation and message events",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateWebhook,
  bodyKey: "webhook",
  response: ZWebhookPayload,
});

export const showWebhookOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a webhook (administrators; ours, Chatwoot has no show)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZWebhookPayload,
  errors: [404],
});

const updateWebhook = {
  path: `${base}/{id}`,
  summary: "Update a webhook (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateWebhook,
  bodyKey: "webhook",
  response: ZWebhookPayload,
  errors: [404],
} as const;

export const updateWebhookOp = defineOperation({ method: "PATCH", ...updateWebhook });
/** Rails routes PUT to update as well. */
export const replaceWebhookOp = defineOperation({ method: "PUT", ...updateWebhook });

export const deleteWebhookOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a webhook and its delivery log (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [404],
});

export const resetWebhookSecretOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/reset_secret`,
  summary: "Rotate the webhook's signing secret (administrators, not through OAuth; ours)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZWebhookPayload,
  errors: [403, 404],
});

/** The delivery log and redelivery of one kind of target, under `base/{id}` (ours). */
const deliveryOperations = (targetBase: string, targetTag: string, what: string) => ({
  list: defineOperation({
    method: "GET",
    path: `${targetBase}/{id}/deliveries`,
    summary: `The ${what}'s deliveries, newest first, 25 per page, each with its attempts (administrators)`,
    tag: targetTag,
    callers: ["user"],
    params: ZAccountRecordParams,
    query: ZDeliveryListQuery,
    response: ZDeliveryList,
    errors: [404],
  }),
  redeliver: defineOperation({
    method: "POST",
    path: `${targetBase}/{id}/deliveries/{delivery_id}/redeliver`,
    summary: `Send a delivered or failed delivery to the ${what} once more, with the same X-Chatwoot-Delivery (administrators)`,
    tag: targetTag,
    callers: ["user"],
    params: ZDeliveryParams,
    response: ZDelivery,
    errors: [404],
  }),
});

export const webhookDeliveryOps = deliveryOperations(base, tag, "webhook");
export const agentBotDeliveryOps = deliveryOperations("/api/v1/accounts/{account_id}/agent_bots", "Agent bots", "agent bot");
export const inboxDeliveryOps = deliveryOperations("/api/v1/accounts/{account_id}/inboxes", "Inboxes", "API inbox's webhook_url");
