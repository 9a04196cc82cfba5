// POST /api/v1/accounts/{account_id}/planning/allocations/find_available_slots
import { accountRoute, handlers } from "@/lib/http/route";
import { findAvailableSlots } from "@/lib/planning/allocations/find-available-slots";
import { findAvailableSlotsOp } from "@/lib/planning/allocations/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(findAvailableSlotsOp, async ({ ctx, body }) => findAvailableSlots(ctx, body)),
});
