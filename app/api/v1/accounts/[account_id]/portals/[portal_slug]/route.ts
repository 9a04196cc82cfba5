// GET|PATCH|PUT|DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}
import { accountRoute, handlers } from "@/lib/http/route";
import { requirePortal } from "@/lib/knowledge-base/lookup";
import { deletePortalOp, replacePortalOp, showPortalOp, updatePortalOp } from "@/lib/knowledge-base/portal-operations";
import { deletePortal, portalJson, updatePortal } from "@/lib/knowledge-base/portals";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showPortalOp, async ({ ctx, params, query }) =>
    portalJson(ctx, await requirePortal(ctx, params.portal_slug), { articles: { locale: query.locale } }),
  ),
  PATCH: accountRoute(updatePortalOp, async ({ ctx, params, body }) => portalJson(ctx, await updatePortal(ctx, params.portal_slug, body))),
  PUT: accountRoute(replacePortalOp, async ({ ctx, params, body }) => portalJson(ctx, await updatePortal(ctx, params.portal_slug, body))),
  DELETE: accountRoute(deletePortalOp, async ({ ctx, params }) => deletePortal(ctx, params.portal_slug)),
});
