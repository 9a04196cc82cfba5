// POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/custom_attributes
import { setCustomAttributes } from "@/lib/conversations/conversations";
import { customAttributesOp } from "@/lib/conversations/operations";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(customAttributesOp, async ({ ctx, params, body }) => ({
    custom_attributes: (await setCustomAttributes(ctx, params.conversation_id, body.custom_attributes)).customAttributes,
  })),
});
