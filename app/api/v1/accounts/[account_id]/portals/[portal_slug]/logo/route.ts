// POST|DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/logo
import { accountRoute, handlers } from "@/lib/http/route";
import { removePortalLogo, setPortalLogo } from "@/lib/knowledge-base/logo";
import { deletePortalLogoOp, uploadPortalLogoOp } from "@/lib/knowledge-base/portal-operations";
import { portalJson } from "@/lib/knowledge-base/portals";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(uploadPortalLogoOp, async ({ ctx, params, body }) => portalJson(ctx, await setPortalLogo(ctx, params.portal_slug, body.attachments))),
  DELETE: accountRoute(deletePortalLogoOp, async ({ ctx, params }) => removePortalLogo(ctx, params.portal_slug)),
});
