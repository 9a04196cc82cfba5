"use server";

import { z } from "zod";
import { ZId, ZUuid } from "@/lib/http/schemas";
import { addGalleryImages, deleteGalleryImage, moveGalleryImage, updateGalleryImage } from "@/lib/knowledge-base/galleries";
import { ZGalleryImagePatch, ZGalleryImagesInput } from "@/lib/knowledge-base/gallery-schemas";
import { createSpaceGallery } from "@/lib/knowledge-base/space-gallery";
import { spaceKnowledge } from "@/lib/knowledge-base/space-knowledge";
import { ZUpdateSpace } from "@/lib/planning/spaces/schemas";
import { updateSpace } from "@/lib/planning/spaces/spaces";
import { portalAction, portalFormAction } from "@/lib/portal/action";
import { spacesPath } from "@/lib/portal/loaders/spaces";

/*
 * A space's knowledge on its page: which help-center category and gallery it shows, and the
 * gallery's photos (upload, caption, order, remove). The same services as the API's routes.
 */

const spacePage = (accountId: number, spaceId: string) => spacesPath(accountId, spaceId);

export const linkSpaceKnowledgeAction = portalFormAction({
  name: "link space knowledge",
  ids: [ZUuid],
  fields: { knowledgebase_id: "nullable", gallery_knowledgebase_id: "nullable" },
  body: ZUpdateSpace.pick({ knowledgebase_id: true, gallery_knowledgebase_id: true }),
  run: (ctx, spaceId, body) => updateSpace(ctx, spaceId, body),
  revalidate: spacePage,
  success: "Saved.",
});

export const createSpaceGalleryAction = portalFormAction({
  name: "create space gallery",
  ids: [ZUuid],
  run: (ctx, spaceId) => createSpaceGallery(ctx, spaceId),
  revalidate: spacePage,
  success: "Gallery created: add its photos below.",
});

export const uploadGalleryImagesAction = portalFormAction({
  name: "upload gallery images",
  ids: [ZUuid, ZId],
  fields: { attachments: "files", caption: "nullable" },
  body: ZGalleryImagesInput,
  run: (ctx, _spaceId, galleryId, body) => addGalleryImages(ctx, galleryId, body),
  revalidate: spacePage,
  success: (images) => ({ message: images.length === 1 ? "Photo added." : `${images.length} photos added.` }),
});

export const captionGalleryImageAction = portalFormAction({
  name: "caption gallery image",
  ids: [ZUuid, ZId, ZId],
  fields: { caption: "nullable" },
  body: ZGalleryImagePatch.pick({ caption: true }),
  run: (ctx, _spaceId, galleryId, imageId, body) => updateGalleryImage(ctx, galleryId, imageId, body),
  revalidate: spacePage,
  success: "Caption saved.",
});

export const moveGalleryImageAction = portalFormAction({
  name: "move gallery image",
  ids: [ZUuid, ZId, ZId, z.enum(["earlier", "later"])],
  run: (ctx, _spaceId, galleryId, imageId, direction) => moveGalleryImage(ctx, galleryId, imageId, direction),
  revalidate: spacePage,
});

export const deleteGalleryImageAction = portalFormAction({
  name: "delete gallery image",
  ids: [ZUuid, ZId, ZId],
  run: (ctx, _spaceId, galleryId, imageId) => deleteGalleryImage(ctx, galleryId, imageId),
  revalidate: spacePage,
  success: "Photo removed.",
});

/** The calendar's details panel: what the space's knowledge base shows customers (published facts, photos). */
export const spaceKnowledgeAction = portalAction({
  name: "space knowledge",
  read: true,
  args: [ZUuid],
  run: async (ctx, spaceId) => ({ knowledge: (await spaceKnowledge(ctx.db, ctx.account.id, [spaceId]))[0] ?? null }),
});
