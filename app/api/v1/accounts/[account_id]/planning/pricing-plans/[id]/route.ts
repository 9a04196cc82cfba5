// GET|PATCH|DELETE /api/v1/accounts/{account_id}/planning/pricing-plans/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deletePricingPlanOp, showPricingPlanOp, updatePricingPlanOp } from "@/lib/pricing/pricing-plans/operations";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { deletePricingPlan, findPricingPlan, updatePricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showPricingPlanOp, async ({ ctx, params }) => presentPricingPlan(await findPricingPlan(ctx, params.id))),
  PATCH: accountRoute(updatePricingPlanOp, async ({ ctx, params, body }) => presentPricingPlan(await updatePricingPlan(ctx, params.id, body))),
  DELETE: accountRoute(deletePricingPlanOp, async ({ ctx, params }) => deletePricingPlan(ctx, params.id)),
});
