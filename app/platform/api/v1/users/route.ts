// POST /platform/api/v1/users — find the user with this email, or create one
import { handlers, platformRoute } from "@/lib/http/route";
import { createPlatformUserOp } from "@/lib/platform/operations";
import { createPlatformUser } from "@/lib/platform/users";
import { presentUser } from "@/lib/users/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: platformRoute(createPlatformUserOp, async ({ ctx, body }) => presentUser(ctx.db, await createPlatformUser(ctx, body))),
});
