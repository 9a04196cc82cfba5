// GET|POST /api/v1/accounts/{account_id}/spaces
import { accountRoute, handlers } from "@/lib/http/route";
import { createSpaceOp, listSpacesOp } from "@/lib/planning/spaces/operations";
import { presentSpace } from "@/lib/planning/spaces/present";
import { createSpace, listSpaces } from "@/lib/planning/spaces/spaces";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listSpacesOp, async ({ ctx }) => {
    const spaces = (await listSpaces(ctx)).map(presentSpace);
    return { spaces, meta: { count: spaces.length } };
  }),
  POST: accountRoute(createSpaceOp, async ({ ctx, body }) => presentSpace(await createSpace(ctx, body))),
});
