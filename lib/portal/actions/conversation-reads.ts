"use server";

import { z } from "zod";
import { ZInboxListFilters } from "@/lib/conversations/inbox-filters";
import { ZId } from "@/lib/http/schemas";
import { articlePath } from "@/lib/knowledge-base/paths";
import { searchAccountArticles } from "@/lib/knowledge-base/search";
import { ZLocale } from "@/lib/knowledge-base/portal-schemas";
import { ZSearchText } from "@/lib/knowledge-base/search-schemas";
import { portalAction } from "@/lib/portal/action";
import { pageBaseUrl } from "@/lib/portal/context";
import {
  contactDetails,
  conversationDetails,
  conversationListPage,
  conversationMessages,
} from "@/lib/portal/loaders/conversations";

/*
 * Query functions for the inbox's react-query hooks (unwrapped there with `orThrow`). Each
 * answers the API's JSON through the services, with the same rules as the API.
 */

/** A page of the inbox's view: its tab, status, search and filters, as the URL holds them. */
export const listConversationsAction = portalAction({
  name: "list conversations",
  read: true,
  args: [ZInboxListFilters],
  run: (ctx, filters) => conversationListPage(ctx, filters),
});

export const conversationAction = portalAction({
  name: "conversation",
  read: true,
  args: [ZId],
  ids: 1,
  run: (ctx, displayId) => conversationDetails(ctx, displayId),
});

/** The latest messages, or with `before` the ones just older than that message id. */
export const messagesAction = portalAction({
  name: "conversation messages",
  read: true,
  args: [ZId, z.int().positive().max(Number.MAX_SAFE_INTEGER).optional()],
  ids: 1,
  run: (ctx, displayId, before) => conversationMessages(ctx, displayId, before),
});

export const contactAction = portalAction({
  name: "conversation contact",
  read: true,
  args: [ZId],
  ids: 1,
  run: (ctx, contactId) => contactDetails(ctx, contactId),
});

/** How many articles the composer's article picker lists. */
const ARTICLE_PICKS = 8;

/**
 * The composer's article picker: the help center's published articles matching what the agent
 * types (drafts and archived articles are for editing, never for sending), each with its snippet
 * and its public page's absolute address, which a link in a message needs.
 */
export const searchPortalArticlesAction = portalAction({
  name: "search portal articles",
  read: true,
  args: [z.string().min(1).max(255), ZSearchText, ZLocale.optional()],
  run: async (ctx, portalSlug, q, locale) => {
    const [found, base] = await Promise.all([
      searchAccountArticles(ctx, { q, page: 1, portal_slug: portalSlug, locale, status: "published" }, { limit: ARTICLE_PICKS }),
      pageBaseUrl(),
    ]);
    return {
      articles: found.articles.map((article) => ({
        id: article.id,
        title: article.title,
        description: article.description,
        snippet: article.snippet,
        locale: article.locale,
        link: `${base}${articlePath(article.portal.slug, article.slug)}`,
      })),
    };
  },
});
