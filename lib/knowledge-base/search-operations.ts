import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZInboxParams } from "@/lib/client-api/schemas";
import { ZArticleSearchQuery, ZArticleSearchResult, ZClientArticleQuery, ZClientArticleResult } from "./search-schemas";

const tag = "Help center";

export const searchArticlesOp = defineOperation({
  method: "GET",
  path: "/api/v1/accounts/{account_id}/search/articles",
  summary:
    "Knowledge base search, ranked (title over description and tags over content, stemmed per article's language; the last word matches as a prefix; " +
    "similar titles when few match), 15 per page, with highlighted snippets. Members get every status; agent bot tokens may call it too (the bots' knowledge base search) and get published articles of live portals only",
  tag,
  callers: ["user", "agent_bot"],
  params: ZAccountParams,
  query: ZArticleSearchQuery,
  response: ZArticleSearchResult,
  errors: [404],
});

export const searchClientArticlesOp = defineOperation({
  method: "GET",
  path: "/public/api/v1/inboxes/{inbox_identifier}/articles",
  summary: "Search the published articles of the help center linked to the inbox (portal_id), 15 per page; none when no portal is linked",
  tag,
  callers: [],
  params: ZInboxParams,
  query: ZClientArticleQuery,
  response: ZClientArticleResult,
  errors: [404],
});
