import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreateCustomFilter, ZCustomFilter, ZCustomFilterQuery, ZUpdateCustomFilter } from "./schemas";

const tag = "Custom filters";
const base = "/api/v1/accounts/{account_id}/custom_filters";

export const listCustomFiltersOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the caller's saved filters of one `filter_type` (default conversation)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZCustomFilterQuery,
  response: z.array(ZCustomFilter),
});

export const createCustomFilterOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Save a filter for the caller (at most 50 per user and account)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateCustomFilter,
  bodyKey: "custom_filter",
  response: ZCustomFilter,
});

export const showCustomFilterOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show one of the caller's saved filters",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZCustomFilter,
  errors: [404],
});

export const updateCustomFilterOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update one of the caller's saved filters",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateCustomFilter,
  bodyKey: "custom_filter",
  response: ZCustomFilter,
  errors: [404],
});

export const deleteCustomFilterOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete one of the caller's saved filters",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  status: 204,
  errors: [404],
});
