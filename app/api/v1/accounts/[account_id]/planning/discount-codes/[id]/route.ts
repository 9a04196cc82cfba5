// GET|PATCH|DELETE /api/v1/accounts/{account_id}/planning/discount-codes/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteDiscountCode, findDiscountCode, updateDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { deleteDiscountCodeOp, showDiscountCodeOp, updateDiscountCodeOp } from "@/lib/pricing/discount-codes/operations";
import { presentDiscountCode } from "@/lib/pricing/discount-codes/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showDiscountCodeOp, async ({ ctx, params }) => presentDiscountCode(await findDiscountCode(ctx, params.id))),
  PATCH: accountRoute(updateDiscountCodeOp, async ({ ctx, params, body }) =>
    presentDiscountCode(await updateDiscountCode(ctx, params.id, body)),
  ),
  DELETE: accountRoute(deleteDiscountCodeOp, async ({ ctx, params }) => deleteDiscountCode(ctx, params.id)),
});
