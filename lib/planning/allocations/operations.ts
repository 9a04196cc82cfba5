import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZId, ZUuidParam } from "@/lib/http/schemas";
import {
  ZAllocation,
  ZAllocationList,
  ZAllocationWindow,
  ZAllocationWrite,
  ZCreateAllocation,
  ZFindSlots,
  ZSlotList,
  ZUpdateAllocation,
  ZValidateAllocation,
  ZValidation,
} from "./schemas";

const tag = "Allocations";
const base = "/api/v1/accounts/{account_id}/planning/allocations";
const ZAllocationParams = z.object({ account_id: ZId, allocation_id: ZUuidParam });

export const listAllocationsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "Allocations meeting a time window (start_at < window end and end_at > window start), earliest first; at most 100 days",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZAllocationWindow,
  response: ZAllocationList,
});

export const createAllocationOp = defineOperation({
  method: "POST",
  path: base,
  summary:
    "Hold or book a space (planning_manage). 409 when a confirmed allocation is in the way (buffers and hierarchy included) or the space's hold limit is reached",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateAllocation,
  bodyKey: "allocation",
  response: ZAllocationWrite,
  errors: [403, 409],
});

export const showAllocationOp = defineOperation({
  method: "GET",
  path: `${base}/{allocation_id}`,
  summary: "Show an allocation",
  tag,
  callers: ["user"],
  params: ZAllocationParams,
  response: ZAllocation,
  errors: [404],
});

export const updateAllocationOp = defineOperation({
  method: "PATCH",
  path: `${base}/{allocation_id}`,
  summary: "Move, resize, re-target, confirm or cancel an allocation (planning_manage); the same rules as creation apply",
  tag,
  callers: ["user"],
  params: ZAllocationParams,
  body: ZUpdateAllocation,
  bodyKey: "allocation",
  response: ZAllocationWrite,
  errors: [403, 404, 409],
});

export const deleteAllocationOp = defineOperation({
  method: "DELETE",
  path: `${base}/{allocation_id}`,
  summary: "Delete an allocation (planning_manage)",
  tag,
  callers: ["user"],
  params: ZAllocationParams,
  errors: [403, 404],
});

export const validateAllocationOp = defineOperation({
  method: "POST",
  path: `${base}/validate`,
  summary: "Check a window on a resource without booking it: conflicts (confirmed allocations in the way) and warnings",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZValidateAllocation,
  response: ZValidation,
});

export const findAvailableSlotsOp = defineOperation({
  method: "POST",
  path: `${base}/find_available_slots`,
  summary:
    "Candidate windows that fit the duration, working hours and the weekdays asked for (in each space's time zone), bookable dates, capacity and buffers, earliest first",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZFindSlots,
  response: ZSlotList,
});

export const spaceCalendarOp = defineOperation({
  method: "GET",
  path: "/api/v1/accounts/{account_id}/planning/spaces/{space_id}/calendar.ics",
  summary: "A space's allocations as an iCalendar feed for calendar apps (no API token: the URL's token, shown in the portal, is the credential)",
  tag,
  callers: [],
  params: z.object({ account_id: ZId, space_id: ZUuidParam }),
  query: z.object({ token: z.string().max(200) }),
  errors: [404],
});
