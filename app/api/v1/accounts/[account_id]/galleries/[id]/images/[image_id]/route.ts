// PATCH|DELETE /api/v1/accounts/{account_id}/galleries/{id}/images/{image_id}
import { deleteGalleryImage, updateGalleryImage } from "@/lib/knowledge-base/galleries";
import { deleteGalleryImageOp, updateGalleryImageOp } from "@/lib/knowledge-base/gallery-operations";
import { presentGalleryImage } from "@/lib/knowledge-base/present-gallery";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(updateGalleryImageOp, async ({ ctx, params, body }) =>
    presentGalleryImage(await updateGalleryImage(ctx, params.id, params.image_id, body)),
  ),
  DELETE: accountRoute(deleteGalleryImageOp, async ({ ctx, params }) => deleteGalleryImage(ctx, params.id, params.image_id)),
});
