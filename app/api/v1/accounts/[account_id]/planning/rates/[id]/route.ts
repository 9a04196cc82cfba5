// GET|PATCH|DELETE /api/v1/accounts/{account_id}/planning/rates/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteRateOp, showRateOp, updateRateOp } from "@/lib/pricing/rates/operations";
import { presentRate } from "@/lib/pricing/rates/present";
import { deleteRate, findRate, updateRate } from "@/lib/pricing/rates/rates";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showRateOp, async ({ ctx, params }) => presentRate(await findRate(ctx, params.id))),
  PATCH: accountRoute(updateRateOp, async ({ ctx, params, body }) => presentRate(await updateRate(ctx, params.id, body))),
  DELETE: accountRoute(deleteRateOp, async ({ ctx, params }) => deleteRate(ctx, params.id)),
});
