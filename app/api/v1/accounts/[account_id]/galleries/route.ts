// GET|POST /api/v1/accounts/{account_id}/galleries
import { createGallery, imagesOf, listGalleries } from "@/lib/knowledge-base/galleries";
import { createGalleryOp, listGalleriesOp } from "@/lib/knowledge-base/gallery-operations";
import { presentGallery } from "@/lib/knowledge-base/present-gallery";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listGalleriesOp, async ({ ctx }) => {
    const rows = await listGalleries(ctx);
    const images = await imagesOf(ctx, rows.map((row) => row.id));
    return { payload: rows.map((row) => presentGallery(row, images.get(row.id)!)) };
  }),
  POST: accountRoute(createGalleryOp, async ({ ctx, body }) => presentGallery(await createGallery(ctx, body), [])),
});
