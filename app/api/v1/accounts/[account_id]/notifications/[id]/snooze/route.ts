// POST /api/v1/accounts/{account_id}/notifications/{id}/snooze
import { accountRoute, handlers } from "@/lib/http/route";
import { snoozeNotification } from "@/lib/notifications/notifications";
import { snoozeNotificationOp } from "@/lib/notifications/operations";
import { presentNotificationRecord } from "@/lib/notifications/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(snoozeNotificationOp, async ({ ctx, params, body }) => presentNotificationRecord(await snoozeNotification(ctx, params.id, body.snoozed_until))),
});
