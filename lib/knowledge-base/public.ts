import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { articles, portalCategories, portals, users } from "@/db/schema";
import type { Article, Category, Portal } from "./lookup";
import { searchArticles } from "./search";
import { isSlug } from "./slugs";

/*
 * The public help center (/hc/…): no sign-in, so it shows only what a portal publishes — a
 * portal that is not archived, and its published articles. Drafts and archived articles are the
 * same 404 as articles that never existed. A slug from the URL that is no slug (a NUL, any text
 * `isSlug` refuses) names nothing: it is looked up nowhere.
 */

const PUBLISHED = 1;

export const findPublicPortal = async (slug: string): Promise<Portal | null> => {
  if (!isSlug(slug)) return null;
  const [portal] = await getDb()
    .select()
    .from(portals)
    .where(and(eq(portals.slug, slug), eq(portals.archived, false)));
  return portal ?? null;
};

/** The locales a visitor is offered (drafted ones stay reachable by URL, as Chatwoot's). */
export const publicLocales = (portal: Portal) => portal.config.allowed_locales.filter((locale) => !portal.config.draft_locales.includes(locale));

export const isPortalLocale = (portal: Portal, locale: string) => portal.config.allowed_locales.includes(locale);

export type ArticleSummary = Pick<Article, "id" | "slug" | "title" | "description" | "categoryId" | "position" | "updatedAt">;

const summary = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  description: articles.description,
  categoryId: articles.categoryId,
  position: articles.position,
  updatedAt: articles.updatedAt,
};

const published = (portal: Portal) => and(eq(articles.portalId, portal.id), eq(articles.status, PUBLISHED));

/** The home page: the locale's categories in order, each with its published articles in order. */
export const publicHome = async (portal: Portal, locale: string) => {
  const db = getDb();
  const [categories, rows] = await Promise.all([
    db
      .select()
      .from(portalCategories)
      .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.locale, locale)))
      .orderBy(sql`${portalCategories.position} asc nulls last`, asc(portalCategories.id)),
    db
      .select(summary)
      .from(articles)
      .where(and(published(portal), eq(articles.locale, locale)))
      .orderBy(sql`${articles.position} asc nulls last`, asc(articles.id))
      .limit(2000),
  ]);
  const byCategory = new Map<number | null, ArticleSummary[]>();
  for (const row of rows) byCategory.set(row.categoryId, [...(byCategory.get(row.categoryId) ?? []), row]);
  return {
    categories: categories.map((category) => ({ category, articles: byCategory.get(category.id) ?? [] })),
    uncategorized: byCategory.get(null) ?? [],
  };
};

export const publicCategory = async (portal: Portal, locale: string, slug: string) => {
  if (!isSlug(slug)) return null;
  const db = getDb();
  const [category] = await db
    .select()
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.locale, locale), eq(portalCategories.slug, slug)));
  if (!category) return null;
  const rows = await db
    .select(summary)
    .from(articles)
    .where(and(published(portal), eq(articles.categoryId, category.id)))
    .orderBy(sql`${articles.position} asc nulls last`, asc(articles.id))
    .limit(1000);
  return { category, articles: rows };
};

export type PublicArticle = { article: Article; category: Category | null; author: string | null; translations: { locale: string; slug: string }[] };

/** A published article by slug, with its category, its author's name and its published translations. */
export const publicArticle = async (portal: Portal, slug: string): Promise<PublicArticle | null> => {
  if (!isSlug(slug)) return null;
  const db = getDb();
  const [row] = await db
    .select({ article: articles, category: portalCategories, author: sql<string | null>`coalesce(${users.displayName}, ${users.name})` })
    .from(articles)
    .leftJoin(portalCategories, eq(portalCategories.id, articles.categoryId))
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(published(portal), eq(articles.slug, slug)));
  if (!row) return null;
  const root = row.article.associatedArticleId ?? row.article.id;
  const translations = await db
    .select({ locale: articles.locale, slug: articles.slug })
    .from(articles)
    .where(and(published(portal), sql`(${articles.id} = ${root} or ${articles.associatedArticleId} = ${root})`, sql`${articles.id} <> ${row.article.id}`))
    .orderBy(asc(articles.locale));
  return { article: row.article, category: row.category, author: row.author, translations };
};

/** A visitor read the article: counted without touching updated_at (Chatwoot's update_column). */
export const recordArticleView = async (articleId: number) => {
  await getDb()
    .update(articles)
    .set({ views: sql`coalesce(${articles.views}, 0) + 1` })
    .where(and(eq(articles.id, articleId), eq(articles.status, PUBLISHED)));
};

/** The public help center's search: the portal's published articles in the locale, ranked (search.ts). */
export const searchPublicArticles = (portal: Portal, locale: string, query: { query: string; page?: number; limit?: number }) =>
  searchArticles(getDb(), {
    accountId: portal.accountId,
    audience: "public",
    query: query.query,
    portalIds: [portal.id],
    locale,
    page: query.page,
    limit: query.limit,
  });

/** The locale's published articles by position, paged (Chatwoot's articles.json without a query). */
export const publishedArticles = async (portal: Portal, locale: string, page: { page: number; limit: number }) => {
  const db = getDb();
  const where = and(published(portal), eq(articles.locale, locale));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summary, views: articles.views })
      .from(articles)
      .where(where)
      .orderBy(sql`${articles.position} asc nulls last`, asc(articles.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(articles).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};
