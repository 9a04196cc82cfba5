import { z } from "zod";
import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { ZId } from "@/lib/http/schemas";
import { listArticles } from "@/lib/knowledge-base/article-list";
import { ZArticleListQuery } from "@/lib/knowledge-base/article-schemas";
import { articleStatusName } from "@/lib/knowledge-base/article-status";
import { listCategories } from "@/lib/knowledge-base/categories";
import { requireArticle, requirePortal, type Portal } from "@/lib/knowledge-base/lookup";
import { listPortals, portalViews } from "@/lib/knowledge-base/portals";
import { accountPath } from "@/lib/portal/paths";
import { portalLoader } from "@/lib/portal/loader";

/*
 * The help center's management pages: the account's portals, one portal's locale (categories in
 * order, articles by status), and an article in the editor. Every member reads; the pages offer
 * writing only to knowledge-base managers (the services refuse everyone else anyway).
 */

export const helpCenterPath = (accountId: number | string, ...segments: (string | number)[]) => accountPath(accountId, "help-center", ...segments);

/** Whether the page should offer the help center's write controls. */
export const canManageKnowledge = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "knowledge_base_manage");

/** The account's portals with what each holds (a fixed number of queries for any number). */
export const portalSummaries = async (ctx: AccountCtx) =>
  (await portalViews(ctx, await listPortals(ctx))).map(({ portal, view }) => ({
    name: portal.name,
    slug: portal.slug,
    archived: portal.archived,
    locales: portal.config.allowed_locales.map((code) => ({ code, articles: view.counts.locales.get(code)?.articles ?? 0 })),
    articles: [...view.counts.locales.values()].reduce((sum, locale) => sum + locale.articles, 0),
    categories: view.counts.categories,
  }));

const ZPortalSlug = z.string().min(1).max(255);

/** A portal by the slug in the path, or the 404 page. */
export const loadPortal = portalLoader({ ids: [ZPortalSlug], load: (ctx, slug) => requirePortal(ctx, slug) });

/** An article of the portal by the id in the path, or the 404 page. */
export const loadArticle = portalLoader({
  ids: [ZPortalSlug, ZId],
  load: async (ctx, slug, id) => {
    const portal = await requirePortal(ctx, slug);
    return { portal, article: await requireArticle(ctx, portal, id) };
  },
});

/** The locale a page shows: the one asked for when the portal has it, else the portal's default. */
export const pickLocale = (portal: Portal, asked: string | undefined) =>
  asked !== undefined && portal.config.allowed_locales.includes(asked) ? asked : portal.config.default_locale;

/** A locale's categories in their order, with how many articles each holds. */
export const localeCategories = async (ctx: AccountCtx, portal: Portal, locale: string) => {
  const { rows, views } = await listCategories(ctx, portal.slug, { locale });
  return rows.map((category) => ({
    id: category.id,
    name: category.name,
    slug: category.slug,
    icon: category.icon,
    description: category.description,
    articles: views.get(category.id)?.articlesCount ?? 0,
  }));
};

export const articleTabs = ["all", "published", "draft", "archived"] as const;
export type ArticleTab = (typeof articleTabs)[number];

/** One page of a locale's articles (a status tab, a category), with the tabs' counts. */
export const localeArticles = async (ctx: AccountCtx, portal: Portal, filter: { locale: string; tab: ArticleTab; category?: string; page?: string }) => {
  const query = ZArticleListQuery.safeParse({
    locale: filter.locale,
    status: filter.tab === "all" ? undefined : filter.tab,
    category_slug: filter.category,
    page: filter.page,
  });
  const { rows, meta } = await listArticles(ctx, portal.slug, query.success ? query.data : { locale: filter.locale, page: 1 });
  return {
    rows: rows.map((article) => ({
      id: article.id,
      title: article.title,
      slug: article.slug,
      status: articleStatusName(article.status),
      categoryId: article.categoryId,
      updatedAt: article.updatedAt,
    })),
    page: meta.current_page,
    counts: { all: meta.articles_count, published: meta.published_count, draft: meta.draft_articles_count, archived: meta.archived_articles_count },
  };
};
