import { and, asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { accountUsers, articles, portalCategories, users } from "@/db/schema";
import { agentColumns, presentAgent, type AgentRow } from "@/lib/agents/agents";
import type { AccountCtx } from "@/lib/auth/caller";
import { unixTime } from "@/lib/http/schemas";
import { articleStatusName } from "./article-status";
import type { Article, Portal } from "./lookup";

/*
 * Articles as Chatwoot's admin API shows them (articles/_article.json.jbuilder), loaded in a
 * fixed number of queries whatever the page size: their categories, their translations (the
 * articles whose family root they are) and the authors of both. An author who is no longer a
 * member of the account is left out, as newer Chatwoot does.
 */

const unique = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];

const noCategory = { id: null, name: null, slug: null, locale: null };

/**
 * The portal as a translation shows it. Chatwoot embeds the full admin portal object here;
 * this is the part a client links with.
 */
const presentPortalSummary = (portal: Portal) => ({
  id: portal.id,
  name: portal.name,
  slug: portal.slug,
  account_id: portal.accountId,
  color: portal.color,
  custom_domain: portal.customDomain,
  archived: portal.archived,
});

export const presentArticles = async (ctx: AccountCtx, portal: Portal, rows: Article[]) => {
  if (rows.length === 0) return [];
  const categoryIds = unique(rows.map((row) => row.categoryId));
  const [categories, translations] = await Promise.all([
    categoryIds.length
      ? ctx.db
          .select({ id: portalCategories.id, name: portalCategories.name, slug: portalCategories.slug, locale: portalCategories.locale })
          .from(portalCategories)
          .where(and(eq(portalCategories.portalId, portal.id), anyOf(portalCategories.id, categoryIds)))
      : [],
    ctx.db
      .select()
      .from(articles)
      .where(and(eq(articles.portalId, portal.id), anyOf(articles.associatedArticleId, rows.map((row) => row.id))))
      .orderBy(asc(articles.id)),
  ]);
  const authorIds = unique([...rows, ...translations].map((row) => row.authorId));
  const authors: AgentRow[] = authorIds.length
    ? await ctx.db
        .select(agentColumns)
        .from(accountUsers)
        .innerJoin(users, eq(users.id, accountUsers.userId))
        .where(and(eq(accountUsers.accountId, ctx.account.id), anyOf(accountUsers.userId, authorIds)))
    : [];
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const authorById = new Map(authors.map((author) => [author.userId, presentAgent(author)]));
  const authorOf = (row: Article) => {
    const author = row.authorId === null ? undefined : authorById.get(row.authorId);
    return author ? { author } : {};
  };
  const portalSummary = presentPortalSummary(portal);
  return rows.map((row) => {
    const family = translations.filter((translation) => translation.associatedArticleId === row.id);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      content: row.content,
      description: row.description,
      status: articleStatusName(row.status),
      position: row.position,
      account_id: row.accountId,
      updated_at: unixTime(row.updatedAt)!,
      meta: row.meta,
      category: (row.categoryId !== null && categoryById.get(row.categoryId)) || noCategory,
      views: row.views,
      ...authorOf(row),
      // Chatwoot's jbuilder leaves an empty list out altogether.
      ...(family.length > 0
        ? {
            associated_articles: family.map((translation) => ({
              id: translation.id,
              category_id: translation.categoryId,
              title: translation.title,
              content: translation.content,
              description: translation.description,
              status: articleStatusName(translation.status),
              account_id: translation.accountId,
              locale: translation.locale,
              portal: portalSummary,
              views: translation.views,
              ...authorOf(translation),
            })),
          }
        : {}),
      locale: row.locale,
      associated_article_id: row.associatedArticleId,
    };
  });
};

export const presentArticle = async (ctx: AccountCtx, portal: Portal, row: Article) => (await presentArticles(ctx, portal, [row]))[0]!;
