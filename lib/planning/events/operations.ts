import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZCreateEventRequest, ZEventListQuery, ZEventParams, ZPlanningEvent, ZPlanningEventList, ZUpdateEvent } from "./schemas";

const tag = "Planning events";
const base = "/api/v1/accounts/{account_id}/planning/events";

export const listEventsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List planning events, newest first, 25 per page; `status` and `q` (part of the name) narrow the list",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZEventListQuery,
  response: ZPlanningEventList,
});

export const createEventOp = defineOperation({
  method: "POST",
  path: base,
  summary:
    "Create a planning event (planning_manage); `allocations` beside `event` are created with it in one transaction, or nothing is (a conflict names the allocation's index, 409), and existing allocations named by `allocation_ids` (holds placed first) are attached to it in the same transaction. `conversation_id` names the conversation it was started from by display id: one the caller cannot see, or of another account, is a 422 naming the field, as for `contact_id` and `company_id`",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateEventRequest,
  bodyKey: "event",
  bodySiblings: ["allocations", "allocation_ids"],
  response: ZPlanningEvent,
  errors: [403, 409],
});

export const showEventOp = defineOperation({
  method: "GET",
  path: `${base}/{event_id}`,
  summary: "Show a planning event with its allocation ids and span, and the conversation (display id) it was started from",
  tag,
  callers: ["user"],
  params: ZEventParams,
  response: ZPlanningEvent,
  errors: [404],
});

export const updateEventOp = defineOperation({
  method: "PATCH",
  path: `${base}/{event_id}`,
  summary:
    "Update a planning event (partial; planning_manage); `conversation_id` (display id, or null to clear) must be a conversation of the account the caller can see, else 422 naming the field",
  tag,
  callers: ["user"],
  params: ZEventParams,
  body: ZUpdateEvent,
  bodyKey: "event",
  response: ZPlanningEvent,
  errors: [403, 404],
});

export const deleteEventOp = defineOperation({
  method: "DELETE",
  path: `${base}/{event_id}`,
  summary: "Delete a planning event and its allocations (planning_manage)",
  tag,
  callers: ["user"],
  params: ZEventParams,
  errors: [403, 404],
});
