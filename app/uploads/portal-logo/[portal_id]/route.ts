// GET /uploads/portal-logo/{portal_id}?expires=…&signature=… — a portal's logo through its signed link
import { handlers, openRoute } from "@/lib/http/route";
import { downloadPortalLogo } from "@/lib/knowledge-base/logo";
import { downloadPortalLogoOp } from "@/lib/knowledge-base/portal-operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(downloadPortalLogoOp, async ({ params, query }) => downloadPortalLogo(params.portal_id, query)),
});
