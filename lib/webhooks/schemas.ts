import { z } from "zod";
import { subscribableEvents } from "@/lib/events/names";
import { ZBodyId, ZId, ZUrl, ZUuidParam } from "@/lib/http/schemas";

const subscribable: ReadonlySet<string> = new Set(subscribableEvents);

/**
 * Chatwoot's `validate_webhook_subscriptions`: one message for the whole list ("Invalid events"),
 * for an empty list as for an unknown name, so the list is checked as a whole.
 */
const ZSubscriptions = z
  .array(z.string().max(100))
  .max(subscribableEvents.length * 2)
  .refine((events) => events.length > 0 && events.every((event) => subscribable.has(event)), { message: "Invalid events" })
  .meta({
    description: "Events to deliver; omitted on create, Chatwoot's six conversation and message events",
    minItems: 1,
    items: { type: "string", enum: [...subscribableEvents] },
  });

const webhookFields = {
  url: ZUrl.max(2000).meta({ description: "http(s); unique in the account; must not lead to a private or loopback address" }),
  name: z.string().trim().max(255).nullable().optional(),
  subscriptions: ZSubscriptions.optional(),
  inbox_id: ZBodyId.nullable()
    .optional()
    .meta({ description: "Deliver only this inbox's events (ours: Chatwoot stores it but delivers every event)" }),
};

export const ZCreateWebhook = z.object(webhookFields).meta({ id: "WebhookCreate" });
export type CreateWebhookInput = z.output<typeof ZCreateWebhook>;
export const ZUpdateWebhook = z.object(webhookFields).partial().meta({ id: "WebhookUpdate" });
export type UpdateWebhookInput = z.output<typeof ZUpdateWebhook>;

export const ZWebhook = z
  .object({
    id: z.int(),
    name: z.string().nullable(),
    url: z.string(),
    account_id: z.int(),
    subscriptions: z.array(z.string()),
    secret: z.string().optional().meta({ description: "Signing secret (X-Chatwoot-Signature); shown to administrators, never through OAuth" }),
    inbox: z.object({ id: z.int(), name: z.string(), channel_type: z.string() }).nullable(),
    failing: z.boolean().meta({ description: "Ours: deliveries keep failing (see the README's Webhooks API)" }),
    failing_since: z.string().nullable().meta({ description: "Ours: ISO 8601, the first failed attempt of the current streak" }),
  })
  .meta({ id: "Webhook" });

export const ZWebhookList = z.object({ payload: z.object({ webhooks: z.array(ZWebhook) }) }).meta({ id: "WebhookList" });
export const ZWebhookPayload = z.object({ payload: z.object({ webhook: ZWebhook }) }).meta({ id: "WebhookPayload" });

export const deliveriesPerPage = 25;

export const ZDeliveryListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: `1-based page (${deliveriesPerPage} per page), newest first` }),
});
export type DeliveryListQuery = z.output<typeof ZDeliveryListQuery>;

export const ZDeliveryParams = z.object({ account_id: ZId, id: ZId, delivery_id: ZUuidParam });

const ZTime = z.string().nullable().meta({ description: "ISO 8601, UTC" });

export const ZDelivery = z
  .object({
    id: z.int(),
    delivery_id: z.string().meta({ description: "Sent as X-Chatwoot-Delivery; the same on every attempt and redelivery" }),
    event: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.int(),
    created_at: z.string(),
    last_attempt_at: ZTime,
    next_attempt_at: ZTime,
    delivered_at: ZTime,
    last_status: z.int().nullable().meta({ description: "The receiver's last HTTP status" }),
    last_error: z.string().nullable(),
    attempts_log: z.array(
      z.object({
        attempt: z.int(),
        started_at: z.string(),
        url: z.string(),
        status_code: z.int().nullable(),
        duration_ms: z.int(),
        error_code: z.string().nullable().meta({ description: "http_500, timeout, network, refused_address…" }),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Delivery" });

export const ZDeliveryList = z
  .object({
    payload: z.object({ deliveries: z.array(ZDelivery) }),
    meta: z.object({ current_page: z.int(), count: z.int().meta({ description: "Deliveries of the target, all pages" }) }),
  })
  .meta({ id: "DeliveryList" });
