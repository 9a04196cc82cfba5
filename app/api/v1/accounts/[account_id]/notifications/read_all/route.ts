// POST /api/v1/accounts/{account_id}/notifications/read_all
import { accountRoute, handlers } from "@/lib/http/route";
import { readAll } from "@/lib/notifications/notifications";
import { readAllOp } from "@/lib/notifications/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  // Chatwoot answers `head :ok`: 200, no body.
  POST: accountRoute(readAllOp, ({ ctx, body }) => readAll(ctx, body)),
});
