// GET|PATCH|PUT|DELETE /api/v1/accounts/{account_id}/webhooks/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteWebhookOp, replaceWebhookOp, showWebhookOp, updateWebhookOp } from "@/lib/webhooks/operations";
import { presentWebhookPayload } from "@/lib/webhooks/present";
import { deleteWebhook, findWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showWebhookOp, async ({ ctx, params }) => presentWebhookPayload(ctx, await findWebhook(ctx, params.id))),
  PATCH: accountRoute(updateWebhookOp, async ({ ctx, params, body }) => presentWebhookPayload(ctx, await updateWebhook(ctx, params.id, body))),
  PUT: accountRoute(replaceWebhookOp, async ({ ctx, params, body }) => presentWebhookPayload(ctx, await updateWebhook(ctx, params.id, body))),
  // Chatwoot answers `head :ok`: 200, no body.
  DELETE: accountRoute(deleteWebhookOp, async ({ ctx, params }) => deleteWebhook(ctx, params.id)),
});
