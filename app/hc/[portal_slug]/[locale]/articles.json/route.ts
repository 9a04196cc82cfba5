// GET /hc/{portal_slug}/{locale}/articles.json — a public help center's articles, or its search
import { notFound } from "@/lib/http/errors";
import { handlers, openRoute } from "@/lib/http/route";
import { publicArticlesOp } from "@/lib/knowledge-base/public-operations";
import { findPublicPortal, isPortalLocale, publishedArticles, searchPublicArticles } from "@/lib/knowledge-base/public";
import { articlePath } from "@/lib/knowledge-base/paths";
import { plainSnippet } from "@/lib/knowledge-base/search-text";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(publicArticlesOp, async ({ params, query }) => {
    const portal = await findPublicPortal(params.portal_slug);
    if (!portal || !isPortalLocale(portal, params.locale)) throw notFound("Help center");
    const page = { page: query.page ?? 1, limit: query.per_page ?? 25 };
    const words = query.query?.trim() ?? "";
    if (words !== "") {
      const found = await searchPublicArticles(portal, params.locale, { query: words, ...page });
      const payload = found.articles.map((article) => ({
        id: article.id,
        category_id: article.category?.id ?? null,
        title: article.title,
        description: article.description,
        content: plainSnippet(article.snippet),
        snippet: article.snippet,
        slug: article.slug,
        link: article.url,
      }));
      return { payload, meta: { articles_count: payload.length + (page.page - 1) * page.limit, has_more: found.hasMore } };
    }
    const { rows, total } = await publishedArticles(portal, params.locale, page);
    const payload = rows.map((row) => ({
      id: row.id,
      category_id: row.categoryId,
      title: row.title,
      description: row.description,
      content: row.description ?? "",
      slug: row.slug,
      link: articlePath(portal.slug, row.slug),
    }));
    return { payload, meta: { articles_count: total, has_more: page.page * page.limit < total } };
  }),
});
