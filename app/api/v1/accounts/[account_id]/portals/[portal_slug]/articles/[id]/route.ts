// GET|PATCH|PUT|DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/{id}
import { deleteArticleOp, replaceArticleOp, showArticleOp, updateArticleOp } from "@/lib/knowledge-base/article-operations";
import { deleteArticle, updateArticle } from "@/lib/knowledge-base/articles";
import { requireArticle, requirePortal } from "@/lib/knowledge-base/lookup";
import { presentArticle } from "@/lib/knowledge-base/present-article";
import { accountRoute, handlers, type Input } from "@/lib/http/route";
import type { AccountCtx } from "@/lib/auth/caller";

const update = async ({ ctx, params, body }: Input<typeof updateArticleOp> & { ctx: AccountCtx }) => {
  const { portal, article } = await updateArticle(ctx, params.portal_slug, params.id, body);
  return { payload: await presentArticle(ctx, portal, article) };
};

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showArticleOp, async ({ ctx, params }) => {
    const portal = await requirePortal(ctx, params.portal_slug);
    return { payload: await presentArticle(ctx, portal, await requireArticle(ctx, portal, params.id)) };
  }),
  PATCH: accountRoute(updateArticleOp, update),
  PUT: accountRoute(replaceArticleOp, update),
  DELETE: accountRoute(deleteArticleOp, async ({ ctx, params }) => deleteArticle(ctx, params.portal_slug, params.id)),
});
