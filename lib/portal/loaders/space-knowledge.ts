import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { imagesOf, listGalleries } from "@/lib/knowledge-base/galleries";
import { categoryChoices } from "@/lib/knowledge-base/lookup";
import { galleryImagePath } from "@/lib/knowledge-base/present-gallery";
import { spaceKnowledge } from "@/lib/knowledge-base/space-knowledge";

/**
 * A space page's knowledge: what customers are shown (published facts, photos) and, for those
 * who may change them, the choices of category and gallery and the gallery's photos as stored.
 */
export const spaceKnowledgeData = async (ctx: AccountCtx, space: { id: string; knowledgebase_id: number | null; gallery_knowledgebase_id: number | null }) => {
  const may = (permission: "planning_manage" | "knowledge_base_manage") => ctx.membership !== null && hasPermission(ctx.membership, permission);
  const canLink = may("planning_manage");
  const canEditGallery = canLink || may("knowledge_base_manage");
  const galleryId = space.gallery_knowledgebase_id;
  const [shown, categories, galleries, images] = await Promise.all([
    spaceKnowledge(ctx.db, ctx.account.id, [space.id]),
    canLink ? categoryChoices(ctx) : [],
    canLink ? listGalleries(ctx) : [],
    canEditGallery && galleryId !== null ? imagesOf(ctx, [galleryId]) : undefined,
  ]);
  return {
    shown: shown[0] ?? null,
    canLink,
    canEditGallery,
    categories: categories.map((category) => ({ value: String(category.id), label: `${category.portal} · ${category.locale} · ${category.name}` })),
    galleries: galleries.map((gallery) => ({ value: String(gallery.id), label: gallery.name })),
    photos: (galleryId !== null ? (images?.get(galleryId) ?? []) : []).map((image) => ({
      id: image.id,
      caption: image.caption,
      fileName: image.fileName,
      path: galleryImagePath(image),
    })),
  };
};
