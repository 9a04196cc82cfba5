// GET|PATCH /api/v1/accounts/{account_id}/notification_settings
import { accountRoute, handlers } from "@/lib/http/route";
import { ownUserId } from "@/lib/notifications/notifications";
import { showNotificationSettingsOp, updateNotificationSettingsOp } from "@/lib/notifications/operations";
import { presentNotificationSettings } from "@/lib/notifications/present";
import { findNotificationSettings, updateNotificationSettings } from "@/lib/notifications/settings";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showNotificationSettingsOp, async ({ ctx }) =>
    presentNotificationSettings({ accountId: ctx.account.id, userId: ownUserId(ctx) }, await findNotificationSettings(ctx)),
  ),
  PATCH: accountRoute(updateNotificationSettingsOp, async ({ ctx, body }) =>
    presentNotificationSettings({ accountId: ctx.account.id, userId: ownUserId(ctx) }, await updateNotificationSettings(ctx, body)),
  ),
});
