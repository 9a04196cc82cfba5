import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreateRate, ZRate, ZRateList, ZUpdateRate } from "./schemas";

const tag = "Pricing";
const base = "/api/v1/accounts/{account_id}/planning/rates";

export const listRatesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's rates by name",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZRateList,
});

export const createRateOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a rate (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateRate,
  bodyKey: "rate",
  response: ZRate,
  errors: [403],
});

export const showRateOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a rate",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZRate,
  errors: [404],
});

export const updateRateOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a rate (partial; quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateRate,
  bodyKey: "rate",
  response: ZRate,
  errors: [403, 404],
});

export const deleteRateOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a rate; refused with 409 while a pricing rule uses it (quote_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404, 409],
});
