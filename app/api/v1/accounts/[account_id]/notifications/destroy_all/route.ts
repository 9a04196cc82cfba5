// POST /api/v1/accounts/{account_id}/notifications/destroy_all
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteAll } from "@/lib/notifications/notifications";
import { destroyAllOp } from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  // Chatwoot answers `head :ok`: 200, no body.
  POST: accountRoute(destroyAllOp, ({ ctx, body }) => deleteAll(ctx, body.type)),
});
