import { publicBaseUrl } from "@/lib/http/request";
import { unixTime } from "@/lib/http/schemas";
import { signedFilePath } from "@/lib/storage/uploads";
import type { Gallery, GalleryImage } from "./galleries";

/** An image with a signed link that serves it for a day (img tags on the portal and the public quote page). */
export const presentGalleryImage = (image: GalleryImage) => ({
  id: image.id,
  gallery_id: image.galleryId,
  caption: image.caption,
  position: image.position,
  file_type: "image" as const,
  content_type: image.contentType,
  file_name: image.fileName,
  file_size: image.fileSize,
  file_url: `${publicBaseUrl()}${signedFilePath("gallery-image", image.id)}`,
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
