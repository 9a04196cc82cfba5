// GET|POST /api/v1/accounts/{account_id}/planning/rates
import { accountRoute, handlers } from "@/lib/http/route";
import { createRateOp, listRatesOp } from "@/lib/pricing/rates/operations";
import { presentRate } from "@/lib/pricing/rates/present";
import { createRate, listRates } from "@/lib/pricing/rates/rates";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listRatesOp, async ({ ctx }) => (await listRates(ctx)).map(presentRate)),
  POST: accountRoute(createRateOp, async ({ ctx, body }) => presentRate(await createRate(ctx, body))),
});
