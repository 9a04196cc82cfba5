import { z } from "zod";
import { ZUpload } from "@/lib/storage/uploads";
import { ZAccountRecordParams, ZId, ZUnixTime } from "@/lib/http/schemas";

const ZName = z.string().trim().min(1, { message: "can't be blank" }).max(255);
const ZCaption = z.preprocess((value) => (value === "" ? null : value), z.string().trim().max(1000).nullable());

export const ZGalleryInput = z
  .object({ name: ZName, description: z.preprocess((value) => (value === "" ? null : value), z.string().max(10_000).nullable()).optional() })
  .meta({ id: "GalleryInput" });
export type GalleryInput = z.output<typeof ZGalleryInput>;
export const ZGalleryPatch = ZGalleryInput.partial().meta({ id: "GalleryPatch" });
export type GalleryPatch = z.output<typeof ZGalleryPatch>;

/** Images a browser shows inline; anything else is refused, so a gallery never serves a download. */
export const galleryImageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;

const ZImage = ZUpload.refine((file) => (galleryImageTypes as readonly string[]).includes(file.type), {
  message: `must be an image (${galleryImageTypes.join(", ")})`,
});

/**
 * Multipart: the files under `attachments[]` (the request layer's name for uploads), one caption
 * for them all. None at all is refused by the service, after the gallery is found (404 first).
 */
export const ZGalleryImagesInput = z
  .object({
    attachments: z.array(ZImage).max(20, { message: "at most 20 images at once" }).optional(),
    caption: ZCaption.optional(),
  })
  .meta({ id: "GalleryImagesInput" });
export type GalleryImagesInput = z.output<typeof ZGalleryImagesInput>;

export const ZGalleryImagePatch = z
  .object({ caption: ZCaption.optional(), position: z.int().min(0).max(2_147_483_647).optional() })
  .meta({ id: "GalleryImagePatch" });
export type GalleryImagePatch = z.output<typeof ZGalleryImagePatch>;

export const ZGalleryImagesOrder = z
  .object({ image_ids: z.array(ZId).min(1).max(1000) })
  .refine((order) => new Set(order.image_ids).size === order.image_ids.length, { message: "must not repeat an image", path: ["image_ids"] })
  .meta({ id: "GalleryImagesOrder" });
export type GalleryImagesOrder = z.output<typeof ZGalleryImagesOrder>;

export const ZGalleryImageParams = ZAccountRecordParams.extend({ image_id: ZId });
export const ZGalleryFileParams = z.object({ image_id: ZId });
export const ZSignedQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(200) });

export const ZGalleryImage = z
  .object({
    id: z.number().int(),
    gallery_id: z.number().int(),
    caption: z.string().nullable(),
    position: z.number().int(),
    file_type: z.literal("image"),
    content_type: z.string(),
    file_name: z.string(),
    file_size: z.number().int(),
    file_url: z.string().meta({ description: "A signed link, valid for a day" }),
    created_at: ZUnixTime,
  })
  .meta({ id: "GalleryImage" });

export const ZGallery = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    images: z.array(ZGalleryImage),
    created_at: ZUnixTime,
    updated_at: ZUnixTime,
  })
  .meta({ id: "Gallery" });
