// GET|POST /api/v1/accounts/{account_id}/planning/pricing-plans
import { accountRoute, handlers } from "@/lib/http/route";
import { createPricingPlanOp, listPricingPlansOp } from "@/lib/pricing/pricing-plans/operations";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { createPricingPlan, listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listPricingPlansOp, async ({ ctx }) => (await listPricingPlans(ctx)).map(presentPricingPlan)),
  POST: accountRoute(createPricingPlanOp, async ({ ctx, body }) => presentPricingPlan(await createPricingPlan(ctx, body))),
});
