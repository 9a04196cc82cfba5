import { z } from "zod";
import { maxRecordId, ZBodyId, ZName } from "@/lib/http/schemas";
import { ZLocale } from "./portal-schemas";
import { ZSlug } from "./slugs";

/** Categories a page lists (Chatwoot's Limits::CATEGORIES_PER_PAGE). */
export const categoriesPerPage = 1000;
export const maxRelatedCategories = 100;

const ZPosition = z.int().min(-2_147_483_648).max(2_147_483_647);

const categoryFields = {
  name: ZName,
  slug: ZSlug.optional().meta({ description: "Made from the name when absent" }),
  locale: ZLocale.optional().meta({ description: "One of the portal's allowed locales; the portal's default when absent" }),
  description: z.string().max(10_000).nullable().optional(),
  position: ZPosition.nullable().optional().meta({ description: "The highest in the portal's locale + 10 when absent" }),
  icon: z.string().max(64).nullable().optional().meta({ description: "An emoji" }),
  parent_category_id: ZBodyId.nullable().optional(),
  associated_category_id: ZBodyId.nullable().optional().meta({ description: "The same category in another locale" }),
  related_category_ids: z
    .array(ZBodyId)
    .max(maxRelatedCategories)
    .optional()
    .meta({ description: "Categories of this portal shown as related; replaces the set (an empty list clears it)" }),
};

export const ZCategoryInput = z.object(categoryFields).meta({ id: "CategoryInput" });
export type CategoryInput = z.output<typeof ZCategoryInput>;
export const ZCategoryPatch = z.object(categoryFields).partial().meta({ id: "CategoryPatch" });
export type CategoryPatch = z.output<typeof ZCategoryPatch>;

export const ZCategoryListQuery = z.object({
  locale: ZLocale.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const ZCategoryReorder = z
  .object({
    positions_hash: z
      .record(
        z.string().refine((key) => /^[1-9]\d{0,9}$/.test(key) && Number(key) <= maxRecordId, { message: "keys must be category ids" }),
        ZPosition,
      )
      .refine((hash) => Object.keys(hash).length <= categoriesPerPage, { message: `at most ${categoriesPerPage} categories at once` })
      .optional()
      .meta({ description: "{category_id: position}" }),
  })
  .meta({ id: "CategoryReorder" });
export type CategoryReorder = z.output<typeof ZCategoryReorder>;

const ZAssociatedCategory = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    locale: z.string(),
    description: z.string().nullable(),
    position: z.int().nullable(),
    account_id: z.int(),
  })
  .meta({ id: "AssociatedCategory" });

export const ZCategory = ZAssociatedCategory.extend({
  icon: z.string(),
  related_categories: z.array(ZAssociatedCategory).optional().meta({ description: "Absent when none" }),
  parent_category: ZAssociatedCategory.optional(),
  root_category: ZAssociatedCategory.optional().meta({ description: "The translation root (associated_category_id)" }),
  meta: z.object({ articles_count: z.int() }),
}).meta({ id: "Category" });

export const ZCategoryPayload = z.object({ payload: ZCategory });
export const ZCategoryList = z.object({
  payload: z.array(ZCategory),
  meta: z.object({ current_page: z.int(), categories_count: z.int().meta({ description: "Categories on this page" }) }),
});
