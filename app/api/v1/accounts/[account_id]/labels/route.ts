// GET|POST /api/v1/accounts/{account_id}/labels
import { accountRoute, handlers } from "@/lib/http/route";
import { createLabel, listLabels } from "@/lib/labels/labels";
import { createLabelOp, listLabelsOp } from "@/lib/labels/operations";
import { presentLabel } from "@/lib/labels/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listLabelsOp, async ({ ctx }) => ({ payload: (await listLabels(ctx)).map(presentLabel) })),
  POST: accountRoute(createLabelOp, async ({ ctx, body }) => presentLabel(await createLabel(ctx, body))),
});
