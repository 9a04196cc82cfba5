// GET|PATCH|DELETE /api/v1/accounts/{account_id}/custom_filters/{id}
import { deleteCustomFilter, findCustomFilter, updateCustomFilter } from "@/lib/custom-filters/custom-filters";
import { deleteCustomFilterOp, showCustomFilterOp, updateCustomFilterOp } from "@/lib/custom-filters/operations";
import { presentCustomFilter } from "@/lib/custom-filters/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showCustomFilterOp, async ({ ctx, params }) => presentCustomFilter(await findCustomFilter(ctx, params.id))),
  PATCH: accountRoute(updateCustomFilterOp, async ({ ctx, params, body }) =>
    presentCustomFilter(await updateCustomFilter(ctx, params.id, body)),
  ),
  DELETE: accountRoute(deleteCustomFilterOp, async ({ ctx, params }) => deleteCustomFilter(ctx, params.id)),
});
