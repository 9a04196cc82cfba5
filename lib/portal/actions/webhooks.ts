"use server";

import { redeliver } from "@/lib/events/deliveries";
import { ZId, ZUuidParam } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { deliveryTargetPath, ZDeliveryTargetKind } from "@/lib/portal/loaders/webhooks";
import { settingsPath, withNotice } from "@/lib/portal/paths";
import { ZCreateWebhook, ZUpdateWebhook } from "@/lib/webhooks/schemas";
import { createWebhook, deleteWebhook, resetWebhookSecret, updateWebhook } from "@/lib/webhooks/webhooks";

/** The inbox select's empty choice is "All inboxes" (null); every box left unticked is an empty list the service refuses. */
const fields = { url: "text", name: "nullable", inbox_id: "nullable", subscriptions: "list" } satisfies Record<string, FieldKind>;

const list = (accountId: number) => settingsPath(accountId, "webhooks");

export const createWebhookAction = portalFormAction({
  name: "create webhook",
  ids: [],
  fields,
  body: ZCreateWebhook,
  run: (ctx, body) => createWebhook(ctx, body),
  revalidate: list,
  // The new webhook's page shows the secret its receiver checks signatures with.
  redirectTo: (accountId, { webhook }) => withNotice(settingsPath(accountId, "webhooks", webhook.id), "created"),
});

export const updateWebhookAction = portalFormAction({
  name: "update webhook",
  ids: [ZId],
  fields,
  body: ZUpdateWebhook,
  run: (ctx, id, body) => updateWebhook(ctx, id, body),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "updated"),
});

export const deleteWebhookAction = portalFormAction({
  name: "delete webhook",
  ids: [ZId],
  run: (ctx, id) => deleteWebhook(ctx, id),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});

export const resetWebhookSecretAction = portalFormAction({
  name: "reset webhook secret",
  ids: [ZId],
  run: (ctx, id) => resetWebhookSecret(ctx, id),
  revalidate: (accountId, id) => settingsPath(accountId, "webhooks", id),
  success: ({ webhook }) => ({
    message: "A new secret was issued. Deliveries from now on are signed with it.",
    data: { secret: webhook.secret },
  }),
});

/** Sends a delivered or failed delivery of a webhook, an agent bot or an API inbox once more. */
export const redeliverAction = portalFormAction({
  name: "redeliver",
  ids: [ZDeliveryTargetKind, ZId, ZUuidParam],
  run: (ctx, kind, id, deliveryId) => redeliver(ctx, { kind, id }, deliveryId),
  revalidate: (accountId, kind, id) => deliveryTargetPath(accountId, kind, id),
  success: "Queued again: it is sent within seconds. Reload the page to see how it went.",
});
