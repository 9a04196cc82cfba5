// GET /platform/api/v1/users/{id}/login — a one-time sign-in link
import { handlers, platformRoute } from "@/lib/http/route";
import { platformUserLoginOp } from "@/lib/platform/operations";
import { appBaseUrl } from "@/lib/http/request";
import { platformUserLoginUrl } from "@/lib/platform/users";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(platformUserLoginOp, async ({ ctx, params, request }) => ({
    url: await platformUserLoginUrl(ctx, params.id, appBaseUrl(request)),
  })),
});
