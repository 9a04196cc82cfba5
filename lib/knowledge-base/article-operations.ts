import { defineOperation } from "@/lib/http/operation";
import {
  ZArticleCreate,
  ZArticleList,
  ZArticleListQuery,
  ZArticleReorder,
  ZArticleResult,
  ZArticleUpdate,
  ZPortalArticleParams,
  ZPortalArticlesParams,
} from "./article-schemas";

const tag = "Help center";
const base = "/api/v1/accounts/{account_id}/portals/{portal_slug}/articles";

export const listArticlesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List a portal's articles, with the counts of each status (every member)",
  tag,
  callers: ["user"],
  params: ZPortalArticlesParams,
  query: ZArticleListQuery,
  response: ZArticleList,
  errors: [404],
});

export const createArticleOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create an article (administrators and knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalArticlesParams,
  body: ZArticleCreate,
  bodyKey: "article",
  response: ZArticleResult,
  errors: [403, 404],
});

export const reorderArticlesOp = defineOperation({
  method: "POST",
  path: `${base}/reorder`,
  summary: "Set the positions of articles, all or none (administrators and knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalArticlesParams,
  body: ZArticleReorder,
  errors: [403, 404],
});

export const showArticleOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show an article (every member)",
  tag,
  callers: ["user"],
  params: ZPortalArticleParams,
  response: ZArticleResult,
  errors: [404],
});

const update = {
  path: `${base}/{id}`,
  tag,
  callers: ["user"],
  params: ZPortalArticleParams,
  body: ZArticleUpdate,
  bodyKey: "article",
  response: ZArticleResult,
  errors: [403, 404],
} as const;

export const updateArticleOp = defineOperation({ ...update, method: "PATCH", summary: "Update an article (administrators and knowledge_base_manage)" });
export const replaceArticleOp = defineOperation({ ...update, method: "PUT", summary: "Update an article, as PATCH does" });

export const deleteArticleOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete an article; its translations stay, unlinked (administrators and knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalArticleParams,
  errors: [403, 404],
});
