// POST /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/reorder
import { accountRoute, handlers } from "@/lib/http/route";
import { reorderCategories } from "@/lib/knowledge-base/categories";
import { reorderCategoriesOp } from "@/lib/knowledge-base/portal-operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(reorderCategoriesOp, async ({ ctx, params, body }) => reorderCategories(ctx, params.portal_slug, body)),
});
