import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreateCustomAttribute, ZCustomAttribute, ZCustomAttributeQuery, ZUpdateCustomAttribute } from "./schemas";

const tag = "Custom attributes";
const base = "/api/v1/accounts/{account_id}/custom_attribute_definitions";

export const listCustomAttributesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List custom attribute definitions; `attribute_model` 0 (conversation) or 1 (contact) narrows them",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZCustomAttributeQuery,
  response: z.array(ZCustomAttribute),
});

export const createCustomAttributeOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a custom attribute definition (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateCustomAttribute,
  bodyKey: "custom_attribute_definition",
  response: ZCustomAttribute,
  errors: [403],
});

export const showCustomAttributeOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a custom attribute definition",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZCustomAttribute,
  errors: [404],
});

export const updateCustomAttributeOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a custom attribute definition (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateCustomAttribute,
  bodyKey: "custom_attribute_definition",
  response: ZCustomAttribute,
  errors: [403, 404],
});

export const deleteCustomAttributeOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a custom attribute definition (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  status: 204,
  errors: [403, 404],
});
