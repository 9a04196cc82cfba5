import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { articles, portalCategories } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { articleStatusCode } from "./article-status";
import { articlesPerPage, type ArticleListQuery } from "./article-schemas";
import { requirePortal, type Portal } from "./lookup";

/*
 * The admin list of a portal's articles (Chatwoot's articles#index, spec §5.2): filters, a page
 * of 25, and the counts of the status tabs. The counts apply only locale, category_slug and
 * query, so the tabs keep their numbers whatever status or author is picked, and all of them
 * come from one pass over the portal's articles.
 */

/**
 * The words of a query as a prefix tsquery (`reset pass` → `reset:* & pass:*`), as Chatwoot's
 * pg_search `prefix: true`: an agent finds an article while typing. Only letters and digits
 * reach to_tsquery, so no input can make it fail; null when the query has no words.
 */
export const prefixQuery = (query: string): string | null => {
  const words = query.match(/[\p{L}\p{N}]+/gu)?.slice(0, 20) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
};

/**
 * Matching the generated search column in the article's own language. Each language's tsquery
 * is built once per statement (a scalar subquery is evaluated once), not once per row: the
 * portal's locales are listed, and any other locale an article has kept is matched row by row.
 * With a locale filter there is one language, and the GIN index applies.
 */
const matches = (query: string, locale: string | undefined, portal: Portal): SQL => {
  const words = prefixQuery(query);
  if (words === null) return sql`false`;
  const tsquery = (language: string) => sql`(select to_tsquery(kb_search_config(${language}), ${words}))`;
  if (locale !== undefined) return sql`${articles.search} @@ ${tsquery(locale)}`;
  const branches = portal.config.allowed_locales.map((code) => sql`when ${code} then ${articles.search} @@ ${tsquery(code)}`);
  return sql`(case ${articles.locale} ${sql.join(branches, sql` `)} else ${articles.search} @@ to_tsquery(kb_search_config(${articles.locale}), ${words}) end)`;
};

const all = (condition: SQL | undefined) => condition ?? sql`true`;

export const listArticles = async (ctx: AccountCtx, portalSlug: string, query: ArticleListQuery) => {
  const portal = await requirePortal(ctx, portalSlug);
  const inPortal = eq(articles.portalId, portal.id);
  const base = and(
    query.locale === undefined ? undefined : eq(articles.locale, query.locale),
    query.category_slug === undefined
      ? undefined
      : inArray(
          articles.categoryId,
          ctx.db
            .select({ id: portalCategories.id })
            .from(portalCategories)
            .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.slug, query.category_slug))),
        ),
    query.query === undefined ? undefined : matches(query.query, query.locale, portal),
  );
  const filtered = and(
    inPortal,
    base,
    query.status === undefined ? undefined : eq(articles.status, articleStatusCode(query.status)),
    query.author_id === undefined ? undefined : eq(articles.authorId, query.author_id),
  );
  const me = ctx.caller.kind === "user" ? ctx.caller.user.id : null;
  const ofStatus = (status: "draft" | "published" | "archived") => sql`count(*) filter (where ${all(base)} and ${articles.status} = ${articleStatusCode(status)})::int`;
  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select()
      .from(articles)
      .where(filtered)
      .orderBy(...(query.category_slug === undefined ? [desc(articles.updatedAt), desc(articles.id)] : [asc(articles.position), asc(articles.id)]))
      .limit(articlesPerPage)
      .offset((query.page - 1) * articlesPerPage),
    ctx.db
      .select({
        all_articles_count: sql<number>`count(*)::int`,
        articles_count: sql<number>`count(*) filter (where ${all(base)})::int`,
        mine_articles_count: sql<number>`count(*) filter (where ${all(base)} and ${articles.authorId} = ${me ?? 0})::int`,
        published_count: ofStatus("published").mapWith(Number),
        draft_articles_count: ofStatus("draft").mapWith(Number),
        archived_articles_count: ofStatus("archived").mapWith(Number),
      })
      .from(articles)
      .where(inPortal),
  ]);
  return { portal, rows, meta: { ...counts!, current_page: query.page } };
};
