import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreateDiscountCode, ZDiscountCode, ZDiscountCodeList, ZUpdateDiscountCode } from "./schemas";

const tag = "Pricing";
const base = "/api/v1/accounts/{account_id}/planning/discount-codes";

export const listDiscountCodesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's discount codes by code",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZDiscountCodeList,
});

export const createDiscountCodeOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a discount code; codes are unique per account, ignoring case (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateDiscountCode,
  bodyKey: "discount_code",
  response: ZDiscountCode,
  errors: [403],
});

export const showDiscountCodeOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a discount code",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZDiscountCode,
  errors: [404],
});

export const updateDiscountCodeOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a discount code (partial; quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateDiscountCode,
  bodyKey: "discount_code",
  response: ZDiscountCode,
  errors: [403, 404],
});

export const deleteDiscountCodeOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a discount code; quotes keep what they were computed with (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
