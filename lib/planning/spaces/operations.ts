import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZCreateSpace, ZSpace, ZSpaceList, ZSpaceParams, ZUpdateSpace } from "./schemas";

const tag = "Spaces";
const base = "/api/v1/accounts/{account_id}/spaces";

export const listSpacesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's spaces, ordered by position then name",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZSpaceList,
});

export const createSpaceOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a space and its planning resource (planning_manage)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateSpace,
  bodyKey: "space",
  form: true,
  response: ZSpace,
  errors: [403],
});

export const showSpaceOp = defineOperation({
  method: "GET",
  path: `${base}/{space_id}`,
  summary: "Show a space",
  tag,
  callers: ["user"],
  params: ZSpaceParams,
  response: ZSpace,
  errors: [404],
});

export const updateSpaceOp = defineOperation({
  method: "PATCH",
  path: `${base}/{space_id}`,
  summary: "Update a space (partial; planning_manage); moving it rewrites what the bookings around it block",
  tag,
  callers: ["user"],
  params: ZSpaceParams,
  body: ZUpdateSpace,
  bodyKey: "space",
  form: true,
  response: ZSpace,
  errors: [403, 404, 409],
});

export const deleteSpaceOp = defineOperation({
  method: "DELETE",
  path: `${base}/{space_id}`,
  summary: "Delete a space with its past and cancelled allocations; refused while it contains spaces or has live allocations (planning_manage)",
  tag,
  callers: ["user"],
  params: ZSpaceParams,
  errors: [403, 404, 409],
});
