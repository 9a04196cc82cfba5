// POST /api/v1/accounts/{account_id}/galleries/{id}/images/reorder
import { reorderGalleryImages } from "@/lib/knowledge-base/galleries";
import { reorderGalleryImagesOp } from "@/lib/knowledge-base/gallery-operations";
import { presentGalleryImage } from "@/lib/knowledge-base/present-gallery";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(reorderGalleryImagesOp, async ({ ctx, params, body }) => ({
    payload: (await reorderGalleryImages(ctx, params.id, body)).map(presentGalleryImage),
  })),
});
