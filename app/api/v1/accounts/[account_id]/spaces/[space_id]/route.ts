// GET|PATCH|DELETE /api/v1/accounts/{account_id}/spaces/{space_id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteSpaceOp, showSpaceOp, updateSpaceOp } from "@/lib/planning/spaces/operations";
import { presentSpace } from "@/lib/planning/spaces/present";
import { deleteSpace, findSpace, updateSpace } from "@/lib/planning/spaces/spaces";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showSpaceOp, async ({ ctx, params }) => presentSpace(await findSpace(ctx, params.space_id))),
  PATCH: accountRoute(updateSpaceOp, async ({ ctx, params, body }) => presentSpace(await updateSpace(ctx, params.space_id, body))),
  DELETE: accountRoute(deleteSpaceOp, async ({ ctx, params }) => deleteSpace(ctx, params.space_id)),
});
