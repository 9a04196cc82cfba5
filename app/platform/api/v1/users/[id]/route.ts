// GET|PATCH|DELETE /platform/api/v1/users/{id}
import { handlers, platformRoute } from "@/lib/http/route";
import { deletePlatformUserOp, showPlatformUserOp, updatePlatformUserOp } from "@/lib/platform/operations";
import { deletePlatformUser, findPlatformUser, updatePlatformUser } from "@/lib/platform/users";
import { presentUser } from "@/lib/users/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(showPlatformUserOp, async ({ ctx, params }) => presentUser(ctx.db, await findPlatformUser(ctx, params.id))),
  PATCH: platformRoute(updatePlatformUserOp, async ({ ctx, params, body }) =>
    presentUser(ctx.db, await updatePlatformUser(ctx, params.id, body)),
  ),
  DELETE: platformRoute(deletePlatformUserOp, async ({ ctx, params }) => deletePlatformUser(ctx, params.id)),
});
