// GET|PATCH|DELETE /platform/api/v1/accounts/{id}
import { handlers, platformRoute } from "@/lib/http/route";
import { deletePlatformAccount, findPlatformAccount, presentPlatformAccount, updatePlatformAccount } from "@/lib/platform/accounts";
import { deletePlatformAccountOp, showPlatformAccountOp, updatePlatformAccountOp } from "@/lib/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(showPlatformAccountOp, async ({ ctx, params }) => presentPlatformAccount(await findPlatformAccount(ctx, params.id))),
  PATCH: platformRoute(updatePlatformAccountOp, async ({ ctx, params, body }) =>
    presentPlatformAccount(await updatePlatformAccount(ctx, params.id, body)),
  ),
  DELETE: platformRoute(deletePlatformAccountOp, async ({ ctx, params }) => deletePlatformAccount(ctx, params.id)),
});
