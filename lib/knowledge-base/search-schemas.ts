import { z } from "zod";
import { articleStatuses } from "@/db/schema";
import { ZPage } from "@/lib/contacts/schemas";
import { unixTime, ZId } from "@/lib/http/schemas";
import { ZArticleStatus } from "./article-schemas";
import { ZLocale } from "./portal-schemas";
import { maxSearchLimit, type ArticleSearchResult, type FoundArticle } from "./search";

/** What to search for: websearch syntax ("quoted phrases", -excluded, or); the last word also matches as a prefix. */
export const ZSearchText = z.string().max(255);

/** A locale code as articles carry them ("en", "pt_BR", "fr-CA"): the help center's one rule. */
export const ZSearchLocale = ZLocale;

export const ZArticleSearchQuery = z.object({
  q: ZSearchText.optional().meta({ description: "Words to find in titles (first), descriptions and tags, and content; blank finds nothing" }),
  page: ZPage,
  portal_slug: z.string().max(255).optional().meta({ description: "Only this portal's articles" }),
  locale: ZSearchLocale.optional().meta({ description: "Only articles in this locale (the query is then parsed in its language)" }),
  category_id: ZId.optional().meta({ description: "Only this category's articles" }),
  status: ZArticleStatus.optional().meta({ description: "Members only: draft, published or archived (default: all). Agent bots always get published articles" }),
});
export type ArticleSearchQuery = z.output<typeof ZArticleSearchQuery>;

export const ZSearchedArticle = z
  .object({
    id: z.number().int(),
    title: z.string(),
    locale: z.string(),
    content: z.string().meta({ description: "Markdown" }),
    slug: z.string(),
    portal_slug: z.string(),
    account_id: z.number().int(),
    category_name: z.string().nullable(),
    status: z.enum(articleStatuses),
    updated_at: z.number().int().meta({ description: "Unix time, seconds" }),
    description: z.string().nullable(),
    snippet: z.string().meta({ description: "HTML: the matching passage, matches in <mark>, everything else escaped" }),
    url: z.string().meta({ description: "The article's public help center page (path)" }),
  })
  .meta({ id: "SearchedArticle" });

export const ZArticleSearchResult = z.object({ payload: z.object({ articles: z.array(ZSearchedArticle) }) });

export const ZClientArticleQuery = z.object({
  q: ZSearchText.optional().meta({ description: "Words to find; blank finds nothing" }),
  locale: ZSearchLocale.optional().meta({ description: "Only articles in this locale" }),
  page: ZPage,
});

export const ZClientArticle = z
  .object({
    id: z.number().int(),
    category_id: z.number().int().nullable(),
    title: z.string(),
    description: z.string().nullable(),
    locale: z.string(),
    slug: z.string(),
    snippet: z.string().meta({ description: "HTML: the matching passage, matches in <mark>, everything else escaped" }),
    link: z.string().meta({ description: "The article's public help center page (path), as Chatwoot's search results name it" }),
  })
  .meta({ id: "ClientArticle" });

export const ZClientArticleResult = z.object({ payload: z.array(ZClientArticle) });

/** MCP: how many results a call returns. */
export const ZSearchLimit = z.coerce.number().int().min(1).max(maxSearchLimit);

// The doors' shapes, filled from one search result.

/** Chatwoot's `search/articles` item, with our snippet, public URL and description. */
export const presentSearchedArticle = (article: FoundArticle): z.output<typeof ZSearchedArticle> => ({
  id: article.id,
  title: article.title,
  locale: article.locale,
  content: article.content,
  slug: article.slug,
  portal_slug: article.portal.slug,
  account_id: article.accountId,
  category_name: article.category?.name ?? null,
  status: article.status,
  updated_at: unixTime(article.updatedAt)!,
  description: article.description,
  snippet: article.snippet,
  url: article.url,
});

export const presentArticleSearch = (result: ArticleSearchResult) => ({ payload: { articles: result.articles.map(presentSearchedArticle) } });

/** A contact's result: what to show and where the article is, never its drafts or Markdown. */
export const presentClientArticles = (result: ArticleSearchResult) => ({
  payload: result.articles.map((article) => ({
    id: article.id,
    category_id: article.category?.id ?? null,
    title: article.title,
    description: article.description,
    locale: article.locale,
    slug: article.slug,
    snippet: article.snippet,
    link: article.url,
  })),
});
