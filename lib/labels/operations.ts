import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCreateLabel, ZLabel, ZLabelList, ZUpdateLabel } from "./schemas";

const tag = "Labels";
const base = "/api/v1/accounts/{account_id}/labels";

export const listLabelsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's labels",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZLabelList,
});

export const createLabelOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a label (administrators); titles are stored lowercased and unique per account",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateLabel,
  bodyKey: "label",
  response: ZLabel,
  errors: [403],
});

export const showLabelOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a label",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZLabel,
  errors: [404],
});

export const updateLabelOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a label; a new title is carried over to tagged conversations and contacts (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateLabel,
  bodyKey: "label",
  response: ZLabel,
  errors: [403, 404],
});

export const deleteLabelOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a label and remove it from the account's conversations and contacts (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
