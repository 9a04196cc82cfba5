"use server";

import { z } from "zod";
import { ZId } from "@/lib/http/schemas";
import { ZArticleCreate, ZArticleUpdate } from "@/lib/knowledge-base/article-schemas";
import { createArticle, deleteArticle, updateArticle } from "@/lib/knowledge-base/articles";
import { createCategory, deleteCategory, reorderCategories, updateCategory } from "@/lib/knowledge-base/categories";
import { ZCategoryInput, ZCategoryPatch, ZCategoryReorder } from "@/lib/knowledge-base/category-schemas";
import { removePortalLogo, setPortalLogo } from "@/lib/knowledge-base/logo";
import { createPortal, updatePortal } from "@/lib/knowledge-base/portals";
import { ZUpload } from "@/lib/storage/uploads";
import { ZPortalInput, ZPortalPatch } from "@/lib/knowledge-base/portal-schemas";
import { portalAction, portalFormAction } from "@/lib/portal/action";
import { helpCenterPath } from "@/lib/portal/loaders/help-center";

/*
 * The help center's management pages: portals, a locale's categories and their order, and
 * articles written in the editor. The same services as the API's routes.
 */

const ZPortalSlug = z.string().min(1).max(255);

/** "en, fr" as typed: the list of locale codes (blanks dropped by the service). */
const localeList = (text: unknown) =>
  String(text ?? "")
    .split(/[\s,]+/)
    .filter((code) => code !== "");

const portalPage = (accountId: number, slug: string) => helpCenterPath(accountId, slug);

export const createPortalAction = portalFormAction({
  name: "create portal",
  ids: [],
  fields: { name: "text", slug: "text", allowed_locales: "text" },
  body: ZPortalInput,
  shape: ({ allowed_locales, ...input }) => ({ ...input, config: { allowed_locales: localeList(allowed_locales) } }),
  run: (ctx, body) => createPortal(ctx, body),
  revalidate: (accountId) => helpCenterPath(accountId),
  redirectTo: (accountId, portal) => helpCenterPath(accountId, portal.slug),
});

export const updatePortalAction = portalFormAction({
  name: "update portal",
  ids: [ZPortalSlug],
  fields: {
    name: "text",
    header_text: "nullable",
    color: "nullable",
    homepage_link: "nullable",
    allowed_locales: "text",
    default_locale: "optional",
    archived: "checkbox",
  },
  body: ZPortalPatch,
  shape: ({ allowed_locales, default_locale, ...input }) => ({
    ...input,
    config: { allowed_locales: localeList(allowed_locales), default_locale },
  }),
  run: (ctx, slug, body) => updatePortal(ctx, slug, body),
  revalidate: (accountId) => helpCenterPath(accountId),
  success: "Portal saved.",
});

/** The portal's logo: one image chosen in the settings (the service checks its type). */
export const uploadPortalLogoAction = portalFormAction({
  name: "upload portal logo",
  ids: [ZPortalSlug],
  fields: { logo: "files" },
  body: z.object({ logo: z.array(ZUpload).max(1, { message: "must be one file" }).optional() }),
  run: (ctx, slug, body) => setPortalLogo(ctx, slug, body.logo),
  revalidate: portalPage,
  success: "Logo saved.",
});

export const removePortalLogoAction = portalFormAction({
  name: "remove portal logo",
  ids: [ZPortalSlug],
  run: (ctx, slug) => removePortalLogo(ctx, slug),
  revalidate: portalPage,
  success: "Logo removed.",
});

export const createCategoryAction = portalFormAction({
  name: "create category",
  ids: [ZPortalSlug],
  fields: { name: "text", locale: "optional", icon: "optional", description: "optional" },
  body: ZCategoryInput,
  run: (ctx, slug, body) => createCategory(ctx, slug, body),
  revalidate: portalPage,
  success: (created) => ({ message: `Category “${created.category.name}” added.` }),
});

export const updateCategoryAction = portalFormAction({
  name: "update category",
  ids: [ZPortalSlug, ZId],
  fields: { name: "text", slug: "text", icon: "nullable", description: "nullable" },
  body: ZCategoryPatch,
  run: (ctx, slug, id, body) => updateCategory(ctx, slug, id, body),
  revalidate: portalPage,
  success: (updated) => ({ message: `Category “${updated.category.name}” saved.` }),
});

/** Its articles stay, without a category (as Chatwoot's). */
export const deleteCategoryAction = portalFormAction({
  name: "delete category",
  ids: [ZPortalSlug, ZId],
  run: (ctx, slug, id) => deleteCategory(ctx, slug, id),
  revalidate: portalPage,
  success: "Category deleted.",
});

/** A locale's categories in their new order (positions 10, 20, …), after a drag or a move. */
export const reorderCategoriesAction = portalAction({
  name: "reorder categories",
  args: [ZPortalSlug, ZCategoryReorder],
  ids: 1,
  run: async (ctx, slug, body) => {
    await reorderCategories(ctx, slug, body);
    return {};
  },
  revalidate: portalPage,
});

/** The editor's fields as the article services take them: the SEO fields gathered into `meta`. */
const articleFields = {
  title: "text",
  description: "nullable",
  category_id: "nullable",
  status: "text",
  content: "text",
  locale: "optional",
  meta_title: "optional",
  meta_description: "optional",
  meta_tags: "optional",
} as const;

const articleShape = ({ meta_title, meta_description, meta_tags, ...input }: Record<string, unknown>) => ({
  ...input,
  meta: {
    title: meta_title,
    description: meta_description,
    tags: typeof meta_tags === "string" ? meta_tags.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "") : undefined,
  },
});

export const createArticleAction = portalFormAction({
  name: "create article",
  ids: [ZPortalSlug],
  fields: articleFields,
  body: ZArticleCreate,
  shape: articleShape,
  run: (ctx, slug, body) => createArticle(ctx, slug, body),
  revalidate: portalPage,
  redirectTo: (accountId, { portal, article }) => `${helpCenterPath(accountId, portal.slug, "articles", article.id)}?notice=created`,
});

export const updateArticleAction = portalFormAction({
  name: "update article",
  ids: [ZPortalSlug, ZId],
  fields: articleFields,
  body: ZArticleUpdate,
  shape: articleShape,
  run: (ctx, slug, id, body) => updateArticle(ctx, slug, id, body),
  revalidate: portalPage,
  success: ({ article }) => ({ message: "Article saved.", data: { slug: article.slug } }),
});

export const deleteArticleAction = portalFormAction({
  name: "delete article",
  ids: [ZPortalSlug, ZId],
  run: (ctx, slug, id) => deleteArticle(ctx, slug, id),
  revalidate: portalPage,
  redirectTo: (accountId, _result, slug) => `${helpCenterPath(accountId, slug)}?notice=deleted`,
});
