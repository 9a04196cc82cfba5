import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCannedResponse, ZCannedResponseInput, ZCannedResponsePatch, ZCannedResponseQuery } from "./schemas";

const tag = "Canned responses";
const base = "/api/v1/accounts/{account_id}/canned_responses";

export const listCannedResponsesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List canned responses; `search` matches short code or content",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZCannedResponseQuery,
  response: z.array(ZCannedResponse),
});

export const createCannedResponseOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a canned response (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCannedResponseInput,
  bodyKey: "canned_response",
  response: ZCannedResponse,
  errors: [403],
});

export const updateCannedResponseOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a canned response (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZCannedResponsePatch,
  bodyKey: "canned_response",
  response: ZCannedResponse,
  errors: [403, 404],
});

export const deleteCannedResponseOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a canned response (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
