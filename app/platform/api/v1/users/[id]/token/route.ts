// POST /platform/api/v1/users/{id}/token — the user's API access token
import { handlers, platformRoute } from "@/lib/http/route";
import { platformUserTokenOp } from "@/lib/platform/operations";
import { platformUserToken } from "@/lib/platform/users";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: platformRoute(platformUserTokenOp, async ({ ctx, params }) => platformUserToken(ctx, params.id)),
});
