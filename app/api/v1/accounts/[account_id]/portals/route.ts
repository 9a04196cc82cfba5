// GET|POST /api/v1/accounts/{account_id}/portals
import { accountRoute, handlers } from "@/lib/http/route";
import { createPortalOp, listPortalsOp } from "@/lib/knowledge-base/portal-operations";
import { createPortal, portalJson, portalListJson } from "@/lib/knowledge-base/portals";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listPortalsOp, async ({ ctx, query }) => portalListJson(ctx, query.page)),
  POST: accountRoute(createPortalOp, async ({ ctx, body }) => portalJson(ctx, await createPortal(ctx, body))),
});
