// PATCH|DELETE /api/v1/accounts/{account_id}/notifications/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteNotification, markRead } from "@/lib/notifications/notifications";
import { deleteNotificationOp, readNotificationOp } from "@/lib/notifications/operations";
import { presentNotificationRecord } from "@/lib/notifications/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  PATCH: accountRoute(readNotificationOp, async ({ ctx, params }) => presentNotificationRecord(await markRead(ctx, params.id))),
  // Chatwoot answers `head :ok`: 200, no body.
  DELETE: accountRoute(deleteNotificationOp, ({ ctx, params }) => deleteNotification(ctx, params.id)),
});
