// POST /api/v1/accounts/{account_id}/galleries/{id}/images — upload images (multipart)
import { addGalleryImages } from "@/lib/knowledge-base/galleries";
import { addGalleryImagesOp } from "@/lib/knowledge-base/gallery-operations";
import { presentGalleryImage } from "@/lib/knowledge-base/present-gallery";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(addGalleryImagesOp, async ({ ctx, params, body }) => ({
    payload: (await addGalleryImages(ctx, params.id, body)).map(presentGalleryImage),
  })),
});
