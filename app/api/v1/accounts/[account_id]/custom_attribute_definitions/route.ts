// GET|POST /api/v1/accounts/{account_id}/custom_attribute_definitions
import { createCustomAttribute, listCustomAttributes } from "@/lib/custom-attributes/custom-attributes";
import { createCustomAttributeOp, listCustomAttributesOp } from "@/lib/custom-attributes/operations";
import { presentCustomAttribute } from "@/lib/custom-attributes/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listCustomAttributesOp, async ({ ctx, query }) =>
    (await listCustomAttributes(ctx, { attributeModel: query.attribute_model })).map(presentCustomAttribute),
  ),
  POST: accountRoute(createCustomAttributeOp, async ({ ctx, body }) => presentCustomAttribute(await createCustomAttribute(ctx, body))),
});
