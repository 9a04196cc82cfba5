// POST /api/v1/accounts/{account_id}/webhooks/{id}/reset_secret
import { accountRoute, handlers } from "@/lib/http/route";
import { resetWebhookSecretOp } from "@/lib/webhooks/operations";
import { presentWebhookPayload } from "@/lib/webhooks/present";
import { resetWebhookSecret } from "@/lib/webhooks/webhooks";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(resetWebhookSecretOp, async ({ ctx, params }) => presentWebhookPayload(ctx, await resetWebhookSecret(ctx, params.id))),
});
