// GET|POST /api/v1/accounts/{account_id}/portals/{portal_slug}/categories
import { accountRoute, handlers } from "@/lib/http/route";
import { createCategory, listCategories } from "@/lib/knowledge-base/categories";
import { createCategoryOp, listCategoriesOp } from "@/lib/knowledge-base/portal-operations";
import { presentCategory, presentCategoryList } from "@/lib/knowledge-base/present-portal";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listCategoriesOp, async ({ ctx, params, query }) => presentCategoryList(await listCategories(ctx, params.portal_slug, query))),
  POST: accountRoute(createCategoryOp, async ({ ctx, params, body }) => presentCategory(await createCategory(ctx, params.portal_slug, body))),
});
