// GET|PATCH|DELETE /api/v1/accounts/{account_id}/planning/allocations/{allocation_id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteAllocation, findAllocation } from "@/lib/planning/allocations/allocations";
import { deleteAllocationOp, showAllocationOp, updateAllocationOp } from "@/lib/planning/allocations/operations";
import { presentAllocation, presentAllocationWrite } from "@/lib/planning/allocations/present";
import { updateAllocation } from "@/lib/planning/allocations/update-allocation";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showAllocationOp, async ({ ctx, params }) => presentAllocation(await findAllocation(ctx, params.allocation_id))),
  PATCH: accountRoute(updateAllocationOp, async ({ ctx, params, body }) => presentAllocationWrite(await updateAllocation(ctx, params.allocation_id, body))),
  DELETE: accountRoute(deleteAllocationOp, async ({ ctx, params }) => deleteAllocation(ctx, params.allocation_id)),
});
