// POST /api/v1/accounts/{account_id}/notifications/{id}/unread
import { accountRoute, handlers } from "@/lib/http/route";
import { markUnread } from "@/lib/notifications/notifications";
import { unreadNotificationOp } from "@/lib/notifications/operations";
import { presentNotificationRecord } from "@/lib/notifications/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(unreadNotificationOp, async ({ ctx, params }) => presentNotificationRecord(await markUnread(ctx, params.id))),
});
