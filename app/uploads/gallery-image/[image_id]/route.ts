// GET /uploads/gallery-image/{image_id}?expires=…&signature=… — a gallery image through its signed link
import { downloadGalleryImage } from "@/lib/knowledge-base/galleries";
import { downloadGalleryImageOp } from "@/lib/knowledge-base/gallery-operations";
import { handlers, openRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(downloadGalleryImageOp, async ({ params, query }) => downloadGalleryImage(params.image_id, query)),
});
