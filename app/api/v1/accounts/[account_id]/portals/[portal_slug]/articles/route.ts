// GET|POST /api/v1/accounts/{account_id}/portals/{portal_slug}/articles
import { listArticles } from "@/lib/knowledge-base/article-list";
import { createArticleOp, listArticlesOp } from "@/lib/knowledge-base/article-operations";
import { createArticle } from "@/lib/knowledge-base/articles";
import { presentArticle, presentArticles } from "@/lib/knowledge-base/present-article";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listArticlesOp, async ({ ctx, params, query }) => {
    const { portal, rows, meta } = await listArticles(ctx, params.portal_slug, query);
    return { payload: await presentArticles(ctx, portal, rows), meta };
  }),
  POST: accountRoute(createArticleOp, async ({ ctx, params, body }) => {
    const { portal, article } = await createArticle(ctx, params.portal_slug, body);
    return { payload: await presentArticle(ctx, portal, article) };
  }),
});
