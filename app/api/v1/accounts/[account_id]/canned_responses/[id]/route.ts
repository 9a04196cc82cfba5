// PATCH|DELETE /api/v1/accounts/{account_id}/canned_responses/{id}
import { deleteCannedResponse, updateCannedResponse } from "@/lib/canned-responses/canned-responses";
import { deleteCannedResponseOp, updateCannedResponseOp } from "@/lib/canned-responses/operations";
import { presentCannedResponse } from "@/lib/canned-responses/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(updateCannedResponseOp, async ({ ctx, params, body }) =>
    presentCannedResponse(await updateCannedResponse(ctx, params.id, body)),
  ),
  DELETE: accountRoute(deleteCannedResponseOp, async ({ ctx, params }) => deleteCannedResponse(ctx, params.id)),
});
