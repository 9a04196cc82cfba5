// POST /api/v1/accounts/{account_id}/planning/allocations/validate
import { accountRoute, handlers } from "@/lib/http/route";
import { validateAllocationOp } from "@/lib/planning/allocations/operations";
import { validateAllocation } from "@/lib/planning/allocations/validate-allocation";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(validateAllocationOp, async ({ ctx, body }) => validateAllocation(ctx, body)),
});
