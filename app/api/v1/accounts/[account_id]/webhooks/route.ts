// GET|POST /api/v1/accounts/{account_id}/webhooks
import { accountRoute, handlers } from "@/lib/http/route";
import { createWebhookOp, listWebhooksOp } from "@/lib/webhooks/operations";
import { presentWebhookList, presentWebhookPayload } from "@/lib/webhooks/present";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listWebhooksOp, async ({ ctx }) => presentWebhookList(ctx, await listWebhooks(ctx))),
  POST: accountRoute(createWebhookOp, async ({ ctx, body }) => presentWebhookPayload(ctx, await createWebhook(ctx, body))),
});
