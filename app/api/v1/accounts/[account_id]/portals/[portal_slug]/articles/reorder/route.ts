// POST /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/reorder
import { reorderArticlesOp } from "@/lib/knowledge-base/article-operations";
import { reorderArticles } from "@/lib/knowledge-base/articles";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(reorderArticlesOp, async ({ ctx, params, body }) => reorderArticles(ctx, params.portal_slug, body)),
});
