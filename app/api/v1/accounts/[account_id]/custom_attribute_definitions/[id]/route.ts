// GET|PATCH|DELETE /api/v1/accounts/{account_id}/custom_attribute_definitions/{id}
import { deleteCustomAttribute, findCustomAttribute, updateCustomAttribute } from "@/lib/custom-attributes/custom-attributes";
import { deleteCustomAttributeOp, showCustomAttributeOp, updateCustomAttributeOp } from "@/lib/custom-attributes/operations";
import { presentCustomAttribute } from "@/lib/custom-attributes/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showCustomAttributeOp, async ({ ctx, params }) => presentCustomAttribute(await findCustomAttribute(ctx, params.id))),
  PATCH: accountRoute(updateCustomAttributeOp, async ({ ctx, params, body }) =>
    presentCustomAttribute(await updateCustomAttribute(ctx, params.id, body)),
  ),
  DELETE: accountRoute(deleteCustomAttributeOp, async ({ ctx, params }) => deleteCustomAttribute(ctx, params.id)),
});
