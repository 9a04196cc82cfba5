// GET /api/v2/accounts/{account_id}/reports/inbox_label_matrix — conversations per inbox × label
import { accountRoute, handlers } from "@/lib/http/route";
import { inboxLabelMatrix } from "@/lib/reports/distribution";
import { inboxLabelMatrixOp } from "@/lib/reports/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(inboxLabelMatrixOp, async ({ ctx, query }) => inboxLabelMatrix(ctx, query)),
});
