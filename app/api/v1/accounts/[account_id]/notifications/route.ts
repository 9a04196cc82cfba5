// GET /api/v1/accounts/{account_id}/notifications
import { accountRoute, handlers } from "@/lib/http/route";
import { listNotifications } from "@/lib/notifications/notifications";
import { listNotificationsOp } from "@/lib/notifications/operations";
import { presentNotificationPage } from "@/lib/notifications/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listNotificationsOp, async ({ ctx, query }) => presentNotificationPage(ctx, await listNotifications(ctx, query))),
});
