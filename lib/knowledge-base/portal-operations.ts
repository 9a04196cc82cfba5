import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZId } from "@/lib/http/schemas";
import { ZUpload } from "@/lib/storage/uploads";
import {
  ZCategoryInput,
  ZCategoryList,
  ZCategoryListQuery,
  ZCategoryPatch,
  ZCategoryPayload,
  ZCategoryReorder,
} from "./category-schemas";
import {
  ZPortal,
  ZPortalInput,
  ZPortalList,
  ZPortalListQuery,
  ZPortalLogoParams,
  ZPortalPatch,
  ZPortalShowQuery,
  ZSignedQuery,
} from "./portal-schemas";

/*
 * The help center's admin API, as Chatwoot's: portals by slug, their categories by id. Every
 * member reads; writes need knowledge_base_manage (administrators hold it). Bot tokens: 401.
 */

export const tag = "Help center";
const base = "/api/v1/accounts/{account_id}/portals";
const portalPath = `${base}/{portal_slug}`;
const categoriesPath = `${portalPath}/categories`;

/** `{portal_slug}`: any text within the length of a slug; one that names no portal of the account is a 404. */
export const ZPortalParams = z.object({ account_id: ZId, portal_slug: z.string().min(1).max(255) });
export const ZCategoryParams = ZPortalParams.extend({ id: ZId });

const writes = [403, 404] as const;

export const listPortalsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's portals (archived ones too), with their locales and category counts",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZPortalListQuery,
  response: ZPortalList,
});

export const createPortalOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a portal (knowledge_base_manage); the slug is unique across the installation",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZPortalInput,
  bodyKey: "portal",
  bodySiblings: ["inbox_id"],
  response: ZPortal,
  errors: [403],
});

export const showPortalOp = defineOperation({
  method: "GET",
  path: portalPath,
  summary: "Show a portal with its article counts by status (`locale` narrows them)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  query: ZPortalShowQuery,
  response: ZPortal,
  errors: [404],
});

const updatePortal = {
  path: portalPath,
  summary: "Update a portal (knowledge_base_manage): `config` keys are merged over the stored ones; `inbox_id` links a web widget inbox",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  body: ZPortalPatch,
  bodyKey: "portal",
  bodySiblings: ["inbox_id"],
  response: ZPortal,
  errors: writes,
} as const;
export const updatePortalOp = defineOperation({ method: "PATCH", ...updatePortal });
export const replacePortalOp = defineOperation({ method: "PUT", ...updatePortal });

export const deletePortalOp = defineOperation({
  method: "DELETE",
  path: portalPath,
  summary: "Delete a portal with its categories and articles; linked inboxes are unlinked (knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  errors: writes,
});

export const archivePortalOp = defineOperation({
  method: "PATCH",
  path: `${portalPath}/archive`,
  summary: "Archive a portal (knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  response: ZPortal,
  errors: writes,
});

export const uploadPortalLogoOp = defineOperation({
  method: "POST",
  path: `${portalPath}/logo`,
  summary: "Upload the portal's logo as the multipart field `logo` (PNG, JPEG, GIF, WebP or AVIF; knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  body: z.object({ attachments: z.array(ZUpload).max(1).optional().meta({ description: "The uploaded file (sent as `logo`)" }) }),
  multipart: true,
  response: ZPortal,
  errors: writes,
});

export const deletePortalLogoOp = defineOperation({
  method: "DELETE",
  path: `${portalPath}/logo`,
  summary: "Remove the portal's logo (knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  errors: writes,
});

export const downloadPortalLogoOp = defineOperation({
  method: "GET",
  path: "/uploads/portal-logo/{portal_id}",
  summary: "A portal's logo, through the signed link in its `logo.file_url` (valid 24 hours; no token)",
  tag,
  callers: [],
  params: ZPortalLogoParams,
  query: ZSignedQuery,
  errors: [403, 404],
});

// ---------------------------------------------------------------------------------------------

export const listCategoriesOp = defineOperation({
  method: "GET",
  path: categoriesPath,
  summary: "List a portal's categories by position (`locale` narrows them; 1000 a page)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  query: ZCategoryListQuery,
  response: ZCategoryList,
  errors: [404],
});

export const createCategoryOp = defineOperation({
  method: "POST",
  path: categoriesPath,
  summary: "Create a category (knowledge_base_manage); the slug, made from the name when absent, is unique per portal and locale",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  body: ZCategoryInput,
  bodyKey: "category",
  response: ZCategoryPayload,
  errors: writes,
});

export const reorderCategoriesOp = defineOperation({
  method: "POST",
  path: `${categoriesPath}/reorder`,
  summary: "Set categories' positions from `positions_hash` {id: position}, all or none (knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZPortalParams,
  body: ZCategoryReorder,
  errors: writes,
});

export const showCategoryOp = defineOperation({
  method: "GET",
  path: `${categoriesPath}/{id}`,
  summary: "Show a category",
  tag,
  callers: ["user"],
  params: ZCategoryParams,
  response: ZCategoryPayload,
  errors: [404],
});

const updateCategory = {
  path: `${categoriesPath}/{id}`,
  summary: "Update a category (knowledge_base_manage); `related_category_ids` replaces the related set",
  tag,
  callers: ["user"],
  params: ZCategoryParams,
  body: ZCategoryPatch,
  bodyKey: "category",
  response: ZCategoryPayload,
  errors: writes,
} as const;
export const updateCategoryOp = defineOperation({ method: "PATCH", ...updateCategory });
export const replaceCategoryOp = defineOperation({ method: "PUT", ...updateCategory });

export const deleteCategoryOp = defineOperation({
  method: "DELETE",
  path: `${categoriesPath}/{id}`,
  summary: "Delete a category; its articles stay, uncategorized (knowledge_base_manage)",
  tag,
  callers: ["user"],
  params: ZCategoryParams,
  errors: writes,
});
