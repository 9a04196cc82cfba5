// POST /api/v1/profile/reset_access_token — rotate the user's token
import { handlers, userRoute } from "@/lib/http/route";
import { resetAccessTokenOp } from "@/lib/users/operations";
import { presentUser } from "@/lib/users/present";
import { resetAccessToken } from "@/lib/users/reset-access-token";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: userRoute(resetAccessTokenOp, async ({ ctx }) => {
    await resetAccessToken(ctx);
    return presentUser(ctx.db, ctx.caller.user);
  }),
});
