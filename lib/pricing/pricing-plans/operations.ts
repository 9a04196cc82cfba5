import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreatePricingPlan, ZPricingPlan, ZPricingPlanList, ZUpdatePricingPlan } from "./schemas";

const tag = "Pricing";
const base = "/api/v1/accounts/{account_id}/planning/pricing-plans";

export const listPricingPlansOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's pricing plans by name, each with its rules and bundles",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZPricingPlanList,
});

export const createPricingPlanOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a pricing plan with its rules and bundles; a default plan takes over from the previous one (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreatePricingPlan,
  bodyKey: "pricing_plan",
  response: ZPricingPlan,
  status: 201,
  errors: [403],
});

export const showPricingPlanOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a pricing plan with its rules and bundles",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZPricingPlan,
  errors: [404],
});

export const updatePricingPlanOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a pricing plan (partial); pricing_rules and bundles, when given, replace the sets (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdatePricingPlan,
  bodyKey: "pricing_plan",
  response: ZPricingPlan,
  errors: [403, 404],
});

export const deletePricingPlanOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a pricing plan and its rules (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
