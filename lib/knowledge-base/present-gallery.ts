import { publicBaseUrl } from "@/lib/http/request";
import { unixTime } from "@/lib/http/schemas";
import { signedFilePath } from "@/lib/storage/uploads";
import type { Gallery, GalleryImage } from "./galleries";

/** The image's signed path: pages show it from their own origin (whatever APP_URL says), so the page's CSP ('self') admits it. */
export const galleryImagePath = (image: Pick<GalleryImage, "id">) => signedFilePath("gallery-image", image.id);

/** An image with a signed link that serves it for a day, on the configured public address (API clients fetch it from anywhere). */
export const presentGalleryImage = (image: GalleryImage) => ({
  id: image.id,
  gallery_id: image.galleryId,
  caption: image.caption,
  position: image.position,
  file_type: "image" as const,
  content_type: image.contentType,
  file_name: image.fileName,
  file_size: image.fileSize,
  file_url: `${publicBaseUrl()}${galleryImagePath(image)}`,
  created_at: unixTime(image.createdAt)!,
});

export const presentGallery = (gallery: Gallery, images: readonly GalleryImage[]) => ({
  id: gallery.id,
  account_id: gallery.accountId,
  name: gallery.name,
  description: gallery.description,
  images: images.map(presentGalleryImage),
  created_at: unixTime(gallery.createdAt)!,
  updated_at: unixTime(gallery.updatedAt)!,
});
