// GET /api/v1/accounts/{account_id}/search/articles — knowledge base search (members and agent bots)
import { accountRoute, handlers } from "@/lib/http/route";
import { searchAccountArticles } from "@/lib/knowledge-base/search";
import { searchArticlesOp } from "@/lib/knowledge-base/search-operations";
import { presentArticleSearch } from "@/lib/knowledge-base/search-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(searchArticlesOp, async ({ ctx, query }) => presentArticleSearch(await searchAccountArticles(ctx, query))),
});
