// GET|PATCH|PUT|DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteCategory, showCategory, updateCategory } from "@/lib/knowledge-base/categories";
import { deleteCategoryOp, replaceCategoryOp, showCategoryOp, updateCategoryOp } from "@/lib/knowledge-base/portal-operations";
import { presentCategory } from "@/lib/knowledge-base/present-portal";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showCategoryOp, async ({ ctx, params }) => presentCategory(await showCategory(ctx, params.portal_slug, params.id))),
  PATCH: accountRoute(updateCategoryOp, async ({ ctx, params, body }) => presentCategory(await updateCategory(ctx, params.portal_slug, params.id, body))),
  PUT: accountRoute(replaceCategoryOp, async ({ ctx, params, body }) => presentCategory(await updateCategory(ctx, params.portal_slug, params.id, body))),
  DELETE: accountRoute(deleteCategoryOp, async ({ ctx, params }) => deleteCategory(ctx, params.portal_slug, params.id)),
});
