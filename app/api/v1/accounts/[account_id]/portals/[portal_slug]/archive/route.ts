// PATCH /api/v1/accounts/{account_id}/portals/{portal_slug}/archive
import { accountRoute, handlers } from "@/lib/http/route";
import { archivePortalOp } from "@/lib/knowledge-base/portal-operations";
import { archivePortal, portalJson } from "@/lib/knowledge-base/portals";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(archivePortalOp, async ({ ctx, params }) => portalJson(ctx, await archivePortal(ctx, params.portal_slug))),
});
