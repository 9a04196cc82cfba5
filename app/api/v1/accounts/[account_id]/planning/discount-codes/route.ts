// GET|POST /api/v1/accounts/{account_id}/planning/discount-codes
import { accountRoute, handlers } from "@/lib/http/route";
import { createDiscountCode, listDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { createDiscountCodeOp, listDiscountCodesOp } from "@/lib/pricing/discount-codes/operations";
import { presentDiscountCode } from "@/lib/pricing/discount-codes/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listDiscountCodesOp, async ({ ctx }) => (await listDiscountCodes(ctx)).map(presentDiscountCode)),
  POST: accountRoute(createDiscountCodeOp, async ({ ctx, body }) => presentDiscountCode(await createDiscountCode(ctx, body))),
});
