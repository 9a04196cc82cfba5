// GET|PATCH|DELETE /api/v1/accounts/{account_id}/galleries/{id}
import { deleteGallery, findGallery, imagesOf, updateGallery } from "@/lib/knowledge-base/galleries";
import { deleteGalleryOp, showGalleryOp, updateGalleryOp } from "@/lib/knowledge-base/gallery-operations";
import { presentGallery } from "@/lib/knowledge-base/present-gallery";
import type { AccountCtx } from "@/lib/auth/caller";
import type { Gallery } from "@/lib/knowledge-base/galleries";
import { accountRoute, handlers } from "@/lib/http/route";

const withImages = async (ctx: AccountCtx, gallery: Gallery) => presentGallery(gallery, (await imagesOf(ctx, [gallery.id])).get(gallery.id)!);

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showGalleryOp, async ({ ctx, params }) => withImages(ctx, await findGallery(ctx, params.id))),
  PATCH: accountRoute(updateGalleryOp, async ({ ctx, params, body }) => withImages(ctx, await updateGallery(ctx, params.id, body))),
  DELETE: accountRoute(deleteGalleryOp, async ({ ctx, params }) => deleteGallery(ctx, params.id)),
});
