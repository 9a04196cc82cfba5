// GET|POST /api/v1/accounts/{account_id}/planning/allocations
import { accountRoute, handlers } from "@/lib/http/route";
import { listAllocations } from "@/lib/planning/allocations/allocations";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { createAllocationOp, listAllocationsOp } from "@/lib/planning/allocations/operations";
import { presentAllocationList, presentAllocationWrite } from "@/lib/planning/allocations/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listAllocationsOp, async ({ ctx, query }) => presentAllocationList(await listAllocations(ctx, query))),
  POST: accountRoute(createAllocationOp, async ({ ctx, body }) => presentAllocationWrite(await createAllocation(ctx, body))),
});
