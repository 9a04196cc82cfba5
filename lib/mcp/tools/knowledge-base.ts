import { z } from "zod";
import { articleStatuses } from "@/db/schema";
import { fieldError } from "@/lib/http/errors";
import { unixTime, ZId } from "@/lib/http/schemas";
import { articlePath } from "@/lib/knowledge-base/paths";
import { articleStatusName } from "@/lib/knowledge-base/article-status";
import { findArticle, searchAccountArticles, type FoundArticle } from "@/lib/knowledge-base/search";
import { searchArticlesOp } from "@/lib/knowledge-base/search-operations";
import { ZSearchLimit } from "@/lib/knowledge-base/search-schemas";
import { decodeCursor, defineTool, encodeCursor, reads, ZCursor } from "../tool";
import { toolInput, ZNextCursor } from "./input";

/*
 * The help center for assistants: the knowledge base search every door uses, and one article in
 * full. Every member reads articles (drafts and archived ones too, marked by `status`).
 */

const searchQuery = searchArticlesOp.query.shape;

const ZFoundArticle = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  locale: z.string(),
  status: z.enum(articleStatuses),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  portal: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  snippet: z.string().describe("HTML: the matching passage, matches in <mark>"),
  match: z.enum(["words", "similar"]).describe("words: the query's words matched; similar: only the title is like the query (a typo?)"),
  url: z.string().describe("The public help center page (path)"),
  updated_at: z.number().int().describe("Unix seconds"),
});

const presentFound = (article: FoundArticle): z.output<typeof ZFoundArticle> => ({
  id: article.id,
  title: article.title,
  slug: article.slug,
  description: article.description,
  locale: article.locale,
  status: article.status,
  category: article.category,
  portal: article.portal,
  snippet: article.snippet,
  match: article.match,
  url: article.url,
  updated_at: unixTime(article.updatedAt)!,
});

export const knowledgeBaseTools = [
  defineTool({
    name: "search_knowledge_base",
    title: "Search the knowledge base",
    description:
      "Finds help center articles for a question, best first: title matches over description and tag matches over content, each article in its own language; " +
      "the last word also matches as a prefix, and when few articles match, titles similar to the query (typos) follow. Returns {articles: [{id, title, snippet, url, status, …}], next_cursor}. " +
      "Drafts and archived articles are included and marked by status: quote only published ones to customers. Call get_article with an id and its portal.slug for the full text.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      query: z.string().min(1).max(255).describe("The question or words to find"),
      portal_slug: searchQuery.portal_slug.describe("Only this portal's articles (its slug)"),
      locale: searchQuery.locale.describe("Only articles in this locale (en, fr, pt_BR…)"),
      category_id: searchQuery.category_id.describe("Only this category's articles"),
      limit: ZSearchLimit.optional().describe("Articles per call, 1–50 (default 10)"),
      cursor: ZCursor,
    }),
    output: z.object({ articles: z.array(ZFoundArticle), next_cursor: ZNextCursor }),
    run: async (ctx, { query, cursor, limit, ...filters }) => {
      const page = decodeCursor(cursor);
      const result = await searchAccountArticles(ctx, { ...filters, q: query, page }, { limit: limit ?? 10 });
      return { articles: result.articles.map(presentFound), next_cursor: result.hasMore ? encodeCursor(page + 1) : null };
    },
  }),

  defineTool({
    name: "get_article",
    title: "Get an article",
    description:
      "Returns one help center article in full: its Markdown content, description, status (draft, published, archived), locale, category, portal, SEO meta and views. " +
      "Name it by portal_slug and id (from search_knowledge_base: portal.slug and id), or by its slug alone.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      portal_slug: z.string().max(255).optional().describe("The article's portal (with id)"),
      id: ZId.optional().describe("The article's id (with portal_slug)"),
      slug: z.string().max(255).optional().describe("The article's slug, instead of portal_slug and id"),
    }),
    output: z.object({
      article: z.object({
        id: z.number().int(),
        title: z.string(),
        slug: z.string(),
        description: z.string().nullable(),
        content: z.string().describe("Markdown"),
        locale: z.string(),
        status: z.enum(articleStatuses),
        category_id: z.number().int().nullable(),
        portal: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
        meta: z.record(z.string(), z.unknown()),
        views: z.number().int().nullable(),
        url: z.string(),
        updated_at: z.number().int(),
      }),
    }),
    run: async (ctx, { portal_slug, id, slug }) => {
      if (slug === undefined && (portal_slug === undefined || id === undefined)) {
        throw fieldError(portal_slug === undefined ? "portal_slug" : "id", "is required unless slug is given", "required");
      }
      const { article, portal } = await findArticle(ctx, slug !== undefined ? { slug } : { portalSlug: portal_slug!, id: id! });
      return {
        article: {
          id: article.id,
          title: article.title,
          slug: article.slug,
          description: article.description,
          content: article.content,
          locale: article.locale,
          status: articleStatusName(article.status),
          category_id: article.categoryId,
          portal: { id: portal.id, slug: portal.slug, name: portal.name },
          meta: article.meta,
          views: article.views,
          url: articlePath(portal.slug, article.slug),
          updated_at: unixTime(article.updatedAt)!,
        },
      };
    },
  }),
];
