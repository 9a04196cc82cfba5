// GET|PUT /api/v1/profile — the signed-in user
import { handlers, userRoute } from "@/lib/http/route";
import { getProfileOp, updateProfileOp } from "@/lib/users/operations";
import { presentProfile } from "@/lib/users/present";
import { updateProfile } from "@/lib/users/update-profile";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: userRoute(getProfileOp, async ({ ctx }) => presentProfile(ctx.db, ctx.caller)),
  PUT: userRoute(updateProfileOp, async ({ ctx, body }) => presentProfile(ctx.db, { ...ctx.caller, user: await updateProfile(ctx, body) })),
});
