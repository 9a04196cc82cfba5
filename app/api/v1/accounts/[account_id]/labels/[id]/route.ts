// GET|PATCH|DELETE /api/v1/accounts/{account_id}/labels/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteLabel, findLabel, updateLabel } from "@/lib/labels/labels";
import { deleteLabelOp, showLabelOp, updateLabelOp } from "@/lib/labels/operations";
import { presentLabel } from "@/lib/labels/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showLabelOp, async ({ ctx, params }) => presentLabel(await findLabel(ctx, params.id))),
  PATCH: accountRoute(updateLabelOp, async ({ ctx, params, body }) => presentLabel(await updateLabel(ctx, params.id, body))),
  DELETE: accountRoute(deleteLabelOp, async ({ ctx, params }) => deleteLabel(ctx, params.id)),
});
