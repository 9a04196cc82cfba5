// GET|POST|DELETE /platform/api/v1/accounts/{id}/account_users
import { handlers, platformRoute } from "@/lib/http/route";
import {
  listPlatformAccountUsers,
  presentPlatformAccountUser,
  removePlatformAccountUser,
  upsertPlatformAccountUser,
} from "@/lib/platform/account-users";
import { deletePlatformAccountUserOp, listPlatformAccountUsersOp, upsertPlatformAccountUserOp } from "@/lib/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(listPlatformAccountUsersOp, async ({ ctx, params }) =>
    (await listPlatformAccountUsers(ctx, params.id)).map(presentPlatformAccountUser),
  ),
  POST: platformRoute(upsertPlatformAccountUserOp, async ({ ctx, params, body }) =>
    presentPlatformAccountUser(await upsertPlatformAccountUser(ctx, params.id, body)),
  ),
  DELETE: platformRoute(deletePlatformAccountUserOp, async ({ ctx, params, body }) => removePlatformAccountUser(ctx, params.id, body)),
});
